// 'Mis datos' (/mis-datos): the person's rights under Ley 1581 de 2012 in one screen. They see everything held on
// them, correct it with the registration's rules, change e-mail or cédula with their password, download it all as
// JSON and delete the account. Each section is its own file beside this one.
import { useCallback, useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import type { PersonalData } from '../../api/my-data.ts';
import { api, RequestError } from '../../api/request.ts';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { Link } from '../../router.tsx';
import { CorrectionForm } from './correction-form.tsx';
import { HeldData } from './held-data.tsx';
import { DeleteSection, ExportSection } from './leave-sections.tsx';
import { CedulaForm, EmailChangeForm } from './password-protected-change.tsx';

type State =
  | { status: 'loading' }
  | { status: 'ready'; data: PersonalData }
  | { status: 'error'; message: string };

export default function MyDataPage() {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const data = await api.get<PersonalData>('/api/me/data', { signal });
      setState({ status: 'ready', data });
    } catch (error) {
      if (signal?.aborted) return;
      // A 401 is already on its way to /login (request.ts).
      if (error instanceof RequestError && error.status === 401) return;
      setState({ status: 'error', message: error instanceof Error ? error.message : messages.serverError });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refresh = useCallback(() => load(), [load]);
  const saved = useCallback((data: PersonalData) => setState({ status: 'ready', data }), []);

  return (
    <Page title="Mis datos">
      <h1>Mis datos</h1>
      <p className="lead">
        Aquí ves todos los datos personales que guardamos sobre ti. Puedes corregirlos, descargarlos o
        eliminar tu cuenta cuando quieras (Ley 1581 de 2012).
      </p>
      {state.status === 'loading' && <p role="status">{messages.loading}</p>}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && (
        <>
          <HeldData data={state.data} />
          <CorrectionForm data={state.data} onSaved={saved} />
          <EmailChangeForm data={state.data} onRequested={refresh} />
          <CedulaForm onSaved={saved} />
          <ExportSection lockerNumber={state.data.lockerNumber} onDownloaded={refresh} />
          <DeleteSection lockerNumber={state.data.lockerNumber} />
        </>
      )}
      <p className="alternate">
        <Link to={paths.locker}>Volver a mi casillero</Link>
      </p>
    </Page>
  );
}
