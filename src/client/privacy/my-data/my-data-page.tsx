// 'Mis datos' (/mis-datos): the person's rights under Ley 1581 de 2012 in one screen. They see everything held on
// them, correct it with the registration's rules, change e-mail or cédula with their password, download it all as
// JSON and delete the account. Each section is its own file beside this one; they come in four parts named at the
// top (Perfil, Facturación, Avisos, Privacidad).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link } from '../../app/router.tsx';
import { meKeys } from '../../auth/me.ts';
import { Notice } from '../../components/notice.tsx';
import { noticeKeys } from '../../notices/api.ts';
import { getPersonalData, myDataKeys, type PersonalData } from '../api.ts';
import { BillingDataForm } from './billing-data-form.tsx';
import { CorrectionForm } from './correction-form.tsx';
import { HeldData } from './held-data.tsx';
import { InstructionsSwitch } from './instructions-switch.tsx';
import { DeleteSection, ExportSection } from './leave-sections.tsx';
import { CedulaForm, EmailChangeForm } from './password-protected-change.tsx';
import { WhatsappSwitch } from './whatsapp-switch.tsx';
import './my-data.css';

function MyData() {
  const queryClient = useQueryClient();
  const held = useQuery({ queryKey: myDataKeys.data, queryFn: ({ signal }) => getPersonalData(signal) });
  const data = held.data;
  // A 401 is already on its way to /login (request.ts): it stays 'Cargando' until then.
  const signedOut = held.error instanceof RequestError && held.error.status === 401;
  const failure = held.isError && !signedOut ? held.error.message || messages.serverError : null;

  // What the server now holds: after a request that changes it (an e-mail change, a download in the activity).
  const refresh = () => void held.refetch();
  const saved = (next: PersonalData) => {
    queryClient.setQueryData(myDataKeys.data, next);
    // The header and the other screens read the record from ['me']: it changed too.
    void queryClient.invalidateQueries({ queryKey: meKeys.me, exact: true });
    // The WhatsApp switch names the phone notices go to.
    void queryClient.invalidateQueries({ queryKey: noticeKeys.choice });
  };

  return (
    <Page title="Mis datos">
      <h1>Mis datos</h1>
      <p className="lead">
        Aquí ves todos los datos personales que guardamos sobre ti. Puedes corregirlos, descargarlos o
        eliminar tu cuenta cuando quieras (Ley 1581 de 2012).
      </p>
      {(held.isPending || signedOut) && <p role="status">{messages.loading}</p>}
      {failure && <Notice tone="error">{failure}</Notice>}
      {data && !failure && (
        <>
          <SectionLinks />
          <div id="perfil" className="my-data__part">
            <HeldData data={data} />
            <CorrectionForm data={data} onSaved={saved} />
            <EmailChangeForm data={data} onRequested={refresh} />
            <CedulaForm onSaved={saved} />
          </div>
          <div id="facturacion" className="my-data__part">
            <BillingDataForm />
          </div>
          <div id="avisos" className="my-data__part">
            <WhatsappSwitch />
            <InstructionsSwitch />
          </div>
          <div id="privacidad" className="my-data__part">
            <ExportSection lockerNumber={data.lockerNumber} onDownloaded={refresh} />
            <DeleteSection lockerNumber={data.lockerNumber} />
          </div>
        </>
      )}
      <p className="alternate">
        <Link to={paths.locker}>Volver a mi casillero</Link>
      </p>
    </Page>
  );
}

/**
 * Issue 47 item 13: the page is long (6,300 px on a phone); its four parts are named at the top, each a link to its
 * place, so a person finds the billing data or the deletion without scrolling through everything.
 */
const PARTS = [
  ['perfil', 'Perfil'],
  ['facturacion', 'Facturación'],
  ['avisos', 'Avisos'],
  ['privacidad', 'Privacidad'],
] as const;

function SectionLinks() {
  return (
    <nav aria-label="Partes de Mis datos" className="my-data__parts">
      <ul>
        {PARTS.map(([id, label]) => (
          <li key={id}>
            <a className="button button--secondary" href={`#${id}`}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default withQuery(MyData);
