// A password input with its Mostrar/Ocultar toggle; the toggle's name is only 'Mostrar' or 'Ocultar'. Its hint and
// error sit inside the field, so every field of a form is spaced alike. Beside it, which field a new password's
// problem stands on.
import { useState } from 'react';
import { newPasswordProblem } from '../../shared/password-policy.ts';
import { describedBy, FieldFrame } from './field.tsx';
import type { FieldProblem } from './use-form.ts';

export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  hint?: string;
  error?: string | undefined;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={props.id} label={props.label} required hint={props.hint} error={props.error}>
      <div className="password-field">
        <input
          id={props.id}
          type={visible ? 'text' : 'password'}
          value={props.value}
          onChange={(event) => props.onValue(event.target.value)}
          autoComplete={props.autoComplete}
          required
          aria-required="true"
          maxLength={128}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(props.id, { hint: props.hint, error: props.error })}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-controls={props.id}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      </div>
    </FieldFrame>
  );
}

export type Passwords = { password: string; confirmPassword: string };

/**
 * design/product.md §5 rules 2 and 3 after the schema, on the field that must change: the shared rule says what is
 * wrong, and the pair where (never the message's words): the confirmation first (the first rule), then the password.
 */
export function newPasswordCheck(data: Passwords): FieldProblem<keyof Passwords> | null {
  const message = newPasswordProblem(data.password, data.confirmPassword);
  if (message === null) return null;
  return { field: data.password === data.confirmPassword ? 'password' : 'confirmPassword', message };
}
