// /confirmar-correo?token=…: the link mailed to a new address. Opening it makes that address the account's e-mail;
// no session is needed, since it is often opened on another device.
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { api } from '../../api/request.ts';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../paths.ts';
import { useNavigate, useSearchParams } from '../../router.tsx';

type State = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { status: 'checking' } : { status: 'failed', message: messages.emailChangeLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the one-use token twice.
    if (!token || started.current) return;
    started.current = true;
    api
      .post<{ message: string }>('/api/me/email/confirm', { token }, { allowUnauthenticated: true })
      .then(({ message }) => setState({ status: 'done', message }))
      .catch((error: Error) => setState({ status: 'failed', message: error.message }));
  }, [token]);

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
