// A password input with its Mostrar/Ocultar toggle; the toggle's name is only 'Mostrar' or 'Ocultar'.
import { useId, useState } from 'react';

export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  const controls = useId();
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="password-field" id={controls}>
        <input
          id={props.id}
          type={visible ? 'text' : 'password'}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          required
          maxLength={128}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
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
    </div>
  );
}
