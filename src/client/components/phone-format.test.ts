import { describe, expect, it } from 'vitest';
import { isValidE164 } from '../../shared/registration.ts';
import { PHONE_MAX_DIGITS } from '../../shared/registration-rules.ts';
import {
  COLOMBIA,
  caretAfterDigits,
  composeE164,
  countryLabel,
  DEFAULT_PHONE_COUNTRY,
  editNationalDigits,
  filterCountries,
  matchesCountry,
  normalizeSearch,
  PLAIN_PHONE,
} from './phone-format.ts';
import {
  buildCountries,
  callingCodeOf,
  formatNational,
  limitNationalDigits,
  maxNationalDigits,
  phoneCountries,
  splitE164,
  toE164,
} from './phone-numbers.ts';

const countries = phoneCountries();
const byCode = (code: string) => {
  const country = countries.find((candidate) => candidate.code === code);
  if (country === undefined) throw new Error(`missing ${code}`);
  return country;
};

describe('country list', () => {
  it('defaults to Colombia, calling code 57', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('CO');
    expect(callingCodeOf(DEFAULT_PHONE_COUNTRY)).toBe('57');
    expect(byCode('CO')).toMatchObject({ name: 'Colombia', callingCode: '57' });
    expect(countryLabel(byCode('CO'))).toBe('Colombia (+57)');
  });

  it('has Spanish names sorted in Spanish order', () => {
    expect(byCode('MX').name).toBe('México');
    expect(byCode('US').name).toBe('Estados Unidos');
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(buildCountries('es')).toHaveLength(countries.length);
  });
});

describe('country search', () => {
  it('ignores accents and case', () => {
    expect(normalizeSearch('  MÉXICO ')).toBe('mexico');
    expect(matchesCountry(byCode('MX'), 'mexico')).toBe(true);
    expect(filterCountries(countries, 'mexico').map((country) => country.name)).toContain('México');
    expect(filterCountries(countries, 'PERÚ')[0]?.code).toBe('PE');
  });

  it('finds by calling code with or without plus', () => {
    expect(filterCountries(countries, '+57')[0]?.code).toBe('CO');
    expect(filterCountries(countries, '57')[0]?.code).toBe('CO');
    expect(filterCountries(countries, '+57').every((country) => country.callingCode.startsWith('57'))).toBe(
      true,
    );
  });

  it('finds by ISO code, exact code first', () => {
    const found = filterCountries(countries, 'co');
    expect(found[0]?.code).toBe('CO');
    expect(found.map((country) => country.code)).toContain('CO');
    expect(filterCountries(countries, 'CO')[0]?.code).toBe('CO');
  });

  it('keeps everything for an empty search and nothing for nonsense', () => {
    expect(filterCountries(countries, '   ')).toHaveLength(countries.length);
    expect(filterCountries(countries, 'zzzz')).toEqual([]);
  });
});

describe('digit limit', () => {
  it('keeps at most 15 digits including the calling code', () => {
    expect(maxNationalDigits('CO')).toBe(PHONE_MAX_DIGITS - 2);
    expect(limitNationalDigits('300 123 4567 890 123 45', 'CO')).toBe('3001234567890');
    expect(limitNationalDigits('12345678901234567890', 'US')).toHaveLength(14);
    const e164 = toE164('30012345678901234', 'CO');
    expect(e164).toBe('+573001234567890');
    expect(e164.length - 1).toBe(PHONE_MAX_DIGITS);
  });
});

describe('formatting', () => {
  it('formats 3001234567 for Colombia', () => {
    expect(formatNational('3001234567', 'CO')).toBe('300 1234567');
    expect(formatNational('', 'CO')).toBe('');
  });

  it('re-formats for another country', () => {
    expect(formatNational('2133734253', 'US')).toBe('(213) 373-4253');
  });
});

describe('E.164', () => {
  it('composes plus, calling code and national digits', () => {
    expect(composeE164('57', '300 123 4567')).toBe('+573001234567');
    expect(composeE164('57', '')).toBe('');
    expect(toE164('300 1234567', 'CO')).toBe('+573001234567');
    expect(toE164('', 'CO')).toBe('');
    expect(isValidE164(toE164('3001234567', 'CO'))).toBe(true);
  });

  it('leaves out a national trunk prefix', () => {
    expect(toE164('07911 123456', 'GB')).toBe('+447911123456');
  });

  it('splits a stored phone, preferring the chosen country', () => {
    expect(splitE164('+573001234567')).toEqual({ country: 'CO', digits: '3001234567' });
    expect(splitE164('', 'MX')).toEqual({ country: 'MX', digits: '' });
    expect(splitE164('+12133734253', 'CA')).toEqual({ country: 'CA', digits: '2133734253' });
    expect(splitE164('+525512345678', 'CO')).toEqual({ country: 'MX', digits: '5512345678' });
  });
});

describe('editing', () => {
  it('deletes the digit next to a deleted mask character', () => {
    expect(editNationalDigits('300 1234567', '3001234567', 3)).toEqual({
      digits: '301234567',
      digitsBeforeCaret: 2,
    });
    expect(editNationalDigits('300 1234567', '3001234567', 3, true)).toEqual({
      digits: '300234567',
      digitsBeforeCaret: 3,
    });
    expect(editNationalDigits('300 123456', '300 1234567', 11)).toEqual({
      digits: '3001234567',
      digitsBeforeCaret: 10,
    });
  });

  it('puts the caret after the n-th digit', () => {
    expect(caretAfterDigits('300 1234567', 3)).toBe(3);
    expect(caretAfterDigits('300 1234567', 4)).toBe(5);
    expect(caretAfterDigits('(213) 3', 0)).toBe(1);
  });
});

describe('the field before its country data arrives (PLAIN_PHONE)', () => {
  it('names Colombia as the country data does', () => {
    expect(byCode('CO')).toEqual(COLOMBIA);
    expect(PLAIN_PHONE.phoneCountries()).toEqual([COLOMBIA]);
  });

  it('keeps the digits typed for Colombia, and the value the country data splits back to them', () => {
    const value = PLAIN_PHONE.toE164('300 123-4567', 'CO');
    expect(value).toBe('+573001234567');
    expect(splitE164(value, 'CO')).toEqual({ country: 'CO', digits: '3001234567' });
    expect(PLAIN_PHONE.splitE164(value, 'CO')).toEqual({ country: 'CO', digits: '3001234567' });
    expect(PLAIN_PHONE.limitNationalDigits('1'.repeat(20), 'CO')).toBe(
      limitNationalDigits('1'.repeat(20), 'CO'),
    );
    expect(PLAIN_PHONE.toE164('', 'CO')).toBe('');
  });
});
