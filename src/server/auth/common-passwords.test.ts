import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('common-passwords.txt', () => {
  const lines = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);

  it('ships at least 1,000 lower-case, unique entries', () => {
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines) expect(line).toBe(line.toLowerCase().trim());
  });

  it('flags every listed entry, in any case', () => {
    for (const line of lines) expect(isCommonPassword(line)).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
  });
});

describe('isCommonPassword', () => {
  it.each(['123456', 'password', 'qwerty', 'iloveyou', 'abc123', '12345678', 'letmein', 'dragon'])(
    'flags the listed %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each([
    'Password123!',
    'Qwerty@2024',
    'password1!',
    '!!Dragon!!',
    '*Monkey2024*',
    'ILoveYou<3',
    '12345678!',
  ])('flags %s derived from a listed password', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Casillero2026!',
    'casillero',
    'CasilleroYa#1',
    'Enero2024',
    'lunes!!',
    'Miércoles99*',
    'SÁBADO2025',
    'Septiembre.15',
    '#Diciembre31',
  ])('flags the brand or Spanish date word %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Tz8#vRq2!mLp',
    'Mi$Perro-Come7Mangos',
    'correcto caballo batería grapa',
    'Casillero-de-Juana-7',
    'EneroFrio#Montaña42',
    'x9#7261!84',
    'Qwerty-is-not-enough-9',
  ])('does not flag the strong %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
