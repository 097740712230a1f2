import { describe, expect, it } from 'vitest';
import { guideProblem, normalizeGuide, recognizeCarrier } from './guides.ts';

describe('normalizeGuide', () => {
  it.each([
    ['1z 999 aa1 01 2345 6784', '1Z999AA10123456784'],
    ['9400-1000-0000-0000-0000-00', '9400100000000000000000'],
    ['  tba123456789012 ', 'TBA123456789012'],
    ['7946–1234–5678', '794612345678'],
  ])('%s → %s', (raw, normal) => expect(normalizeGuide(raw)).toBe(normal));

  it("drops USPS's 420 + 5-digit ZIP prefix from a scanned barcode", () => {
    expect(normalizeGuide('42033012 9400 1000 0000 0000 0000 00')).toBe('9400100000000000000000');
  });

  it("drops USPS's 420 + ZIP+4 prefix, also before a 20-digit number", () => {
    expect(normalizeGuide('420330121234 9400100000000000000000')).toBe('9400100000000000000000');
    expect(normalizeGuide('42033012 03071790000523483741')).toBe('03071790000523483741');
  });

  it('keeps a number that only starts with 420 but is no USPS routing prefix', () => {
    expect(normalizeGuide('420123456789')).toBe('420123456789');
  });
});

describe('recognizeCarrier: real formats', () => {
  it.each([
    ['1Z999AA10123456784', 'ups'],
    ['1ZA4W3790396789123', 'ups'],
    ['9400100000000000000000', 'usps'],
    ['9205590164917312751089', 'usps'],
    ['9361289878700317633795', 'usps'],
    ['03071790000523483741', 'usps'],
    ['EC123456789US', 'usps'],
    ['794612345678', 'fedex'],
    ['961234567890123', 'fedex'],
    ['9611020987654312345672', 'fedex'],
    ['1234567890', 'dhl'],
    ['12345678901', 'dhl'],
    ['TBA123456789012', 'amazon'],
    ['TBC123456789012', 'amazon'],
    ['TBM123456789012', 'amazon'],
  ])('%s is %s', (guide, carrier) => expect(recognizeCarrier(guide)).toBe(carrier));

  it.each(['ABC123', 'TBX123456789012', '1Z123', 'LP00123456789'])('%s is unknown', (guide) =>
    expect(recognizeCarrier(guide)).toBeNull(),
  );

  it('recognises a scanned USPS barcode with its 420 prefix once normalised', () => {
    expect(recognizeCarrier(normalizeGuide('420 33012 9400 1000 0000 0000 0000 00'))).toBe('usps');
  });
});

describe('guideProblem', () => {
  it('asks for a guide when there is none', () =>
    expect(guideProblem('')).toBe('Escribe el número de guía.'));
  it('refuses symbols', () => expect(guideProblem('ABC<123>')).toMatch(/solo admite letras y números/));
  it('refuses too short and too long', () => {
    expect(guideProblem('AB12')).toMatch(/entre 6 y 40/);
    expect(guideProblem('A'.repeat(41))).toMatch(/entre 6 y 40/);
  });
  it('accepts an unknown but plausible guide', () => expect(guideProblem('LP00123456789')).toBeNull());
});
