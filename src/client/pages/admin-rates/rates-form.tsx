// The 'Tarifas' form: the ten settings labelled as RATE_FIELDS, prefilled with the rates in force, 'Rigen desde'
// (today in Miami by default) and 'Guardar tarifas'; each value checked with the shared rule before it is sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { parseRate, RATE_FIELDS, rateFieldMessage, rateToInput } from '../../../shared/charges/rates-form.ts';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { forgetRates, type Rates, type RatesBody, rateKeys, saveRates } from '../../api/charges.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';

/** Today as the server counts it (Miami), 'YYYY-MM-DD': rates apply from the start of that day there. */
export function todayInMiami(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: WAREHOUSE_TIME_ZONE }).format(now);
}

const DATE_MESSAGE = 'Escribe la fecha desde la que rigen, por ejemplo 2026-12-01.';

type Errors = Record<string, string | undefined>;

function inputsOf(rates: Rates): Record<string, string> {
  return Object.fromEntries(RATE_FIELDS.map((field) => [field.key, rateToInput(field, rates[field.key])]));
}

export function RatesForm({ current }: { current: Rates }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => inputsOf(current));
  const [effectiveFrom, setEffectiveFrom] = useState(() => todayInMiami());
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({ mutationFn: (body: RatesBody) => saveRates(body) });

  function change(key: string, text: string) {
    setValues((now) => ({ ...now, [key]: text }));
    setErrors((now) => (now[key] ? { ...now, [key]: undefined } : now));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setResult(null);
    const found: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom)) found.effectiveFrom = DATE_MESSAGE;
    for (const field of RATE_FIELDS)
      if (parseRate(field, values[field.key] ?? '') === null) found[field.key] = rateFieldMessage(field);
    if (Object.values(found).some(Boolean)) {
      flushSync(() => setErrors(found));
      document.querySelector<HTMLElement>('.rates-form [aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ effectiveFrom, values });
      setResult({ ok: true, text: saved.message });
      forgetRates();
      await queryClient.invalidateQueries({ queryKey: rateKeys.history });
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : messages.serverError });
    }
  }

  return (
    <section className="card" aria-labelledby="rates-form-heading">
      <h2 id="rates-form-heading">Nuevas tarifas</h2>
      <form className="form rates-form" onSubmit={submit} noValidate>
        <Field
          id="rates-from"
          label="Rigen desde"
          type="date"
          required
          value={effectiveFrom}
          min={todayInMiami()}
          onValue={(text) => {
            setEffectiveFrom(text);
            setErrors((now) => ({ ...now, effectiveFrom: undefined }));
          }}
          error={errors.effectiveFrom}
          hint="Hoy o una fecha futura, hora de Miami."
        />
        <div className="rates-form__grid">
          {RATE_FIELDS.map((field) => (
            <Field
              key={field.key}
              id={`rate-${field.key}`}
              label={field.label}
              type="text"
              inputMode={field.digits ? 'decimal' : 'numeric'}
              autoComplete="off"
              required
              value={values[field.key] ?? ''}
              onValue={(text) => change(field.key, text)}
              error={errors[field.key]}
            />
          ))}
        </div>
        {result && <Notice tone={result.ok ? 'success' : 'error'}>{result.text}</Notice>}
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar tarifas'}
        </button>
      </form>
    </section>
  );
}
