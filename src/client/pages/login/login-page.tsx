// SPEC.md §2 Login: e-mail and password, 'Ingresando...' while busy, the reset link; admin → /admin, bodega →
// /bodega (PACKAGES.md 'Roles'), everyone else → /locker.
import { type FormEvent, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { api, RequestError } from '../../api/request.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../paths.ts';
import { useLocation, useNavigate } from '../../router.tsx';

/** The warehouse screen, where bodega staff work. */
const BODEGA_PATH = '/bodega';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const arrivalNotice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reset, setReset] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [resetBusy, setResetBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { role, redirectTo } = await api.post<{ role: string; redirectTo: string }>(
        '/api/login',
        { email, password },
        { allowUnauthenticated: true },
      );
      // The server answers /admin or /locker; bodega staff land on their own screen, which checks their rights.
      navigate(role === 'bodega' ? BODEGA_PATH : redirectTo);
    } catch (failure) {
      // The server words wrong credentials and a missing users record itself; anything else gets the prefix.
      const final =
        failure instanceof RequestError && ['invalid_credentials', 'user_not_found'].includes(failure.code);
      const message = failure instanceof Error ? failure.message : messages.serverError;
      setError(final ? message : messages.loginErrorPrefix + message);
      setBusy(false);
    }
  }

  async function requestReset() {
    if (!email.trim()) {
      setReset({ tone: 'error', text: messages.resetEmailRequired });
      return;
    }
    setResetBusy(true);
    setReset(null);
    try {
      const { message } = await api.post<{ message: string }>(
        '/api/password-reset/request',
        { email },
        { allowUnauthenticated: true },
      );
      setReset({ tone: 'success', text: message });
    } catch (failure) {
      setReset({
        tone: 'error',
        text: messages.resetErrorPrefix + (failure instanceof Error ? failure.message : String(failure)),
      });
    } finally {
      setResetBusy(false);
    }
  }

  return (
    <Page title="Iniciar sesión">
      <h1>Inicia sesión en tu casillero</h1>
      {arrivalNotice && <Notice tone="success">{arrivalNotice}</Notice>}
      <form onSubmit={submit} className="form">
        <Field
          id="email"
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onValue={setEmail}
          disabled={busy}
        />
        <PasswordField
          id="password"
          label="Contraseña"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={busy}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Ingresando...' : 'Iniciar sesión'}
        </button>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </form>
      <div className="reset">
        <button type="button" className="link-button" onClick={requestReset} disabled={resetBusy}>
          ¿Olvidaste tu contraseña?
        </button>
        <p className="field__hint">
          Escribe tu correo arriba y te enviaremos un enlace para restablecer tu contraseña. Revisa también la
          carpeta de Spam o correo no deseado.
        </p>
        {reset && <Notice tone={reset.tone}>{reset.text}</Notice>}
      </div>
      <p className="alternate">
        ¿Aún no tienes casillero?{' '}
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.register)}>
          Crear cuenta
        </button>
      </p>
    </Page>
  );
}
