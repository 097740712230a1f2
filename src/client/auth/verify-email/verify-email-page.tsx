// /verificar-correo?token=…: confirms the address, or explains a bad link and offers a new mail.
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { emailField } from '../../../shared/schemas.ts';
import { Page } from '../../app/page.tsx';
import { useNavigate } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';
import { resendVerification, verifyEmail } from '../api.ts';
import { EmailLinkRequest } from '../email-link-request.tsx';
import { useMailedLink } from '../use-mailed-link.ts';

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const state = useMailedLink(verifyEmail, messages.verifyLinkInvalid);

  return (
    <Page title="Verificar correo">
      <h1>Verificación de correo</h1>
      {state.status === 'checking' && <p role="status">Verificando tu correo...</p>}
      {state.status === 'done' && (
        <>
          <Notice tone="success">{state.message}</Notice>
          <button type="button" className="button" onClick={() => navigate(paths.login)}>
            Iniciar sesión
          </button>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <Notice tone="error">{state.message}</Notice>
          <ResendForm />
        </>
      )}
    </Page>
  );
}

const resendSchema = z.object({ email: emailField });

function ResendForm() {
  return (
    <EmailLinkRequest
      send={resendVerification}
      schema={resendSchema}
      intro={<p>Escribe tu correo y te enviaremos un nuevo enlace de verificación.</p>}
    />
  );
}
