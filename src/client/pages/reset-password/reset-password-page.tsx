// /restablecer-contrasena?token=…: a new password with the registration rules; every session ends on success.
import { type FormEvent, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { newPasswordProblem } from '../../../shared/schemas.ts';
import { api, RequestError } from '../../api/request.ts';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../paths.ts';
import { useNavigate, useSearchParams } from '../../router.tsx';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(token ? '' : messages.resetLinkInvalid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { message } = await api.post<{ message: string }>(
        '/api/password-reset',
        { token, password, confirmPassword },
        { allowUnauthenticated: true },
      );
      navigate(paths.login, { state: { notice: message } });
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : messages.serverError);
      setBusy(false);
    }
  }

  return (
    <Page title="Nueva contraseña">
      <h1>Elige una nueva contraseña</h1>
      {!token ? (
        <Notice tone="error">{messages.resetLinkInvalid}</Notice>
      ) : (
        <form className="form" onSubmit={submit}>
          <PasswordField
            id="password"
            label="Nueva contraseña"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            disabled={busy}
            describedBy="password-hint"
          />
          <p className="field__hint" id="password-hint">
            {messages.passwordHelp}
          </p>
          <PasswordField
            id="confirmPassword"
            label="Confirmar contraseña"
            value={confirmPassword}
            onChange={setConfirmPassword}
            autoComplete="new-password"
            disabled={busy}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar contraseña'}
          </button>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="alternate">
        <button type="button" className="link-button" onClick={() => navigate(paths.login)}>
          Volver a iniciar sesión
        </button>
      </p>
    </Page>
  );
}
