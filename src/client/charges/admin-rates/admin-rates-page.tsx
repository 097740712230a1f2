// design/packages.md 'Charges' /admin/tarifas ('Tarifas', admin only): the rates in force first, then a new set of
// rates from a date, prefilled with them, and the history of every set; anyone else gets the server's 403 message
// and no form.
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';
import { chargeKeys, getRateHistory } from '../api.ts';
import { InvoiceTaxes } from './invoice-taxes.tsx';
import { RatesForm } from './rates-form.tsx';
import { RatesHistory } from './rates-history.tsx';
import { RatesInForce } from './rates-in-force.tsx';
import './admin-rates.css';

function AdminRatesPage() {
  return (
    <Page title="Tarifas" wide>
      <h1>Tarifas</h1>
      <RatesScreen />
      <p>
        <Link to={paths.admin}>Volver a la administración</Link>
      </p>
    </Page>
  );
}

function RatesScreen() {
  const rates = useQuery({ queryKey: chargeKeys.history, queryFn: ({ signal }) => getRateHistory(signal) });

  if (rates.isPending) return <p role="status">{messages.loading}</p>;
  if (rates.isError) {
    const refused = rates.error instanceof RequestError && rates.error.status === 403;
    return (
      <Notice tone="error">
        <p>{rates.error.message || messages.serverError}</p>
        {refused ? (
          <p>
            Las tarifas las cambia solo un administrador. <Link to={paths.locker}>Ir a mi casillero</Link>
          </p>
        ) : (
          <button type="button" className="button button--small" onClick={() => void rates.refetch()}>
            Reintentar
          </button>
        )}
      </Notice>
    );
  }
  const current = rates.data.history.find((row) => row.id === rates.data.currentId);
  return (
    <>
      <p className="lead">
        Cada cambio rige desde la fecha que elijas (hoy o después). Los cobros ya hechos no cambian: cada
        paquete conserva las tarifas del día en que se recibió.
      </p>
      <RatesInForce data={rates.data} now={Date.now()} />
      {current && <RatesForm current={current} />}
      <RatesHistory data={rates.data} />
      <InvoiceTaxes />
    </>
  );
}

export default withQuery(AdminRatesPage);
