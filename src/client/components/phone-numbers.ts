// The country data behind the phone input (design/product.md §4 and §5), with libphonenumber (~34 KB gzip): the Spanish
// country list, the 15-digit limit, the country mask and the E.164 value the form stores. Loaded when the field is
// first used (phone-input.tsx), so /register's first paint and its idle network do without it.
import { AsYouType, type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { PHONE_MAX_DIGITS } from '../../shared/registration-rules.ts';
import {
  composeE164,
  DEFAULT_PHONE_COUNTRY,
  normalizeSearch,
  onlyDigits,
  type PhoneCountry,
} from './phone-format.ts';

/** What the input needs of the country data (PLAIN_PHONE in phone-format.ts stands in until it arrives). */
export interface PhoneNumbers {
  phoneCountries(): readonly PhoneCountry[];
  limitNationalDigits(text: string, country: CountryCode): string;
  formatNational(digits: string, country: CountryCode): string;
  toE164(nationalDigits: string, country: CountryCode): string;
  splitE164(value: string, preferred?: CountryCode): { country: CountryCode; digits: string };
}

/** The country that owns a calling code shared by several countries, for numbers too short to tell them apart. */
const MAIN_COUNTRY_OF_CALLING_CODE: Readonly<Record<string, CountryCode>> = {
  '1': 'US',
  '7': 'RU',
  '44': 'GB',
};

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
