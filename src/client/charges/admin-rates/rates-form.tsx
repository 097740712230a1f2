// The 'Tarifas' form: the settings labelled by RATE_FIELDS, prefilled with the rates in force, 'Rigen desde'
// (today in Miami by default) and 'Guardar tarifas'; each value checked with the shared rule before it is sent.
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseRate, RATE_FIELDS, rateFieldMessage, rateToInput } from '../../../shared/charges/rates-form.ts';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/dates.ts';
import { Field } from '../../components/field.tsx';
import { SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { useForm } from '../../components/use-form.ts';
import { chargeKeys, forgetRates, type Rates, saveRates } from '../api.ts';

/** Today as the server counts it (Miami), 'YYYY-MM-DD': rates apply from the start of that day there. */
export function todayInMiami(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: WAREHOUSE_TIME_ZONE }).format(now);
}

const DATE_MESSAGE = 'Escribe la fecha desde la que rigen, por ejemplo 2026-12-01.';

/** The form's values: 'Rigen desde' and each rate as typed, by its key. */
type Values = Record<string, string>;

/** Each rate checked with its shared rule, so every wrong one is said at once, beside it. */
const ratesValuesSchema = z.object({
  effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE),
  ...Object.fromEntries(
    RATE_FIELDS.map((field) => [
      field.key,
      z.string().refine((text) => parseRate(field, text) !== null, rateFieldMessage(field)),
    ]),
  ),
});

function inputsOf(rates: Rates): Values {
  return Object.fromEntries(RATE_FIELDS.map((field) => [field.key, rateToInput(field, rates[field.key])]));
}

export function RatesForm({ current }: { current: Rates }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: (): Values => ({ effectiveFrom: todayInMiami(), ...inputsOf(current) }),
    schema: ratesValuesSchema,
    ids: (key) => (key === 'effectiveFrom' ? 'rates-from' : `rate-${key}`),
    async submit(_data, { effectiveFrom = '', ...values }) {
      const saved = await saveRates({ effectiveFrom, values });
      forgetRates();
      void queryClient.invalidateQueries({ queryKey: chargeKeys.history });
      return saved.message;
    },
  });

  return (
    <section className="card" aria-labelledby="rates-form-heading">
      <h2 id="rates-form-heading">Nuevas tarifas</h2>
      <form className="form rates-form" {...form.formProps}>
        <Field
          label="Rigen desde"
          type="date"
          required
          min={todayInMiami()}
          hint="Hoy o una fecha futura, hora de Miami."
          {...form.field('effectiveFrom')}
        />
        <div className="rates-form__grid">
          {RATE_FIELDS.map((field) => (
            <Field
              key={field.key}
              label={field.label}
              type="text"
              inputMode={field.digits ? 'decimal' : 'numeric'}
              autoComplete="off"
              required
              {...form.field(field.key)}
            />
          ))}
        </div>
        {form.result && <Notice tone="success">{form.result}</Notice>}
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <SubmitButton busy={form.busy} label="Guardar tarifas" busyLabel="Guardando..." />
      </form>
    </section>
  );
}
