// design/packages.md 'Operations' /admin/despachos/:id ('Despacho N', admin only): the dispatch's data and totals, its
// packages (added by number and removed while 'Abierto'), 'Descargar manifiesto' and its moves 'En tránsito',
// 'En aduana', 'En bodega Colombia', each confirmed in the page. Refusals are listed in role=alert.
import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { formatUsd } from '../../../shared/money.ts';
import type { DispatchChanged } from '../../../shared/operations/api-types.ts';
import { paths } from '../../../shared/paths.ts';
import { withQuery } from '../../app/query-client.tsx';
import { useArrival, useParams } from '../../app/router.tsx';
import { BackLink, StaffRecordPage } from '../../app/staff-record-page.tsx';
import { FactList } from '../../components/fact-list.tsx';
import {
  type DispatchDetail,
  getDispatch,
  manifestUrl,
  operationKeys,
} from '../../packages/operations-api.ts';
import { useRecordChanges } from '../../packages/outcome.tsx';
import { DispatchMoves } from './dispatch-moves.tsx';
import { AddPackages, DispatchPackages } from './dispatch-packages.tsx';
import './admin-dispatches.css';

function DispatchPage() {
  const id = useParams().id ?? '';
  // Another dispatch is another screen: nothing of the previous one's notices carries over.
  return <DispatchScreen key={id} id={id} />;
}

function DispatchScreen({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: operationKeys.dispatch(id),
    queryFn: ({ signal }) => getDispatch(id, signal),
  });

  return (
    <StaffRecordPage
      title={`Despacho ${id}`}
      missing="Despacho no encontrado"
      query={detail}
      back={{ to: paths.adminDispatches, label: 'Volver a Despachos' }}
    >
      {(dispatch) => <DispatchView dispatch={dispatch} />}
    </StaffRecordPage>
  );
}

function DispatchView({ dispatch }: { dispatch: DispatchDetail }) {
  const arrival = useArrival();
  // After a change the answer replaces the cached dispatch; the list and the board are read again.
  const { region, ...changes } = useRecordChanges({
    queryKey: operationKeys.dispatch(String(dispatch.id)),
    record: (answer: DispatchChanged) => answer.dispatch,
    stale: [{ queryKey: operationKeys.dispatches, exact: true }, { queryKey: operationKeys.board }],
    arrival: arrival.notice,
  });
  const open = dispatch.state === 'abierto';

  const { totals } = dispatch;
  const facts: Array<[string, string]> = [
    ['Guía master', dispatch.masterAwb],
    ['Aerolínea', dispatch.airline],
    ['Fecha del vuelo', formatCalendarDay(dispatch.flightDate)],
    ['Estado', dispatch.stateLabel],
    ['Paquetes', String(totals.packages)],
    ['Piezas', String(totals.pieces)],
    // The manifest's weight: each package's rounded up to the next pound, then added.
    ['Peso total', `${totals.pounds} lb (cada paquete redondeado a la libra siguiente)`],
    ['Valor declarado total', formatUsd(totals.declaredValueCents)],
  ];

  return (
    <>
      <h1>Despacho {dispatch.id}</h1>
      <FactList className="data-list dispatch-facts" facts={facts} />
      {region}
      <p className="actions">
        <a className="button button--secondary" href={manifestUrl(dispatch.id)} download>
          Descargar manifiesto
        </a>
      </p>
      <DispatchMoves dispatch={dispatch} {...changes} />
      <DispatchPackages dispatch={dispatch} {...changes} />
      {open && <AddPackages dispatchId={dispatch.id} {...changes} />}
      <BackLink to={paths.adminDispatches} label="Volver a Despachos" />
    </>
  );
}

export default withQuery(DispatchPage);
