// The catalogue of templates, the words that opt out and in, and the parameters WhatsApp accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inboundAction, TEMPLATE_NAMES, TEMPLATES, templateParameter } from './templates.ts';

describe('the template catalogue', () => {
  const doc = readFileSync(new URL('../../../docs/WHATSAPP.md', import.meta.url), 'utf8');

  it('is listed in docs/WHATSAPP.md as it is, ready to submit', () => {
    for (const name of TEMPLATE_NAMES) {
      const template = TEMPLATES[name];
      expect(doc).toContain(`### \`${name}\``);
      expect(doc).toContain(template.body);
      for (const [i, meaning] of template.parameters.entries())
        expect(doc).toContain(`| \`{{${i + 1}}}\` | ${meaning} | ${template.example[i]} |`);
    }
  });

  it('numbers its parameters 1…n in order, neither first nor last in the body (Meta refuses those)', () => {
    for (const template of Object.values(TEMPLATES)) {
      const used = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(used).toEqual(template.parameters.map((_, i) => i + 1));
      expect(template.example).toHaveLength(template.parameters.length);
      expect(template.body).not.toMatch(/^\{\{|\}\}$/);
    }
  });
});

describe('inboundAction', () => {
  it("reads 'BAJA'/'STOP' and 'ALTA' whatever their case and spaces, and anything else as support", () => {
    for (const word of ['BAJA', ' baja ', 'Stop', 'STOP']) expect(inboundAction(word)).toBe('baja');
    for (const word of ['ALTA', 'alta', 'Álta']) expect(inboundAction(word)).toBe('alta');
    for (const word of ['', 'dar de baja', 'hola', 'BAJA por favor'])
      expect(inboundAction(word)).toBe('soporte');
  });
});

describe('templateParameter', () => {
  it('flattens new lines and tabs and long runs of spaces, and is never empty', () => {
    expect(templateParameter('Falta\nla\tfactura')).toBe('Falta la factura');
    expect(templateParameter('a      b')).toBe('a   b');
    expect(templateParameter('   ')).toBe('-');
    expect(templateParameter('x'.repeat(900))).toHaveLength(500);
  });
});
