// Pure logic behind the registration phone input (SPEC.md §4 and §5): the Spanish country list and its search,
// the 15-digit limit, the country mask and the E.164 value the form stores.
import { AsYouType, type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { PHONE_MAX_DIGITS } from '../../shared/registration-rules.ts';

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

/** The country that owns a calling code shared by several countries, for numbers too short to tell them apart. */
const MAIN_COUNTRY_OF_CALLING_CODE: Readonly<Record<string, CountryCode>> = {
  '1': 'US',
  '7': 'RU',
  '44': 'GB',
};

/** Lower case, without accents or other combining marks, trimmed. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Only the ASCII digits of a text. */
function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Every country libphonenumber knows, with its Spanish name, sorted by that name. */
export function buildCountries(locale = 'es'): PhoneCountry[] {
  const nameOf = regionNames(locale);
  return getCountries()
    .map((code) => {
      const name = nameOf(code);
      return { code, name, callingCode: getCountryCallingCode(code), searchName: normalizeSearch(name) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

let spanishCountries: readonly PhoneCountry[] | undefined;

/** The Spanish country list, built once. */
export function phoneCountries(): readonly PhoneCountry[] {
  spanishCountries ??= buildCountries('es');
  return spanishCountries;
}

/** The calling code of a country without the plus, e.g. '57' for CO. */
export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country);
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

/** How many national digits fit with the calling code inside the 15 digits of E.164. */
export function maxNationalDigits(country: CountryCode): number {
  return Math.max(0, PHONE_MAX_DIGITS - callingCodeOf(country).length);
}

/** The digits of a text, dropping those beyond the 15 allowed in total with the country's calling code. */
export function limitNationalDigits(text: string, country: CountryCode): string {
  return onlyDigits(text).slice(0, maxNationalDigits(country));
}

/** National digits formatted with the country's mask as they are typed: '3001234567' → '300 1234567' in CO. */
export function formatNational(digits: string, country: CountryCode): string {
  const national = limitNationalDigits(digits, country);
  if (national === '') return '';
  return new AsYouType(country).input(national);
}

/** '+' + calling code + digits, or '' without digits. */
export function composeE164(callingCode: string, nationalDigits: string): string {
  const digits = onlyDigits(nationalDigits);
  return digits === '' ? '' : `+${callingCode}${digits}`;
}

/**
 * The E.164 value of national digits typed for a country, at most 15 digits, or '' when there are none. A
 * national trunk prefix the country's mask knows (the '0' of '07911 123456' in GB) is left out.
 */
export function toE164(nationalDigits: string, country: CountryCode): string {
  const callingCode = callingCodeOf(country);
  const digits = limitNationalDigits(nationalDigits, country);
  if (digits === '') return '';
  const asYouType = new AsYouType(country);
  asYouType.input(digits);
  const value = asYouType.getNumberValue();
  const significant = value?.startsWith(`+${callingCode}`) ? value.slice(callingCode.length + 1) : digits;
  return composeE164(callingCode, significant);
}

/**
 * The country and national digits of a stored phone. The preferred country wins when its calling code fits,
 * since several countries share one (+1); '' gives the preferred country and no digits.
 */
export function splitE164(
  value: string,
  preferred: CountryCode = DEFAULT_PHONE_COUNTRY,
): { country: CountryCode; digits: string } {
  const trimmed = value.trim();
  const digits = onlyDigits(trimmed);
  if (!trimmed.startsWith('+')) return { country: preferred, digits: limitNationalDigits(digits, preferred) };
  const preferredCode = callingCodeOf(preferred);
  if (digits.startsWith(preferredCode)) {
    return { country: preferred, digits: limitNationalDigits(digits.slice(preferredCode.length), preferred) };
  }
  const asYouType = new AsYouType();
  asYouType.input(`+${digits}`);
  const callingCode = asYouType.getCallingCode();
  if (callingCode === undefined)
    return { country: preferred, digits: limitNationalDigits(digits, preferred) };
  const country =
    asYouType.getCountry() ??
    MAIN_COUNTRY_OF_CALLING_CODE[callingCode] ??
    getCountries().find((code) => callingCodeOf(code) === callingCode) ??
    preferred;
  return { country, digits: limitNationalDigits(digits.slice(callingCode.length), country) };
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
