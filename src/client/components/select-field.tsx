// A labelled choice (<select>) bound like a text field (useForm's `field`): the label is its accessible name, a hint
// and an error its description.
import type { SelectHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldLabel } from './field.tsx';

export function SelectField({
  id,
  label,
  hint,
  error,
  onValue,
  options,
  ...select
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'>) {
  return (
    <div className="field">
      <FieldLabel id={id} label={label} required={select.required} />
      <select
        id={id}
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event) => onValue(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
