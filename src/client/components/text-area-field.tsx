// A labelled text area (a pre-alert's instructions, a receipt's notes), with its hint and error as its description.
import { describedBy, type FieldBinding, FieldError } from './field.tsx';

/** As Field does for an input. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  onValue,
  value,
  rows,
  maxLength,
}: FieldBinding & { label: string; hint: string; rows: number; maxLength: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
