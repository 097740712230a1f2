// design/delivery.md 'Routes' /admin/reparto ('Reparto', admin and bodega): the day's routes (today in Colombia unless
// another 'Fecha' is chosen) with their courier, zone, state and progress, kept live by the staff's route stream;
// 'Nueva ruta'; the packages whose failed attempts wait for a decision; and, for admins, the deliveries synced after
// their route's close, to settle. Anyone else gets the 403 message.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCalendarDay, isoDayInColombia } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { Link } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { useMe } from '../../auth/me.ts';
import { TableHead } from '../../components/column-heads.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { listRoutes, type RouteSummary, routeKeys, useRouteLiveUpdates } from '../routes-api.ts';
import { FlaggedPackages } from './flagged-packages.tsx';
import { LateDeliveries } from './late-deliveries.tsx';
import { NewRouteForm } from './new-route-form.tsx';
import './admin-routes.css';

function RoutesPage() {
  const id = useId();
  const [date, setDate] = useState(() => isoDayInColombia(new Date()));
  const list = useQuery({
    queryKey: routeKeys.day(date),
    queryFn: ({ signal }) => listRoutes(date, signal),
    // Another day keeps the current table on screen (and the date picker in place) until its routes arrive.
    placeholderData: keepPreviousData,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  // A delivery, an attempt or another tab's change shows here without a reload.
  useRouteLiveUpdates(list.isSuccess);
  const me = useMe();
  const admin = me.status === 'ready' && me.me.role === 'admin';

  return (
    <Page title="Reparto" wide nav={showsStaffNav(list) ? <StaffNav /> : undefined}>
      <h1>Reparto</h1>
      <QueryStates query={list} refused={<AdminsOnly staff />}>
        {(data) => (
          <>
            <p className="lead">
              Cada ruta es el reparto de un mensajero en un día. Crea la ruta, agrégale los paquetes en bodega
              Colombia, ordénalos e iníciala: sus paquetes pasan a «En reparto».
            </p>
            <div className="field routes-day">
              <label htmlFor={`${id}-date`}>Día de las rutas</label>
              <input
                id={`${id}-date`}
                type="date"
                value={date}
                onChange={(event) => event.target.value && setDate(event.target.value)}
              />
            </div>
            <section aria-labelledby={`${id}-routes`} aria-busy={list.isFetching || undefined}>
              <h2 id={`${id}-routes`}>Rutas del {formatCalendarDay(data.date)}</h2>
              <RouteTable routes={data.routes} />
            </section>
            <NewRouteForm date={date} />
            <FlaggedPackages />
            {admin && <LateDeliveries />}
          </>
        )}
      </QueryStates>
    </Page>
  );
}

const LIST_COLUMNS = [
  'Ruta',
  'Mensajero',
  'Zona',
  'Estado',
  'Entregados',
  'No entregados',
  'Pendientes',
  'Recaudado',
];

function RouteTable({ routes }: { routes: RouteSummary[] }) {
  if (routes.length === 0) return <p>No hay rutas para este día. Crea una con «Nueva ruta».</p>;
  return (
    // On a phone each route is a card, every value beside its column's name (components/tables.css 'table-wrap--cards').
    <TableScroll label={'Rutas del día, desplazable'} className="table-wrap--cards">
      <table className="route-list">
        <caption className="visually-hidden">Rutas del día con su avance</caption>
        <TableHead columns={LIST_COLUMNS} />
        <tbody>
          {routes.map((route) => (
            <RouteRow key={route.id} route={route} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A route of the day with its progress: delivered of all its stops, failed, pending, and what was collected. */
function RouteRow({ route }: { route: RouteSummary }) {
  const { progress } = route;
  return (
    <tr>
      <th scope="row">
        <Link to={paths.adminRoute(route.id)}>Ruta {route.id}</Link>
      </th>
      <td data-label={LIST_COLUMNS[1]}>{route.courier.name}</td>
      <td data-label={LIST_COLUMNS[2]}>{route.zone}</td>
      <td data-label={LIST_COLUMNS[3]}>{route.stateLabel}</td>
      <td data-label={LIST_COLUMNS[4]}>
        {progress.delivered} de {progress.stops}
      </td>
      <td data-label={LIST_COLUMNS[5]}>{progress.failed}</td>
      <td data-label={LIST_COLUMNS[6]}>{progress.pending}</td>
      <td data-label={LIST_COLUMNS[7]}>
        {formatCop(progress.collectedCop)}{' '}
        <span className="route-list__of">de {formatCop(progress.valueToCollectCop)}</span>
      </td>
    </tr>
  );
}

export default withQuery(RoutesPage);
