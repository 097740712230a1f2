// A labelled text input: the label's text is the input's accessible name; a hint and an error, when given, are its
// description (the error also marks it aria-invalid), so a screen reader reads them on focus.
import type { InputHTMLAttributes } from 'react';

/** The aria-describedby of a control with an optional hint and error (ids `<id>-hint`, `<id>-error`). */
export function describedBy(id: string, parts: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : '', parts.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The error shown under a control; its id is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  onValue,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event) => onValue(event.target.value)}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
