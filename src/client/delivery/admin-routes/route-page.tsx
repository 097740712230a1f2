// design/delivery.md 'Routes' /admin/reparto/:id ('Ruta N'): the route's facts and progress, live; while 'En
// preparación' 'Agregar paquetes' (numbers or guides, typed or scanned) and its stops ordered or removed; 'Imprimir
// planilla'; 'Iniciar ruta', confirmed in the page; for admins once started, 'Cierre de caja' ('Cerrar ruta' with the
// cash count, then the close's figures, printed on one page with the sheet).
import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { withQuery } from '../../app/query-client.tsx';
import { useArrival, useParams } from '../../app/router.tsx';
import { BackLink, StaffRecordPage } from '../../app/staff-record-page.tsx';
import { useMe } from '../../auth/me.ts';
import { FactList } from '../../components/fact-list.tsx';
import { AddPackagesForm, entryPieces, type ParsedEntries } from '../../packages/add-packages.tsx';
import { useRecordChanges } from '../../packages/outcome.tsx';
import {
  addStops,
  getRoute,
  type RouteChanged,
  type RouteDetail,
  routeKeys,
  useRouteLiveUpdates,
} from '../routes-api.ts';
import { RouteClose } from './route-close.tsx';
import { RouteMoves } from './route-moves.tsx';
import { RouteStops } from './route-stops.tsx';
import './admin-routes.css';

function RoutePage() {
  const id = useParams().id ?? '';
  // Another route is another screen: nothing of the previous one's notices carries over.
  return <RouteScreen key={id} id={id} />;
}

function RouteScreen({ id }: { id: string }) {
  const detail = useQuery({ queryKey: routeKeys.route(id), queryFn: ({ signal }) => getRoute(id, signal) });
  useRouteLiveUpdates(detail.isSuccess);
  const back = { to: paths.adminRoutes, label: 'Volver a Reparto' };
  return (
    <StaffRecordPage title={`Ruta ${id}`} missing="Ruta no encontrada" query={detail} staff back={back}>
      {(route) => (
        <>
          <RouteView route={route} />
          <BackLink {...back} />
        </>
      )}
    </StaffRecordPage>
  );
}

/** What was typed or scanned: package numbers or guides, without repeats. */
function parseEntries(text: string): ParsedEntries<string> {
  const entries = [...new Set(entryPieces(text))];
  if (entries.length === 0) return { problem: 'Escribe o escanea al menos un número de paquete o una guía.' };
  const long = entries.find((entry) => entry.length > 60);
  if (long) return { problem: `«${long.slice(0, 20)}…» es demasiado largo para un número o una guía.` };
  return { entries };
}

/** The route's facts and progress, as its screen lists them. */
function routeFacts(route: RouteDetail): Array<[string, string]> {
  const { progress } = route;
  return [
    ['Fecha', formatCalendarDay(route.date)],
    ['Mensajero', route.courier.name],
    ['Zona', route.zone],
    ['Estado', route.stateLabel],
    ['Paradas', String(progress.stops)],
    ['Entregados', String(progress.delivered)],
    ['No entregados', String(progress.failed)],
    ['Pendientes', String(progress.pending)],
    ['Valor a cobrar', formatCop(progress.valueToCollectCop)],
    ['Recaudado', formatCop(progress.collectedCop)],
  ];
}

function RouteView({ route }: { route: RouteDetail }) {
  const arrival = useArrival();
  // After a change the answer replaces the cached route; the day's lists and the flagged packages are read again.
  const { region, ...changes } = useRecordChanges({
    queryKey: routeKeys.route(String(route.id)),
    record: (answer: RouteChanged) => answer.route,
    stale: [{ queryKey: routeKeys.days }, { queryKey: routeKeys.flagged }],
    arrival: arrival.notice,
  });
  const preparing = route.state === 'en_preparacion';
  const me = useMe();
  const admin = me.status === 'ready' && me.me.role === 'admin';

  return (
    <>
      <h1>Ruta {route.id}</h1>
      <FactList className="data-list route-facts" facts={routeFacts(route)} />
      {region}
      <p className="actions no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Imprimir planilla
        </button>
      </p>
      <RouteMoves route={route} {...changes} />
      <RouteStops route={route} {...changes} />
      {admin && !preparing && <RouteClose route={route} {...changes} />}
      {preparing && (
        <div className="no-print">
          <AddPackagesForm
            parse={parseEntries}
            add={(entries: string[]) => addStops(route.id, entries)}
            {...changes}
            hint="Números de paquete o guías separados por espacios, comas o saltos de línea (puedes escanearlos uno tras otro). Solo paquetes en «En bodega Colombia» que no estén en otra ruta abierta."
          />
        </div>
      )}
    </>
  );
}

export default withQuery(RoutePage);
