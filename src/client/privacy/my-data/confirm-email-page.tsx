// /confirmar-correo?token=…: the link mailed to a new address. Opening it makes that address the account's e-mail;
// no session is needed, since it is often opened on another device.
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { useNavigate } from '../../app/router.tsx';
import { confirmNewEmail } from '../../auth/api.ts';
import { useMailedLink } from '../../auth/use-mailed-link.ts';
import { Notice } from '../../components/notice.tsx';

export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const state = useMailedLink(confirmNewEmail, messages.emailChangeLinkInvalid);

  return (
    <Page title="Confirmar correo">
      <h1>Confirmación de tu nuevo correo</h1>
      {state.status === 'checking' && <p role="status">Confirmando tu nuevo correo...</p>}
      {state.status !== 'checking' && (
        <>
          <Notice tone={state.status === 'done' ? 'success' : 'error'}>{state.message}</Notice>
          <div className="actions">
            <button type="button" className="button" onClick={() => navigate(paths.myData)}>
              Ir a Mis datos
            </button>
            <button type="button" className="button button--secondary" onClick={() => navigate(paths.login)}>
              Iniciar sesión
            </button>
          </div>
        </>
      )}
    </Page>
  );
}
