// A labelled choice (<select>) bound like a text field (useForm's `field`): the label is its accessible name, a hint
// and an error its description.
import type { SelectHTMLAttributes } from 'react';
import { type BoundControl, FieldFrame, fieldAria } from './field.tsx';

export interface Choice {
  value: string;
  label: string;
}

function ChoiceOptions({ choices }: { choices: readonly Choice[] }) {
  return choices.map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/** Choices written as pairs ([value, label], as the shared label tables give them) for `options`. */
export function choicesOf(pairs: ReadonlyArray<readonly [value: string, label: string]>): Choice[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

type SelectFieldProps = BoundControl & {
  options: readonly Choice[];
  /** The label of an empty first option ('Todos', 'Elige…'), if any. */
  empty?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'>;

export function SelectField(props: SelectFieldProps) {
  const { id, label, hint, error, onValue, options, empty, ...select } = props;
  const aria = fieldAria(id, { hint, error, required: select.required });
  return (
    <FieldFrame id={id} label={label} required={select.required} hint={hint} error={error}>
      <select {...select} {...aria} id={id} onChange={(event) => onValue(event.target.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
        <ChoiceOptions choices={options} />
      </select>
    </FieldFrame>
  );
}
