// design/product.md §2 Login: e-mail and password, 'Ingresando...' while busy, the reset link; admin → /admin, bodega →
// /bodega (design/packages.md 'Roles'), everyone else → /locker. Arriving from registration, the e-mail is filled in.

import { useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { loginSchema } from '../../../shared/schemas.ts';
import { Page } from '../../app/page.tsx';
import { RequestError } from '../../app/request.ts';
import { useArrival, useNavigate } from '../../app/router.tsx';
import { EmailField } from '../../components/account-fields.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { requestPasswordReset, signIn } from '../api.ts';
import './login.css';

/** The warehouse screen, where bodega staff work. */
const BODEGA_PATH = '/bodega';

export default function LoginPage() {
  const navigate = useNavigate();
  // Another screen may hand a notice (registration, reset, deletion) and the e-mail to fill in.
  const arrival = useArrival();
  const arrivalEmail = arrival.email ?? '';
  const form = useForm({
    initial: { email: arrivalEmail, password: '' },
    schema: loginSchema,
    async submit(body) {
      try {
        const { role, redirectTo } = await signIn(body);
        // The server answers /admin or /locker; bodega staff land on their own screen, which checks their rights.
        navigate(role === 'bodega' ? BODEGA_PATH : redirectTo);
      } catch (failure) {
        // The server words wrong credentials and a missing users record itself; anything else gets the prefix.
        if (!(failure instanceof RequestError)) throw failure;
        if (['invalid_credentials', 'user_not_found'].includes(failure.code)) throw failure;
        throw new RequestError(failure.status, failure.code, messages.loginErrorPrefix + failure.message);
      }
    },
  });

  useEffect(() => {
    // Just registered: the e-mail is there, so the password is what is left to type.
    if (arrivalEmail) document.getElementById('password')?.focus();
  }, [arrivalEmail]);

  return (
    <Page title="Iniciar sesión">
      <h1>Inicia sesión en tu casillero</h1>
      {arrival.notice && <Notice tone="success">{arrival.notice}</Notice>}
      <FormShell form={form}>
        <EmailField disabled={form.busy} {...form.field('email')} />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          disabled={form.busy}
          {...form.field('password')}
        />
        <SubmitButton busy={form.busy} label="Iniciar sesión" busyLabel="Ingresando..." />
        <FormError message={form.formError} />
      </FormShell>
      <ResetRequest email={form.values.email} />
      <p className="alternate">
        ¿Aún no tienes casillero?{' '}
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.register)}>
          Crear cuenta
        </button>
      </p>
    </Page>
  );
}

/** '¿Olvidaste tu contraseña?' mails a reset link to the e-mail typed above (design/product.md §2 and §8). */
function ResetRequest({ email }: { email: string }) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function requestReset() {
    if (!email.trim()) {
      setResult({ tone: 'error', text: messages.resetEmailRequired });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const { message } = await requestPasswordReset({ email });
      setResult({ tone: 'success', text: message });
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      setResult({ tone: 'error', text: messages.resetErrorPrefix + reason });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reset">
      <button type="button" className="link-button" onClick={requestReset} disabled={busy}>
        ¿Olvidaste tu contraseña?
      </button>
      <p className="field__hint">
        Escribe tu correo arriba y te enviaremos un enlace para restablecer tu contraseña. Revisa también la
        carpeta de Spam o correo no deseado.
      </p>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </div>
  );
}
