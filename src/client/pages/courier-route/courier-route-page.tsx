// DELIVERY.md 'The courier's screen' /reparto ('Mi ruta'), phone first and read-only for now: today's route in
// course with its date, zone and counters, and its stops in order. 'Entregar' and 'No entregado' come with the
// offline queue; until then the screen offers no button that does nothing.
import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { deliveryKeys, getMyRoute, type MyRoute } from '../../api/delivery.ts';
import { withQuery } from '../../api/query-client.tsx';
import { RequestError } from '../../api/request.ts';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { SignedInNav } from '../../components/signed-in-nav.tsx';
import { StopCards } from './stop-cards.tsx';

function CourierRoutePage() {
  return (
    <Page title="Mi ruta" nav={<SignedInNav />}>
      <h1>Mi ruta</h1>
      <MyRouteScreen />
    </Page>
  );
}

function MyRouteScreen() {
  const answer = useQuery({ queryKey: deliveryKeys.myRoute, queryFn: ({ signal }) => getMyRoute(signal) });

  if (answer.isPending) return <p role="status">{messages.loading}</p>;
  if (answer.isError) {
    // Retrying cannot turn a refusal (not a courier) into a route; only a failed connection or server is retried.
    const refused = answer.error instanceof RequestError && answer.error.status === 403;
    return (
      <Notice tone="error">
        <p>{answer.error.message || messages.serverError}</p>
        {!refused && (
          <button type="button" className="button button--small" onClick={() => void answer.refetch()}>
            Reintentar
          </button>
        )}
      </Notice>
    );
  }
  const { route } = answer.data;
  return route ? <RouteView route={route} /> : <NoRoute />;
}

function NoRoute() {
  return (
    <section className="card empty-state" aria-labelledby="no-route-heading">
      <h2 id="no-route-heading">No tienes una ruta en curso hoy.</h2>
      <p>
        La oficina arma las rutas del día y las inicia con 'Iniciar ruta'. Cuando inicien la tuya, vuelve a
        abrir esta página (o recárgala) y verás tus paradas en orden.
      </p>
    </section>
  );
}

function RouteView({ route }: { route: MyRoute }) {
  const { progress } = route;
  return (
    <>
      <p className="courier-route__facts">
        <span>{formatCalendarDay(route.date)}</span>
        <span>Zona: {route.zone}</span>
        <span>Ruta {route.id}</span>
      </p>
      {/* 'No entregados' joins these once the API counts failed attempts ('No entregado' is not built yet). */}
      <dl className="courier-route__counters">
        <div>
          <dt>Entregados</dt>
          <dd>{progress.delivered}</dd>
        </div>
        <div>
          <dt>Pendientes</dt>
          <dd>{progress.pending}</dd>
        </div>
      </dl>
      <h2>Paradas</h2>
      <StopCards stops={route.stops} />
    </>
  );
}

export default withQuery(CourierRoutePage);
