// /verificar-correo?token=…: confirms the address, or explains a bad link and offers a new mail.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { api } from '../../api/request.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../paths.ts';
import { useNavigate, useSearchParams } from '../../router.tsx';

type State =
  | { status: 'checking' }
  | { status: 'done'; message: string }
  | { status: 'invalid'; message: string };

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { status: 'checking' } : { status: 'invalid', message: messages.verifyLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the one-use token twice.
    if (!token || started.current) return;
    started.current = true;
    api
      .post<{ message: string }>('/api/verify-email', { token }, { allowUnauthenticated: true })
      .then(({ message }) => setState({ status: 'done', message }))
      .catch((error: Error) => setState({ status: 'invalid', message: error.message }));
  }, [token]);

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
      {state.status === 'invalid' && (
        <>
          <Notice tone="error">{state.message}</Notice>
          <ResendForm />
        </>
      )}
    </Page>
  );
}

function ResendForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>(
        '/api/verify-email/resend',
        { email },
        { allowUnauthenticated: true },
      );
      setResult({ tone: 'success', text: message });
    } catch (error) {
      setResult({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form" onSubmit={submit}>
      <p>Escribe tu correo y te enviaremos un nuevo enlace de verificación.</p>
      <Field
        id="email"
        label="Correo electrónico"
        type="email"
        required
        value={email}
        onValue={setEmail}
        disabled={busy}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Enviando...' : 'Enviar un nuevo enlace'}
      </button>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}
