// A route's stops in order, which is also the route sheet 'Imprimir planilla' prints (stop, package, customer,
// address, phone, 'Valor a pagar'): while 'En preparación' each row has 'Subir', 'Bajar' and 'Quitar' (their names
// say which package); once started, what became of each stop.
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import {
  moveStop,
  type RouteChanged,
  type RouteDetail,
  removeStop,
  type StaffRouteStop,
} from '../../api/delivery-routes.ts';
import { ColumnHeads } from '../../components/column-heads.tsx';

const SHEET_COLUMNS = ['Parada', 'Paquete', 'Cliente', 'Dirección', 'Teléfono', 'Valor a pagar'];

type StopAction = { kind: 'up' | 'down' | 'remove'; number: number };

/** What became of a stop, as the staff read it. */
function outcomeText(stop: StaffRouteStop): string {
  const { outcome } = stop;
  const attempts =
    stop.attempts > 0 ? ` (${stop.attempts} ${stop.attempts === 1 ? 'intento' : 'intentos'})` : '';
  if (outcome.kind === 'delivered')
    return `Entregado ${formatLocalDateTime(outcome.at)} · ${formatCop(outcome.collectedCop)}`;
  if (outcome.kind === 'failed')
    return `No entregado: ${outcome.reasonLabel} · ${formatLocalDateTime(outcome.at)}${attempts}`;
  return `Pendiente${attempts}`;
}

export function RouteStops(props: {
  route: RouteDetail;
  onChanged: (answer: RouteChanged) => void;
  onFailed: (error: unknown) => void;
}) {
  const { route } = props;
  const id = useId();
  const preparing = route.state === 'en_preparacion';
  const started = !preparing;
  const act = useMutation({
    mutationFn: (action: StopAction) =>
      action.kind === 'remove'
        ? removeStop(route.id, action.number)
        : moveStop(route.id, action.number, action.kind),
  });

  async function run(action: StopAction) {
    if (act.isPending) return;
    try {
      props.onChanged(await act.mutateAsync(action));
    } catch (error) {
      props.onFailed(error);
    }
  }

  const last = route.stops.length;
  return (
    <section className="route-sheet" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Paradas</h2>
      <p className="route-sheet__print-title">
        Planilla de la ruta {route.id} · {route.zone} · {route.courier.name} · {route.date}
      </p>
      {last === 0 ? (
        <p>La ruta aún no tiene paradas.</p>
      ) : (
        <div className="table-wrap">
          <table className="route-stops" aria-busy={act.isPending}>
            <caption className="visually-hidden">Paradas de la ruta {route.id}, en orden</caption>
            <thead>
              <tr>
                <ColumnHeads columns={SHEET_COLUMNS} />
                {started && <th scope="col">Resultado</th>}
                {preparing && (
                  <th scope="col" className="no-print">
                    Acciones
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {route.stops.map((stop) => (
                <tr key={stop.number}>
                  <td>{stop.position}</td>
                  <th scope="row">
                    {stop.number}
                    <span className="route-stops__guide">{stop.guide}</span>
                  </th>
                  <td>{stop.customerName}</td>
                  <td className="route-stops__address">
                    {stop.address}
                    {stop.instructions && <span className="route-stops__note">{stop.instructions}</span>}
                  </td>
                  <td>{stop.phone || '—'}</td>
                  <td className="route-stops__value">
                    {stop.valueToPayCop === null ? '—' : formatCop(stop.valueToPayCop)}
                  </td>
                  {started && <td>{outcomeText(stop)}</td>}
                  {preparing && (
                    <td className="no-print">
                      <div className="route-stops__actions">
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          aria-label={`Subir paquete ${stop.number}`}
                          disabled={act.isPending || stop.position === 1}
                          onClick={() => void run({ kind: 'up', number: stop.number })}
                        >
                          Subir
                        </button>
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          aria-label={`Bajar paquete ${stop.number}`}
                          disabled={act.isPending || stop.position === last}
                          onClick={() => void run({ kind: 'down', number: stop.number })}
                        >
                          Bajar
                        </button>
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          aria-label={`Quitar paquete ${stop.number}`}
                          disabled={act.isPending}
                          onClick={() => void run({ kind: 'remove', number: stop.number })}
                        >
                          Quitar
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
