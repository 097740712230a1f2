// /restablecer-contrasena?token=…: the link is checked as the page opens (without spending it); a good one shows the
// new-password form with the registration rules, a used or expired one says so at once and offers a new link.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { passwordField, resetRequestSchema } from '../../../shared/schemas.ts';
import { Page } from '../../app/page.tsx';
import { RequestError } from '../../app/request.ts';
import { useNavigate, useSearchParams } from '../../app/router.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { newPasswordCheck, PasswordField } from '../../components/password-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from '../api.ts';
import { EmailLinkRequest } from '../email-link-request.tsx';

type LinkState = 'checking' | 'valid' | 'invalid';

const passwordsSchema = z.object({ password: passwordField, confirmPassword: z.string() });

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [link, setLink] = useState<LinkState>(token ? 'checking' : 'invalid');

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    checkResetLink(token, controller.signal)
      .then(() => setLink('valid'))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Only the server's 'no' is an answer; without one (no connection, too many tries) the form decides.
        setLink(error instanceof RequestError && error.status === 400 ? 'invalid' : 'valid');
      });
    return () => controller.abort();
  }, [token]);

  return (
    <Page title="Nueva contraseña">
      <h1>Elige una nueva contraseña</h1>
      {link === 'checking' && <p role="status">Comprobando el enlace...</p>}
      {link === 'valid' && <NewPasswordForm token={token} onInvalidLink={() => setLink('invalid')} />}
      {link === 'invalid' && <InvalidLink />}
      <p className="alternate">
        <button type="button" className="link-button" onClick={() => navigate(paths.login)}>
          Volver a iniciar sesión
        </button>
      </p>
    </Page>
  );
}

function NewPasswordForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    schema: passwordsSchema,
    check: newPasswordCheck,
    async submit(data) {
      try {
        const { message } = await resetPassword({ token, ...data });
        navigate(paths.login, { state: { notice: message } });
      } catch (failure) {
        // Spent in another tab meanwhile, or expired while the person typed.
        if (failure instanceof RequestError && failure.code === 'invalid_token') onInvalidLink();
        else throw failure;
      }
    },
  });
  return (
    <FormShell form={form}>
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        disabled={form.busy}
        hint={messages.passwordRules}
        {...form.field('password')}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        disabled={form.busy}
        {...form.field('confirmPassword')}
      />
      <SubmitButton busy={form.busy} label="Guardar contraseña" busyLabel="Guardando..." />
      <FormError message={form.formError} />
    </FormShell>
  );
}

/** A used or expired link: said at once, with a new link asked for right here. */
function InvalidLink() {
  return (
    <>
      <Notice tone="error">{messages.resetLinkInvalid}</Notice>
      <EmailLinkRequest
        send={requestPasswordReset}
        schema={resetRequestSchema}
        intro={<p>Escribe tu correo y te enviaremos un nuevo enlace para restablecer tu contraseña.</p>}
      />
    </>
  );
}
