// 'Cambiar correo electrónico' and 'Cambiar cédula': one new value and the current password, so a session left open
// on a shared computer cannot change who the account belongs to.
import type { ReactNode } from 'react';
import { z } from 'zod';
import { registrationSchema } from '../../../shared/registration.ts';
import { emailField, passwordField } from '../../../shared/schemas.ts';
import { changeCedula, changeEmail } from '../../auth/api.ts';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '../../components/use-form.ts';
import type { PersonalData } from '../api.ts';

function PasswordProtectedChange(props: {
  id: string;
  /** The request's name for the new value: the server's errors about it name this field. */
  requestField: 'newEmail' | 'cedula';
  heading: string;
  intro?: ReactNode;
  field: {
    label: string;
    type?: 'email';
    inputMode?: 'numeric' | 'email';
    autoComplete?: string;
    maxLength: number;
  };
  /** The shared rule of the new value (the server checks the same). */
  schema: z.ZodType<string>;
  button: string;
  busyButton: string;
  send: (value: string, password: string) => Promise<string>;
}) {
  const form = useForm({
    initial: { value: '', password: '' },
    schema: z.object({ value: props.schema, password: passwordField }),
    ids: { value: `new-${props.id}`, password: `${props.id}-password` },
    serverFields: { [props.requestField]: 'value' },
    async submit({ value, password }) {
      const message = await props.send(value, password);
      form.setValues({ value: '', password: '' });
      return message;
    },
  });

  return (
    <section className="card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      {props.intro}
      <FormShell form={form}>
        <Field required disabled={form.busy} {...props.field} {...form.field('value')} />
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          disabled={form.busy}
          {...form.field('password')}
        />
        <SubmitButton busy={form.busy} label={props.button} busyLabel={props.busyButton} />
        <FormError message={form.formError} />
        {form.result && <Notice tone="success">{form.result}</Notice>}
      </FormShell>
    </section>
  );
}

export function EmailChangeForm({ data, onRequested }: { data: PersonalData; onRequested: () => void }) {
  return (
    <PasswordProtectedChange
      id="email"
      requestField="newEmail"
      heading="Cambiar correo electrónico"
      intro={
        <p>
          Tu correo actual es <strong>{data.email}</strong>. Te enviaremos un enlace al correo nuevo: el
          cambio se hace cuando lo abras, y hasta entonces sigues entrando con el actual.
        </p>
      }
      field={{
        label: 'Nuevo correo electrónico',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        maxLength: 254,
      }}
      schema={emailField}
      button="Cambiar correo"
      busyButton="Enviando..."
      send={async (newEmail, password) => {
        const { message } = await changeEmail({ newEmail, password });
        onRequested();
        return message;
      }}
    />
  );
}

export function CedulaForm({ onSaved }: { onSaved: (data: PersonalData) => void }) {
  return (
    <PasswordProtectedChange
      id="cedula"
      requestField="cedula"
      heading="Cambiar cédula"
      field={{ label: 'Nueva cédula', inputMode: 'numeric', maxLength: 20 }}
      schema={registrationSchema.shape.cedula}
      button="Cambiar cédula"
      busyButton="Guardando..."
      send={async (cedula, password) => {
        const saved = await changeCedula({ cedula, password });
        onSaved(saved.data);
        return saved.message;
      }}
    />
  );
}
