// Pure logic behind the registration phone input (design/product.md §4 and §5) that needs no country data: the search
// of the country list, the E.164 composition, the caret after an edit, and Colombia alone (PLAIN_PHONE) until the
// country data (phone-numbers.ts, libphonenumber) arrives at the field's first use.
import type { CountryCode } from 'libphonenumber-js/min';
import { PHONE_MAX_DIGITS } from '../../shared/registration-rules.ts';
import type { PhoneNumbers } from './phone-numbers.ts';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CO';
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 code, e.g. 'CO'. */
  code: CountryCode;
  /** Spanish name, e.g. 'Colombia'. */
  name: string;
  /** Calling code without the plus, e.g. '57'. */
  callingCode: string;
  /** The name without accents and in lower case, for the search. */
  searchName: string;
}

/** Lower case, without accents or other combining marks, trimmed. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Only the ASCII digits of a text. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * How well a country answers a search, lower is better, or null when it does not. A search of digits with an
 * optional plus ('57', '+57') looks at the calling code; any other search looks at the ISO code ('co') and at
 * the Spanish name without accents and case ('mexico' finds 'México').
 */
function countryMatchRank(country: PhoneCountry, query: string): number | null {
  const q = normalizeSearch(query).replace(/\s+/g, ' ');
  if (q === '') return 2;
  const compact = q.replace(/[\s()-]/g, '');
  if (/^\+?\d+$/.test(compact)) {
    const digits = compact.replace('+', '');
    if (country.callingCode === digits) return 0;
    return country.callingCode.startsWith(digits) ? 1 : null;
  }
  if (country.code.toLowerCase() === q) return 0;
  if (country.searchName.startsWith(q)) return 1;
  return country.searchName.includes(q) ? 2 : null;
}

/** Whether a country answers a search (see countryMatchRank). */
export function matchesCountry(country: PhoneCountry, query: string): boolean {
  return countryMatchRank(country, query) !== null;
}

/** The countries that answer a search, best matches first and otherwise in the list's order. */
export function filterCountries(countries: readonly PhoneCountry[], query: string): PhoneCountry[] {
  if (normalizeSearch(query) === '') return [...countries];
  return countries
    .map((country, index) => ({ country, index, rank: countryMatchRank(country, query) }))
    .filter((entry): entry is { country: PhoneCountry; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.country);
}

/** 'Colombia (+57)'. */
export function countryLabel(country: PhoneCountry): string {
  return `${country.name} (+${country.callingCode})`;
}

/** '+' + calling code + digits, or '' without digits. */
export function composeE164(callingCode: string, nationalDigits: string): string {
  const digits = onlyDigits(nationalDigits);
  return digits === '' ? '' : `+${callingCode}${digits}`;
}

/**
 * The national digits after an edit of the formatted field, and how many of them stand before the caret.
 * Deleting only a mask character (a space, a bracket) deletes the digit next to it instead, so Backspace and
 * Delete never look stuck.
 */
export function editNationalDigits(
  previousText: string,
  nextText: string,
  caret: number | null,
  forward = false,
): { digits: string; digitsBeforeCaret: number } {
  let digits = onlyDigits(nextText);
  let before = onlyDigits(nextText.slice(0, caret ?? nextText.length)).length;
  if (digits === onlyDigits(previousText) && nextText.length < previousText.length) {
    if (forward && before < digits.length) {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    } else if (!forward && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  return { digits, digitsBeforeCaret: before };
}

/** The caret position in a formatted text just after its n-th digit (0 → before the first digit). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) {
    const first = formatted.search(/\d/);
    return first === -1 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted.charAt(i))) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return formatted.length;
}

/** The default country, named the way Intl names it in Spanish, before the country data is loaded. */
export const COLOMBIA: PhoneCountry = {
  code: 'CO',
  name: 'Colombia',
  callingCode: '57',
  searchName: 'colombia',
};

/**
 * The phone field before its country data arrives: Colombia only, the digits unformatted (the mask follows once
 * phone-numbers.ts is loaded, from the same value).
 */
export const PLAIN_PHONE: PhoneNumbers = {
  phoneCountries: () => [COLOMBIA],
  limitNationalDigits: (text) => onlyDigits(text).slice(0, PHONE_MAX_DIGITS - COLOMBIA.callingCode.length),
  formatNational: (digits) => PLAIN_PHONE.limitNationalDigits(digits, 'CO'),
  toE164: (digits) => composeE164(COLOMBIA.callingCode, PLAIN_PHONE.limitNationalDigits(digits, 'CO')),
  splitE164: (value, preferred = DEFAULT_PHONE_COUNTRY) => {
    const digits = onlyDigits(value);
    const national = value.trim().startsWith(`+${COLOMBIA.callingCode}`) ? digits.slice(2) : digits;
    return { country: preferred, digits: PLAIN_PHONE.limitNationalDigits(national, 'CO') };
  },
};
