// design/packages.md 'Operations' /admin/despachos ('Despachos', admin only): every dispatch, newest first, with its
// totals, each linking to its screen, and the form to create an empty one. Anyone else gets the 403 message.
import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { formatUsd } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { Link } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type DispatchSummary, listDispatches, operationKeys } from '../../packages/operations-api.ts';
import { DispatchForm } from '../dispatch-form.tsx';
import './admin-dispatches.css';

function Dispatches() {
  const list = useQuery({
    queryKey: operationKeys.dispatches,
    queryFn: ({ signal }) => listDispatches(signal),
  });

  return (
    <Page title="Despachos" wide nav={showsStaffNav(list) ? <StaffNav /> : undefined}>
      <h1>Despachos</h1>
      <QueryStates query={list} refused={<AdminsOnly />}>
        {(data) => (
          <>
            <p className="lead">
              Un despacho agrupa los paquetes recibidos en Miami que viajan en un vuelo. Crea uno vacío aquí,
              o desde <Link to={paths.adminPackages}>Paquetes</Link> con los paquetes seleccionados.
            </p>
            <DispatchList dispatches={data.dispatches} />
            <DispatchForm numbers={[]} />
          </>
        )}
      </QueryStates>
    </Page>
  );
}

function DispatchList({ dispatches }: { dispatches: DispatchSummary[] }) {
  if (dispatches.length === 0) return <p>Aún no hay despachos.</p>;
  return (
    <TableScroll label={'Despachos, desplazable'}>
      <table className="dispatch-list">
        <caption className="visually-hidden">Despachos, del más reciente al más antiguo</caption>
        <thead>
          <tr>
            <th scope="col">Guía master</th>
            <th scope="col">Aerolínea</th>
            <th scope="col">Fecha del vuelo</th>
            <th scope="col">Estado</th>
            <th scope="col">Paquetes</th>
            <th scope="col">Piezas</th>
            <th scope="col">Libras</th>
            <th scope="col">Valor declarado</th>
          </tr>
        </thead>
        <tbody>
          {dispatches.map((dispatch) => (
            <tr key={dispatch.id}>
              <th scope="row">
                <Link to={paths.adminDispatch(dispatch.id)}>
                  {dispatch.masterAwb} <span className="dispatch-list__id">(Despacho {dispatch.id})</span>
                </Link>
              </th>
              <td>{dispatch.airline}</td>
              <td>{formatCalendarDay(dispatch.flightDate)}</td>
              <td>{dispatch.stateLabel}</td>
              <td>{dispatch.totals.packages}</td>
              <td>{dispatch.totals.pieces}</td>
              <td>{dispatch.totals.pounds}</td>
              <td>{formatUsd(dispatch.totals.declaredValueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export default withQuery(Dispatches);
