// A route's state and its first move: 'Iniciar ruta' while 'En preparación' (every package to 'En reparto', each
// customer told with the amount to pay), asked in the page first. 'Cerrar ruta' is the cash close (route-close.tsx).
// After closing, what went back to 'En bodega Colombia' is listed.
import { useId } from 'react';
import { useMe } from '../../auth/me.ts';
import { type ConfirmedMove, ConfirmedMoves } from '../../packages/confirmed-moves.tsx';
import type { ChangeHandlers } from '../../packages/outcome.tsx';
import { type RouteChanged, type RouteDetail, startRoute } from '../routes-api.ts';

export const packagesText = (count: number) => (count === 1 ? '1 paquete' : `${count} paquetes`);

export function RouteMoves(props: { route: RouteDetail } & ChangeHandlers<RouteChanged>) {
  const { route } = props;
  const id = useId();
  const me = useMe();
  const admin = me.status === 'ready' && me.me.role === 'admin';
  const stops = route.stops.length;
  // Outcomes only matter once the route has started.
  const undelivered =
    route.state === 'en_preparacion' ? [] : route.stops.filter((stop) => stop.outcome.kind !== 'delivered');
  const moves: ConfirmedMove<'start'>[] = [];
  if (route.state === 'en_preparacion')
    moves.push({
      key: 'start',
      label: 'Iniciar ruta',
      disabled: stops === 0,
      question: `${stops === 1 ? 'Saldrá' : 'Saldrán'} ${packagesText(stops)} a «En reparto» con ${route.courier.name}. Cada cliente recibirá un correo con el valor a pagar, y ya no se podrán agregar, quitar ni ordenar paradas.`,
      confirmLabel: 'Sí, iniciar ruta',
      busyLabel: 'Iniciando...',
    });

  return (
    <section className="card route-moves no-print" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Estado de la ruta</h2>
      {route.state === 'en_preparacion' ? (
        <p>
          {stops === 0
            ? 'Agrega paquetes a la ruta para poder iniciarla.'
            : 'Revisa el orden de las paradas e imprime la planilla antes de iniciar la ruta.'}
        </p>
      ) : route.state === 'en_curso' ? (
        <p>
          La ruta está en curso: el mensajero marca cada parada desde su teléfono.
          {admin ? '' : ' Un administrador la cierra al final del día.'}
        </p>
      ) : (
        <ReturnedPackages numbers={undelivered.map((stop) => stop.number)} />
      )}
      {moves.length > 0 && (
        <ConfirmedMoves
          moves={moves}
          run={() => startRoute(route.id)}
          onChanged={props.onChanged}
          onFailed={props.onFailed}
        />
      )}
    </section>
  );
}

function ReturnedPackages({ numbers }: { numbers: number[] }) {
  if (numbers.length === 0) return <p>La ruta está cerrada: se entregaron todas sus paradas.</p>;
  return (
    <p>
      La ruta está cerrada. Volvieron a «En bodega Colombia»:{' '}
      {numbers.map((number) => `paquete ${number}`).join(', ')}.
    </p>
  );
}
