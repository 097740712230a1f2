// design/packages.md 'Charges' /calculadora ('Calcula tu envío', public): weight, measures and declared value in, the
// estimate out, computed in the browser with the shared computeCharge and the rates in force (GET /api/rates, read
// once). Plain fetch and React only, so the screen stays light on a slow phone.
import { type FocusEvent, type FormEvent, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { RequestError } from '../../app/request.ts';
import { Link } from '../../app/router.tsx';
import { describedBy, Field, FieldError } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { getRates, type Rates } from '../api.ts';
import type { CalculatorField, CalculatorValues, ErrorSlot } from './calculator-form.ts';
import { CalculatorResult, RatesNote } from './calculator-result.tsx';
import './calculator.css';

/** The checks and the arithmetic (zod inside): loaded with the rates, so the form paints without waiting for them. */
type Engine = typeof import('./calculator-form.ts');

type EngineState =
  | { status: 'loading' }
  | { status: 'ready'; rates: Rates; engine: Engine }
  | { status: 'error'; message: string };

function useEngine(): [EngineState, () => void] {
  const [state, setState] = useState<EngineState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger of a retry.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([getRates(), import('./calculator-form.ts')])
      .then(([rates, engine]) => live && setState({ status: 'ready', rates, engine }))
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof RequestError ? error.message : messages.networkError;
        setState({ status: 'error', message });
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  return [state, () => setAttempt((count) => count + 1)];
}

const EMPTY_VALUES: CalculatorValues = { weight: '', length: '', width: '', height: '', value: '' };

const MEASURES: Array<[CalculatorField, string]> = [
  ['length', 'Largo (in)'],
  ['width', 'Ancho (in)'],
  ['height', 'Alto (in)'],
];

const decimal = { inputMode: 'decimal', autoComplete: 'off', spellCheck: 'false', type: 'text' } as const;

export default function CalculatorPage() {
  const [loaded, retry] = useEngine();
  const [values, setValues] = useState<CalculatorValues>(EMPTY_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [changed, setChanged] = useState<ReadonlySet<CalculatorField>>(new Set());
  const [left, setLeft] = useState<ReadonlySet<ErrorSlot>>(new Set());

  const engine = loaded.status === 'ready' ? loaded.engine : null;
  const checked = engine?.checkCalculator(values) ?? null;
  const errors =
    engine && checked && !checked.ok
      ? engine.visibleErrors(values, checked.errors, { submitted, changed, left })
      : {};
  const badMeasures = engine && errors.measures ? engine.invalidMeasures(values) : new Set<CalculatorField>();

  function change(field: CalculatorField, text: string) {
    setValues((current) => ({ ...current, [field]: text }));
    setChanged((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  /** A slot counts as left once it was changed and the focus went elsewhere (for the measures: out of all three). */
  function leave(slot: ErrorSlot, event: FocusEvent<HTMLElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    const fields: CalculatorField[] = slot === 'measures' ? ['length', 'width', 'height'] : [slot];
    if (!fields.some((field) => changed.has(field))) return;
    setLeft((current) => (current.has(slot) ? current : new Set(current).add(slot)));
  }

  /** The props of a field that stands alone (weight, value): its id, value, error and when it is left. */
  function single(field: 'weight' | 'value') {
    return {
      id: `calc-${field}`,
      ...decimal,
      value: values[field],
      onValue: (text: string) => change(field, text),
      error: errors[field],
      onBlur: (event: FocusEvent<HTMLElement>) => leave(field, event),
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    flushSync(() => setSubmitted(true));
    document.querySelector<HTMLElement>('.calculator [aria-invalid="true"]')?.focus();
  }

  return (
    <Page title="Calcula tu envío">
      <h1>Calcula tu envío</h1>
      <p className="lead">
        Escribe el peso, las medidas y el valor de tu compra: te mostramos cuánto pagarías al recibirla.
      </p>
      <form className="form calculator" onSubmit={submit} noValidate>
        <Field {...single('weight')} label="Peso (lb)" hint="Una libra son 454 gramos." />
        <fieldset className="calculator__measures" onBlur={(event) => leave('measures', event)}>
          <legend>Medidas de la caja (opcional)</legend>
          <div className="calculator__sides">
            {MEASURES.map(([field, label]) => {
              const id = `calc-${field}`;
              const invalid = badMeasures.has(field);
              return (
                <div className="field" key={field}>
                  <label htmlFor={id}>{label}</label>
                  <input
                    id={id}
                    {...decimal}
                    value={values[field]}
                    onChange={(event) => change(field, event.target.value)}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={describedBy('calc-measures', { hint: true, error: invalid })}
                  />
                </div>
              );
            })}
          </div>
          <p className="field__hint" id="calc-measures-hint">
            En pulgadas (1 in = 2,54 cm). Una caja grande y liviana se cobra por su volumen.
          </p>
          <FieldError id="calc-measures" error={errors.measures} />
        </fieldset>
        <Field
          {...single('value')}
          label="Valor declarado (USD)"
          hint="Lo que pagaste en la tienda, en dólares."
        />
        <button type="submit" className="button">
          Calcular
        </button>
      </form>

      <section className="card calculator__result" aria-labelledby="result-heading" aria-live="polite">
        <h2 id="result-heading">Tu estimado</h2>
        {loaded.status === 'loading' && <p>Cargando las tarifas...</p>}
        {loaded.status === 'error' && (
          <Notice tone="error">
            <p>{loaded.message}</p>
            <button type="button" className="button button--small" onClick={retry}>
              Reintentar
            </button>
          </Notice>
        )}
        {loaded.status === 'ready' &&
          (checked?.ok ? (
            <CalculatorResult charge={loaded.engine.estimate(checked.input, loaded.rates)} />
          ) : (
            <p>
              {Object.keys(errors).length
                ? 'Corrige los datos marcados para ver el cálculo.'
                : 'Escribe el peso y el valor declarado para ver cuánto pagarías.'}
            </p>
          ))}
      </section>
      {loaded.status === 'ready' && <RatesNote rates={loaded.rates} />}
      <p>
        ¿Aún no tienes casillero? <Link to={paths.register}>Crea tu cuenta gratis</Link>
      </p>
    </Page>
  );
}
