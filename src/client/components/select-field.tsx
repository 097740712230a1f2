// A labelled <select> of fixed choices (a PQR's 'Tipo', a filter, 'Nuevo estado'), with its hint and error as its
// description, as Field does for an input. The first option may be an empty one ('Todos', 'Elige…').
import { describedBy, FieldError, FieldLabel } from './field.tsx';

export function SelectField({
  id,
  label,
  value,
  onValue,
  choices,
  empty,
  hint,
  error,
  required,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  choices: ReadonlyArray<readonly [value: string, label: string]>;
  /** The label of an empty first option, if any. */
  empty?: string;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onValue(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** Below a control: its hint (`<id>-hint`), if any, and its error (`<id>-error`), which describe it. */
export function HintAndError(props: { id: string; hint?: string | undefined; error?: string | undefined }) {
  const hint = props.hint ? (
    <p className="field__hint" id={`${props.id}-hint`}>
      {props.hint}
    </p>
  ) : null;
  return (
    <>
      {hint}
      <FieldError id={props.id} error={props.error} />
    </>
  );
}
