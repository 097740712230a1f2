// The registration phone input (design/product.md §4): a debounced country search, the country list (Colombia by
// default) and the number, formatted with the country's mask. The value is E.164 ('+573001234567') or ''.
// The country data (phone-numbers.ts, libphonenumber ~34 KB gzip) loads when the field is first used (focus or
// touch), or at once for a saved phone; until then the field is Colombia's, unformatted (PLAIN_PHONE).
import type { CountryCode } from 'libphonenumber-js/min';
import {
  type ChangeEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FieldError } from './field.tsx';
import {
  COUNTRY_SEARCH_DEBOUNCE_MS,
  caretAfterDigits,
  countryLabel,
  DEFAULT_PHONE_COUNTRY,
  editNationalDigits,
  filterCountries,
  PLAIN_PHONE,
} from './phone-format.ts';
import type { PhoneNumbers } from './phone-numbers.ts';

interface PhoneState {
  country: CountryCode;
  /** The national digits as typed (a trunk prefix included). */
  digits: string;
  /** The E.164 value these digits stand for, '' without digits. */
  value: string;
}

function stateFromValue(numbers: PhoneNumbers, value: string, preferred: CountryCode): PhoneState {
  return { ...numbers.splitE164(value, preferred), value };
}

let loading: Promise<PhoneNumbers> | null = null;
/** The country data, fetched once; a failed download is tried again at the next use. */
function loadPhoneNumbers(): Promise<PhoneNumbers> {
  loading ??= import('./phone-numbers.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The country data once loaded (PLAIN_PHONE until then) and `load`, which fetches it on the field's first use. */
function usePhoneNumbers(loadAtOnce: boolean): { numbers: PhoneNumbers; load: () => void } {
  const [numbers, setNumbers] = useState<PhoneNumbers>(PLAIN_PHONE);
  const load = useCallback(() => {
    loadPhoneNumbers().then(setNumbers, () => {});
  }, []);
  useEffect(() => {
    if (loadAtOnce) load();
  }, [loadAtOnce, load]);
  return { numbers, load };
}

export function PhoneInput({
  value,
  onValue,
  disabled,
  error,
}: {
  value: string;
  /** Receives the E.164 value. */
  onValue: (e164: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** The form's id for the field: the number input is always 'telefono'. */
  id?: string;
}) {
  const { numbers, load } = usePhoneNumbers(value !== '');
  const { formatNational, limitNationalDigits, toE164, splitE164 } = numbers;
  const countries = numbers.phoneCountries();
  const id = useId();
  const searchId = `${id}-buscar`;
  const countryId = `${id}-pais`;
  const hintId = `${id}-ayuda`;

  const [phone, setPhone] = useState(() => ({
    ...stateFromValue(numbers, value, DEFAULT_PHONE_COUNTRY),
    numbers,
  }));
  let current = phone;
  if (value !== phone.value || numbers !== phone.numbers) {
    // The value changed from outside (a reset, a saved draft), or the country data arrived: follow the value,
    // keeping the chosen country if it fits.
    current = { ...stateFromValue(numbers, value, phone.country), numbers };
    setPhone(current);
  }
  const formatted = formatNational(current.digits, current.country);

  const [query, setQuery] = useState('');
  const [appliedQuery, setAppliedQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAppliedQuery(query), COUNTRY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const filtered = useMemo(() => filterCountries(countries, appliedQuery), [countries, appliedQuery]);
  const selected = countries.find((country) => country.code === current.country);
  const options =
    selected === undefined || filtered.some((country) => country.code === selected.code)
      ? filtered
      : [selected, ...filtered];
  const noMatches = appliedQuery.trim() !== '' && filtered.length === 0;

  const numberRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const digitsBeforeCaret = pendingCaret.current;
    const input = numberRef.current;
    pendingCaret.current = null;
    if (digitsBeforeCaret === null || input === null || input !== document.activeElement) return;
    const position = caretAfterDigits(input.value, digitsBeforeCaret);
    input.setSelectionRange(position, position);
  });

  function update(country: CountryCode, digits: string, alwaysEmit: boolean) {
    const next = { country, digits, value: toE164(digits, country), numbers };
    setPhone(next);
    if (alwaysEmit || next.value !== current.value) onValue(next.value);
  }

  function chooseCountry(code: string) {
    const country = countries.find((candidate) => candidate.code === code)?.code;
    if (country === undefined) return;
    update(country, limitNationalDigits(current.digits, country), true);
  }

  function handleSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter must not submit the registration form: it applies the search at once and picks the best match.
    event.preventDefault();
    setAppliedQuery(query);
    const best = filterCountries(countries, query)[0];
    if (best !== undefined && query.trim() !== '') chooseCountry(best.code);
  }

  function handleNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const text = input.value;
    if (text.trimStart().startsWith('+')) {
      // A pasted or autofilled international number picks its own country.
      const international = splitE164(text, current.country);
      pendingCaret.current = international.digits.length;
      update(international.country, international.digits, false);
      return;
    }
    const { nativeEvent } = event;
    const edit = editNationalDigits(
      formatted,
      text,
      input.selectionStart,
      'inputType' in nativeEvent && nativeEvent.inputType === 'deleteContentForward',
    );
    const digits = limitNationalDigits(edit.digits, current.country);
    pendingCaret.current = Math.min(edit.digitsBeforeCaret, digits.length);
    update(current.country, digits, false);
  }

  return (
    <fieldset className="phone-input" disabled={disabled} onFocus={load} onPointerDown={load}>
      <legend className="visually-hidden">Teléfono y país</legend>
      <div className="field phone-input__search">
        <label htmlFor={searchId}>Buscar país</label>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          spellCheck="false"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={handleSearchKeyDown}
          aria-controls={countryId}
          disabled={disabled}
        />
        <p className="phone-input__status" role="status">
          {noMatches ? 'Ningún país coincide con la búsqueda.' : ''}
        </p>
      </div>
      <div className="field phone-input__country">
        <label htmlFor={countryId}>País</label>
        <select
          id={countryId}
          value={current.country}
          onChange={(event) => chooseCountry(event.currentTarget.value)}
          disabled={disabled}
        >
          {options.map((country) => (
            <option key={country.code} value={country.code}>
              {countryLabel(country)}
            </option>
          ))}
        </select>
      </div>
      <div className="field phone-input__number">
        <label htmlFor="telefono">Teléfono</label>
        <input
          ref={numberRef}
          id="telefono"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={formatted}
          onChange={handleNumberChange}
          aria-describedby={error ? `${hintId} telefono-error` : hintId}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
        />
        <p id={hintId} className="field__hint">
          Opcional. Elige el país y escribe tu número.
        </p>
        <FieldError id="telefono" error={error} />
      </div>
    </fieldset>
  );
}
