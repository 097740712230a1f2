// A labelled text input: the label's text is the input's accessible name; a hint and an error, when given, are its
// description (the error also marks it aria-invalid), so a screen reader reads them on focus.
import { createContext, type InputHTMLAttributes, type ReactNode, useContext } from 'react';

/**
 * How the fields inside a form behave (set by FormShell): a visible mark on required fields, and errors announced
 * as they appear. Off by default, so screens that do not ask for them keep their look.
 */
export const FieldConventions = createContext({ markRequired: false, announceErrors: false });

/** What a form gives one text field: its id, value, change handler and message (useForm's `field`). */
export interface FieldBinding {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}

/** The aria-describedby of a control with an optional hint and error (ids `<id>-hint`, `<id>-error`). */
export function describedBy(id: string, parts: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : '', parts.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The error shown under a control; its id is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  const { announceErrors } = useContext(FieldConventions);
  if (!error) return null;
  return (
    // In a FormShell form a field's message is also the form's message (design/product.md §5 shows one at a time): it
    // is announced when it appears and looks like, and answers to, the form's own error.
    <p
      className={announceErrors ? 'field__error form-error' : 'field__error'}
      id={`${id}-error`}
      role={announceErrors ? 'alert' : undefined}
    >
      {error}
    </p>
  );
}

/**
 * A control's label with the visible required mark beside it. The mark sits outside the <label> and is hidden
 * from assistive technology, so the accessible name stays exactly the label's text; `aria-required` says it.
 */
export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  const { markRequired } = useContext(FieldConventions);
  if (!required || !markRequired) return <label htmlFor={id}>{label}</label>;
  return (
    <span className="field__label">
      <label htmlFor={id}>{label}</label>
      <span className="field__required" aria-hidden="true">
        *
      </span>
    </span>
  );
}

/** A control's frame: its label (with the required mark), the control, its hint and its error, ids by `id`. */
export function FieldFrame(props: {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <FieldLabel id={props.id} label={props.label} required={props.required} />
      {props.children}
      <HintAndError id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

/** Below a control or a group: its hint (`<id>-hint`), if any, and its error (`<id>-error`), which describe it. */
export function HintAndError(props: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {props.hint && (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      <FieldError id={props.id} error={props.error} />
    </>
  );
}

/** The ARIA state a control takes from its hint and error (and its required flag). */
export function fieldAria(
  id: string,
  parts: { hint?: unknown; error?: unknown; required?: boolean | undefined },
) {
  return {
    'aria-required': parts.required || undefined,
    'aria-invalid': parts.error ? true : undefined,
    'aria-describedby': describedBy(id, parts),
  } as const;
}

/** What a bound control takes besides its element's own attributes (useForm's `field` and its label and hint). */
export interface BoundControl {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  onValue: (value: string) => void;
}

export function Field({
  id,
  label,
  hint,
  error,
  onValue,
  ...input
}: BoundControl & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame id={id} label={label} required={input.required} hint={hint} error={error}>
      <input
        id={id}
        {...input}
        {...fieldAria(id, { hint, error, required: input.required })}
        aria-required={input['aria-required'] ?? (input.required || undefined)}
        onChange={(event) => onValue(event.target.value)}
      />
    </FieldFrame>
  );
}
