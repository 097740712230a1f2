// DELIVERY.md 'Routes' /admin/reparto/:id ('Ruta N'): the route's facts and progress, live; while 'En preparación'
// 'Agregar paquetes' (numbers or guides, typed or scanned) and its stops ordered or removed; 'Imprimir planilla';
// 'Iniciar ruta' and, for admins while 'En curso', 'Cerrar ruta', each confirmed in the page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import {
  addStops,
  getRoute,
  type RouteChanged,
  type RouteDetail,
  routeKeys,
  useRouteLiveUpdates,
} from '../../api/delivery-routes.ts';
import { withQuery } from '../../api/query-client.tsx';
import { AddPackagesForm, entryPieces, type ParsedEntries } from '../../components/add-packages.tsx';
import { AdminsOnly } from '../../components/admins-only.tsx';
import { FactList } from '../../components/fact-list.tsx';
import { failureOf, useOutcome } from '../../components/outcome.tsx';
import { Page } from '../../components/page.tsx';
import { QueryStates, showsStaffNav } from '../../components/query-states.tsx';
import { StaffNav } from '../../components/staff-nav.tsx';
import { Link, useLocation, useParams } from '../../router.tsx';
import type { RouteArrival } from './new-route-form.tsx';
import { RouteMoves } from './route-moves.tsx';
import { RouteStops } from './route-stops.tsx';

function RoutePage() {
  const id = useParams().id ?? '';
  // Another route is another screen: nothing of the previous one's notices carries over.
  return <RouteScreen key={id} id={id} />;
}

function RouteScreen({ id }: { id: string }) {
  const detail = useQuery({ queryKey: routeKeys.route(id), queryFn: ({ signal }) => getRoute(id, signal) });
  useRouteLiveUpdates(detail.isSuccess);
  const back = (
    <p className="no-print">
      <Link to={paths.adminRoutes}>Volver a Reparto</Link>
    </p>
  );
  return (
    <Page title={`Ruta ${id}`} wide nav={showsStaffNav(detail) ? <StaffNav /> : undefined}>
      <QueryStates
        query={detail}
        heading={(missing) => <h1>{missing ? 'Ruta no encontrada' : `Ruta ${id}`}</h1>}
        refused={<AdminsOnly staff />}
        back={back}
      >
        {(route) => (
          <>
            <RouteView route={route} />
            {back}
          </>
        )}
      </QueryStates>
    </Page>
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

function RouteView({ route }: { route: RouteDetail }) {
  const queryClient = useQueryClient();
  const arrival = useLocation().state as RouteArrival | null;
  const { report, region } = useOutcome(arrival?.notice ? { ok: true, text: arrival.notice } : null);
  const preparing = route.state === 'en_preparacion';

  /** After a change: the answer replaces the cached route; the day's list is read again. */
  function changed(answer: RouteChanged) {
    queryClient.setQueryData(routeKeys.route(String(route.id)), answer.route);
    void queryClient.invalidateQueries({
      queryKey: routeKeys.all,
      predicate: (query) => query.queryKey[2] !== 'route',
    });
    report({ ok: true, text: answer.message });
  }

  function failed(error: unknown) {
    report(failureOf(error));
    void queryClient.invalidateQueries({ queryKey: routeKeys.route(String(route.id)) });
  }

  const { progress } = route;
  const facts: Array<[string, string]> = [
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

  return (
    <>
      <h1>Ruta {route.id}</h1>
      <FactList className="data-list route-facts" facts={facts} />
      {region}
      <p className="actions no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Imprimir planilla
        </button>
      </p>
      <RouteMoves route={route} onMoved={changed} onFailed={failed} />
      <RouteStops route={route} onChanged={changed} onFailed={failed} />
      {preparing && (
        <div className="no-print">
          <AddPackagesForm
            parse={parseEntries}
            add={(entries: string[]) => addStops(route.id, entries)}
            onAdded={changed}
            onFailed={failed}
            hint="Números de paquete o guías separados por espacios, comas o saltos de línea (puedes escanearlos uno tras otro). Solo paquetes en «En bodega Colombia» que no estén en otra ruta abierta."
          />
        </div>
      )}
    </>
  );
}

export default withQuery(RoutePage);
