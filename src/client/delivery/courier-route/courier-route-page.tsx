// design/delivery.md 'The courier's screen' /reparto ('Mi ruta'), phone first, working without signal: today's route in
// course with its counters and 'Mi caja', its stops in order with 'Entregar' and 'No entregado'. The route and the
// confirmed actions are kept on the phone (offline/door-queue.ts) and the screen's files by a service worker
// registered from here only (offline/service-worker.ts).
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatCalendarDay, formatClockInColombia } from '../../../shared/dates.ts';
import { firstPaintApi } from '../../../shared/first-paint.ts';
import { messages } from '../../../shared/messages.ts';
import { takeServerAnswer } from '../../app/first-paint.ts';
import { Page } from '../../app/page.tsx';
import { queryClient, withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { deliveryKeys, getMyRoute, type MyRoute, type MyRouteAnswer } from '../api.ts';
import { CashBox } from './cash-box.tsx';
import { cashOf, countersOf, stopViews, toCollectOf, useDoorActions } from './door-actions.ts';
import { NextStop } from './next-stop.tsx';
import { prepareDoorQueue, startDoorQueue } from './offline/door-queue.ts';
import { usePhoneCopy } from './offline/phone-copy.ts';
import { rememberedOwner } from './offline/phone-store.ts';
import { registerCourierServiceWorker } from './offline/service-worker.ts';
import { type Open, StopCards } from './stop-cards.tsx';
import './courier-route.css';

/** The route: the phone's copy shows at once, and the server's is asked for on every opening (when there is signal). */
const myRouteQuery = {
  queryKey: deliveryKeys.myRoute,
  queryFn: ({ signal }: { signal: AbortSignal }) => getMyRoute(signal),
  // Fetched when the screen opens (above): fresh for a moment, so the screen showing does not ask twice.
  staleTime: 3_000,
  // When the signal comes back with actions waiting, the route is read once they are sent (the queue does it), not
  // beside them: a 1,000-stop route read at the same time slows the first batch.
  refetchOnReconnect: () => queryClient.isMutating({ mutationKey: deliveryKeys.all }) === 0,
};

// The route the server drew this page with (courier-page.ts), in the cache before the first render.
const drawnRoute = takeServerAnswer<MyRouteAnswer>(firstPaintApi.courierRoute);
if (drawnRoute) queryClient.setQueryData(deliveryKeys.myRoute, drawnRoute);

function CourierRoutePage() {
  const restored = useRestoredQueue();
  return (
    <Page title="Mi ruta" nav={<SignedInNav />}>
      <h1>Mi ruta</h1>
      {restored ? <MyRouteScreen /> : <p role="status">{messages.loading}</p>}
    </Page>
  );
}

/**
 * True once the route and the waiting actions are back from the phone's storage (a few milliseconds), or at once
 * when the route is already here: the server drew it into the page (first-paint.ts), or this tab read it before.
 */
function useRestoredQueue(): boolean {
  const [restored, setRestored] = useState(
    () => queryClient.getQueryData(myRouteQuery.queryKey) !== undefined,
  );
  useEffect(() => {
    let live = true;
    prepareDoorQueue(queryClient);
    const asked = queryClient.prefetchQuery(myRouteQuery);
    void ownerOfThisPhone(asked)
      .then((owner) => (owner ? startDoorQueue(queryClient, owner) : undefined))
      .then(() => live && setRestored(true));
    return () => {
      live = false;
    };
  }, []);
  return restored;
}

const answered = () => queryClient.getQueryData<MyRouteAnswer>(myRouteQuery.queryKey);

/**
 * Whose copy to open (issue 30 item 8: each courier's apart): the courier the server named (in the drawn page, or
 * in its answer when there is signal); without signal, or when the server cannot be reached, the one it last named
 * on this phone (none after a sign-out: nothing to open). The server's route is asked for meanwhile, not after.
 */
async function ownerOfThisPhone(asked: Promise<void>): Promise<string | null> {
  const drawn = answered()?.courierId;
  if (drawn) return drawn;
  if (onlineManager.isOnline()) await asked;
  return answered()?.courierId ?? rememberedOwner();
}

// The server's first paint is drawn online (it has just been asked), and so is the browser's take-over of it.
const useOnline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

function MyRouteScreen() {
  const answer = useQuery(myRouteQuery);
  const online = useOnline();
  // Only a courier (the server answered their route) gets the worker: a customer who types /reparto does not.
  const isCourier = answer.isSuccess;
  // The server named a courier other than the copy's (another one signed in here): their own copy from now on.
  const courierId = answer.data?.courierId;
  useEffect(() => {
    if (courierId) void startDoorQueue(queryClient, courierId);
  }, [courierId]);
  useEffect(() => {
    if (!isCourier) return;
    registerCourierServiceWorker();
  }, [isCourier]);

  if (answer.isPending) {
    if (!online)
      return (
        <Notice tone="info">
          <p>Sin conexión, y este teléfono aún no guarda tu ruta. Se cargará cuando vuelva la señal.</p>
        </Notice>
      );
    return <p role="status">{messages.loading}</p>;
  }
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
  // Keyed by the route: another route (the next day's) opens with its own folded stops.
  return route ? <RouteView key={route.id} route={route} online={online} /> : <NoRoute />;
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

function RouteView({ route, online }: { route: MyRoute; online: boolean }) {
  const actions = useDoorActions();
  const views = stopViews(route.stops, actions);
  const counters = countersOf(views);
  const [open, setOpen] = useState<Open | null>(null);
  // The stops already done when the screen opened (on the server's route): folded under 'Hechas (N)'.
  const [done] = useState(
    () => new Set(route.stops.filter((stop) => stop.outcome.kind !== 'pending').map((stop) => stop.number)),
  );
  const waiting = actions.filter((action) => action.status === 'pending').length;
  // Refused by the server (issue 30 item 2): out of the queue, each shown on its stop with why.
  const refused = actions.filter((action) => action.status === 'error').length;
  return (
    <>
      <p className="courier-route__facts">
        <span>{formatCalendarDay(route.date)}</span>
        <span>Zona: {route.zone}</span>
        <span>Ruta {route.id}</span>
      </p>
      <div className="courier-route__sync" role="status">
        {!online && <p>Sin conexión: lo que confirmes queda guardado en este teléfono.</p>}
        {waiting > 0 ? (
          <p>
            <strong>{waiting} por enviar</strong>
            {online ? ': enviando…' : ': se enviarán cuando vuelva la señal.'}
          </p>
        ) : (
          online && <p>Todo enviado.</p>
        )}
        {refused > 0 && (
          <p>
            <strong>
              {refused === 1 ? '1 acción no se registró' : `${refused} acciones no se registraron`}
            </strong>
            : mira por qué en {refused === 1 ? 'su parada' : 'sus paradas'}.
          </p>
        )}
      </div>
      <SavedOnPhone />
      <dl className="courier-route__counters">
        <div>
          <dt>Entregados</dt>
          <dd>{counters.delivered}</dd>
        </div>
        <div>
          <dt>Pendientes</dt>
          <dd>{counters.pending}</dd>
        </div>
        <div>
          <dt>No entregados</dt>
          <dd>{counters.failed}</dd>
        </div>
      </dl>
      <NextStop views={views} onDeliver={(number) => setOpen({ number, kind: 'deliver' })} />
      <CashBox lines={cashOf(route, views)} toCollect={toCollectOf(views)} />
      <h2>Paradas</h2>
      <StopCards views={views} online={online} done={done} open={open} setOpen={setOpen} />
    </>
  );
}

/** When the phone last kept the route and what waits (issue 37): what a courier checks before losing the signal. */
function SavedOnPhone() {
  const { savedAt, failed } = usePhoneCopy();
  // Issue 30 item 8: the phone refused to keep what was confirmed (full, or its storage blocked): the courier must
  // know before closing the page or losing the signal, not find it gone.
  if (failed)
    return (
      <Notice tone="error">
        <p>
          Este teléfono no pudo guardar tu ruta ni lo que confirmas: si cierras o recargas la página, se
          perderá. No la cierres hasta ver 'Todo enviado.' y libera espacio en el teléfono.
        </p>
      </Notice>
    );
  if (savedAt === null) return null;
  return (
    <p className="courier-route__saved">
      Ruta guardada en este teléfono · {formatClockInColombia(new Date(savedAt))}
    </p>
  );
}

export default withQuery(CourierRoutePage);
