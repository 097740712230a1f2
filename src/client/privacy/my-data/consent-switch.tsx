// A choice in 'Mis datos' that takes effect when flipped ('Esperar mis instrucciones', 'Avisos por WhatsApp'): a
// checkbox with role="switch", its label, what the current choice means (the hint) and the server's error under it.
import type { ReactNode } from 'react';
import { FieldError, fieldAria } from '../../components/field.tsx';

export function ConsentSwitch(props: {
  id: string;
  label: string;
  checked: boolean;
  /** While the change is on its way: the switch cannot be flipped again. */
  disabled: boolean;
  /** Also marks the switch aria-busy (when the screen shows the saving in the hint). */
  busy?: boolean;
  hint: ReactNode;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  /** What follows the error, such as the server's confirmation. */
  children?: ReactNode;
}) {
  const { id } = props;
  return (
    <div className="consent">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        aria-checked={props.checked}
        disabled={props.disabled}
        aria-busy={props.busy || undefined}
        {...fieldAria(id, { hint: true, error: props.error })}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      <p className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      <FieldError id={id} error={props.error} />
      {props.children}
    </div>
  );
}
