// design/packages.md 'Warehouse' /bodega ('Recepción en bodega'), staff only: 'Solicitudes (N)' (on a phone at the
// top), the receiving form, then 'Sin identificar' and 'Recibidos hoy'. The server decides who is staff: a customer
// gets its 403 message and no form.
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';
import { warehouseQueries } from '../api.ts';
import { ReceiveForm } from './receive-form.tsx';
import { RequestQueue } from './request-queue.tsx';
import { TodayList } from './today-list.tsx';
import { UnidentifiedList } from './unidentified-list.tsx';
import { WarehouseNav } from './warehouse-nav.tsx';
import './warehouse.css';

function WarehousePage() {
  return (
    <Page title="Recepción en bodega" wide nav={<WarehouseNav />}>
      <h1>Recepción en bodega</h1>
      <Warehouse />
    </Page>
  );
}

function Warehouse() {
  // 'Recibidos hoy' is needed anyway: its answer also tells whether this account may receive (403 otherwise).
  const today = useQuery(warehouseQueries.today);
  const refused = today.error instanceof RequestError && today.error.status === 403 ? today.error : null;

  if (today.isPending) return <p role="status">{messages.loading}</p>;
  if (refused)
    return (
      <>
        <Notice tone="error">{refused.message || messages.forbidden}</Notice>
        <p>La recepción en bodega es solo para el personal de la bodega.</p>
        <p>
          <Link to={paths.locker}>Ir a mi casillero</Link>
        </p>
      </>
    );
  return (
    <div className="warehouse">
      {/* First in the page: on a phone the open requests stand at the top; on a desktop, beside the form. */}
      <div className="warehouse__queue">
        <RequestQueue />
      </div>
      <div className="warehouse__receive">
        <ReceiveForm />
      </div>
      <div className="warehouse__lists">
        <UnidentifiedList />
        <TodayList />
      </div>
    </div>
  );
}

export default withQuery(WarehousePage);
