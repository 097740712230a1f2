// The frame of a form made with useForm: the <form> itself, the busy submit button, and the message that belongs to
// no single field, below the form (design/product.md §8: 'in red under the form').
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FieldConventions } from './field.tsx';

/** What FormShell needs of a useForm result. */
interface AnyForm {
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    noValidate: boolean;
  };
  busy: boolean;
}

const ANNOUNCED = { markRequired: false, announceErrors: true };
const MARKED = { markRequired: true, announceErrors: true };

export function FormShell({
  form,
  markRequired,
  className = 'form',
  children,
  ...rest
}: {
  form: AnyForm;
  /** Marks required fields with a visible '*' (forms that also have optional fields) and says what it means. */
  markRequired?: boolean;
  className?: string;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-labelledby'?: string;
  /** The first focus inside the form, e.g. to fetch what checking it needs once the person starts filling it. */
  onFocus?: () => void;
}) {
  return (
    <FieldConventions.Provider value={markRequired ? MARKED : ANNOUNCED}>
      <form {...form.formProps} className={className} aria-busy={form.busy || undefined} {...rest}>
        {markRequired && <p className="field__hint">Los campos marcados con * son obligatorios.</p>}
        {children}
      </form>
    </FieldConventions.Provider>
  );
}

/** The submit button: its busy label while the request runs, and disabled so it cannot be sent twice. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  danger,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A message about the whole form (a failed sign-in, too many attempts, no connection). */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

/** A form's buttons: its submit (busy while sending) and, when the form can be closed, 'Cancelar'. */
export function FormActions(props: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="actions">
      <SubmitButton busy={props.busy} label={props.label} busyLabel={props.busyLabel} />
      {props.onCancel && (
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      )}
    </div>
  );
}
