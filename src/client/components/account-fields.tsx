// The fields every account form asks for the same way (registration, login, 'Mis datos', new-link requests): the
// same label, keyboard, autofill and limit wherever they appear.
import { Field, type FieldBinding } from './field.tsx';

/** 'Correo electrónico' with the e-mail keyboard and autofill. */
export function EmailField(props: FieldBinding & { disabled?: boolean }) {
  return (
    <Field
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      maxLength={254}
      {...props}
    />
  );
}

/** 'Nombre completo', as registration takes it and 'Mis datos' corrects it. */
export function FullNameField(props: FieldBinding) {
  return <Field label="Nombre completo" autoComplete="name" required maxLength={120} {...props} />;
}
