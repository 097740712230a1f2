// The calculator's typed fields checked with the shared calculatorSchema (never a rule of our own), and which error
// to show when: a field's message appears once it was changed and holds something that cannot become a number,
// once it is left, or after 'Calcular'; a half-typed '4.' waits for the next digit. Loaded lazily (zod inside).
import { type Charge, type ChargeSettings, computeCharge } from '../../../shared/charges/charge.ts';
import { calculatorSchema } from '../../../shared/charges/rates-form.ts';

export interface CalculatorValues {
  weight: string;
  length: string;
  width: string;
  height: string;
  value: string;
}

export type CalculatorField = keyof CalculatorValues;

/** Where an error is shown: the weight, the three measures together, the declared value. */
export type ErrorSlot = 'weight' | 'measures' | 'value';

export const MEASURE_FIELDS = ['length', 'width', 'height'] as const;

export type Checked =
  | { ok: true; input: { weight: number; measures: [number, number, number] | null; value: number } }
  | { ok: false; errors: Partial<Record<ErrorSlot, string>> };

export function checkCalculator(values: CalculatorValues): Checked {
  const parsed = calculatorSchema.safeParse({
    weight: values.weight,
    measures: [values.length, values.width, values.height],
    value: values.value,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<ErrorSlot, string>> = {};
  for (const issue of parsed.error.issues) {
    const slot = issue.path[0];
    if (slot === 'weight' || slot === 'measures' || slot === 'value') errors[slot] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A text still being typed: a number followed by its decimal separator. */
const halfTyped = (text: string) => /^\d+[.,]$/.test(text.trim());

/** One measure alone is valid when the three set to it are: the schema's own rule, no copy of it. */
function measureAloneInvalid(text: string): boolean {
  if (text.trim() === '' || halfTyped(text)) return false;
  return !calculatorSchema.shape.measures.safeParse([text, text, text]).success;
}

export interface Shown {
  /** 'Calcular' was pressed: every error shows. */
  submitted: boolean;
  /** Fields changed at least once. */
  changed: ReadonlySet<CalculatorField>;
  /** Slots the person has left after changing them. */
  left: ReadonlySet<ErrorSlot>;
}

/** The errors to show now, out of all the schema found. */
export function visibleErrors(
  values: CalculatorValues,
  errors: Partial<Record<ErrorSlot, string>>,
  shown: Shown,
): Partial<Record<ErrorSlot, string>> {
  const visible: Partial<Record<ErrorSlot, string>> = {};
  for (const slot of ['weight', 'value'] as const) {
    const message = errors[slot];
    if (!message) continue;
    const eager = shown.changed.has(slot) && !halfTyped(values[slot]);
    if (shown.submitted || shown.left.has(slot) || eager) visible[slot] = message;
  }
  const measures = errors.measures;
  if (measures) {
    const eager = MEASURE_FIELDS.some(
      (field) => shown.changed.has(field) && measureAloneInvalid(values[field]),
    );
    if (shown.submitted || shown.left.has('measures') || eager) visible.measures = measures;
  }
  return visible;
}

/** The measure inputs to mark invalid when the measures' message shows: the bad ones, or the empty ones. */
export function invalidMeasures(values: CalculatorValues): Set<CalculatorField> {
  const bad = MEASURE_FIELDS.filter((field) => measureAloneInvalid(values[field]));
  if (bad.length) return new Set(bad);
  return new Set(MEASURE_FIELDS.filter((field) => values[field].trim() === ''));
}

export function estimate(input: Extract<Checked, { ok: true }>['input'], rates: ChargeSettings): Charge {
  return computeCharge(
    { weightHundredthsLb: input.weight, measuresTenthsIn: input.measures, declaredValueCents: input.value },
    rates,
  );
}
