import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, CAPTCHA_FONT, drawCaptchaSvg, newCaptchaCode } from './draw.ts';

/** Non-blank text between tags, i.e. the text nodes of the markup. */
function textNodes(svg: string): string[] {
  return [...svg.matchAll(/>([^<]*)</g)].map((m) => (m[1] ?? '').trim()).filter((t) => t.length > 0);
}

describe('newCaptchaCode', () => {
  it('makes 5-character codes from the alphabet, over 200 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newCaptchaCode();
      expect(code).toHaveLength(5);
      expect(code).toMatch(/^[A-Z0-9]{5}$/);
      for (const char of code) {
        expect(CAPTCHA_ALPHABET).toContain(char);
        seen.add(char);
      }
    }
    // 1,000 uniform draws over 36 characters: missing one is astronomically unlikely.
    expect(seen.size).toBe(CAPTCHA_ALPHABET.length);
  });

  it('honours the length argument and rejects nonsense', () => {
    expect(newCaptchaCode(8)).toHaveLength(8);
    expect(() => newCaptchaCode(0)).toThrow();
    expect(() => newCaptchaCode(2.5)).toThrow();
  });

  it('uses the expected alphabet', () => {
    expect(CAPTCHA_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  });
});

describe('drawCaptchaSvg', () => {
  it('returns a standalone 160 × 56 SVG with a title', () => {
    const svg = drawCaptchaSvg('AB12Z');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('width="160"');
    expect(svg).toContain('height="56"');
    expect(svg).toContain('viewBox="0 0 160 56"');
    expect(svg).toContain('<title>Código captcha</title>');
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
  });

  it('draws one glyph path per character', () => {
    const svg = drawCaptchaSvg('HELLO');
    expect(svg.match(/<path d="[^"]*" fill="[^"]*" transform="/g)).toHaveLength(5);
  });

  it('never leaks the code as text, over 200 draws', () => {
    for (let i = 0; i < 200; i++) {
      const code = newCaptchaCode();
      const svg = drawCaptchaSvg(code);
      expect(svg).not.toMatch(/<text\b/i);
      expect(svg).not.toMatch(/<tspan\b/i);
      expect(svg).not.toContain(code);
      expect(svg.toUpperCase()).not.toContain(code);
      // The only text node is the fixed title; no node holds the code or one of its characters alone.
      const texts = textNodes(svg);
      expect(texts).toEqual(['Código captcha']);
      for (const text of texts) {
        expect(text).not.toContain(code);
        for (const char of code) expect(text).not.toBe(char);
      }
      // No run of 5 alphabet characters anywhere in the markup (so no copy of any code at all).
      expect(svg).not.toMatch(/[A-Z0-9]{5}/);
    }
  });

  it('adds random jitter: the same code draws differently', () => {
    expect(drawCaptchaSvg('K7Q2M')).not.toBe(drawCaptchaSvg('K7Q2M'));
  });

  it('has a well-formed 5×7 glyph for every alphabet character', () => {
    expect(Object.keys(CAPTCHA_FONT).sort()).toEqual([...CAPTCHA_ALPHABET].sort());
    const bitmaps = new Set<string>();
    for (const char of CAPTCHA_ALPHABET) {
      const rows = CAPTCHA_FONT[char];
      expect(rows, char).toBeDefined();
      expect(rows).toHaveLength(7);
      for (const row of rows ?? []) expect(row).toMatch(/^[#.]{5}$/);
      bitmaps.add((rows ?? []).join('/'));
      expect(() => drawCaptchaSvg(char.repeat(5))).not.toThrow();
    }
    expect(bitmaps.size).toBe(CAPTCHA_ALPHABET.length);
  });

  it('throws for a character outside the alphabet', () => {
    for (const bad of ['abcde', 'AB-CD', 'AB CD', 'ÑANDU', 'AB😀C', '']) {
      expect(() => drawCaptchaSvg(bad)).toThrow();
    }
    expect(() => drawCaptchaSvg('constructor'.toUpperCase())).not.toThrow();
    expect(() => drawCaptchaSvg('toString')).toThrow();
  });

  it('never repeats the path data of a character, so no lookup table reads it', () => {
    const pathsOf = (svg: string) =>
      [...svg.matchAll(/<path d="([^"]+)" fill="rgb/g)].map((match) => match[1]);
    const first = pathsOf(drawCaptchaSvg('AAAAA'));
    const second = pathsOf(drawCaptchaSvg('AAAAA'));
    expect(first).toHaveLength(5);
    expect(new Set([...first, ...second]).size).toBe(10);
  });
});
