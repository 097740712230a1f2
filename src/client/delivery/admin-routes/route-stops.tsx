// A route's stops in order, which is also the route sheet 'Imprimir planilla' prints (stop, package, customer,
// address, phone, 'Valor a pagar'): while 'En preparación' each row has 'Subir', 'Bajar' and 'Quitar' (their names
// say which package); once started, what became of each stop. Each package's number opens its staff view.
import { useId } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { TableHead } from '../../components/column-heads.tsx';
import { RowAction } from '../../components/row-action.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type ChangeHandlers, useChange } from '../../packages/outcome.tsx';
import {
  moveStop,
  type RouteChanged,
  type RouteDetail,
  removeStop,
  type StaffRouteStop,
} from '../routes-api.ts';

const SHEET_COLUMNS = ['Parada', 'Paquete', 'Cliente', 'Dirección', 'Teléfono', 'Valor a pagar'];

type StopAction = { kind: 'up' | 'down' | 'remove'; number: number };

/** A stop's buttons, and when each cannot apply (the first stop goes no higher, the last no lower). */
const STOP_ACTIONS = [
  { kind: 'up', label: 'Subir', stuck: (position: number) => position === 1 },
  { kind: 'down', label: 'Bajar', stuck: (position: number, last: number) => position === last },
  { kind: 'remove', label: 'Quitar', stuck: () => false },
] as const;

/** What became of a stop, as the staff read it: what, then when and how much on lines of their own (no '·'). */
function Outcome({ stop }: { stop: StaffRouteStop }) {
  const { outcome } = stop;
  const attempts =
    stop.attempts > 0 ? ` (${stop.attempts} ${stop.attempts === 1 ? 'intento' : 'intentos'})` : '';
  if (outcome.kind === 'delivered')
    return (
      <>
        Entregado <span className="route-stops__note">{formatLocalDateTime(outcome.at)}</span>
        <span className="route-stops__note">{formatCop(outcome.collectedCop)}</span>
      </>
    );
  if (outcome.kind === 'failed')
    return (
      <>
        No entregado: {outcome.reasonLabel}
        <span className="route-stops__note">
          {formatLocalDateTime(outcome.at)}
          {attempts}
        </span>
      </>
    );
  return <>Pendiente{attempts}</>;
}

export function RouteStops(props: { route: RouteDetail } & ChangeHandlers<RouteChanged>) {
  const { route } = props;
  const id = useId();
  const preparing = route.state === 'en_preparacion';
  const started = !preparing;
  const act = useChange(
    (action: StopAction) =>
      action.kind === 'remove'
        ? removeStop(route.id, action.number)
        : moveStop(route.id, action.number, action.kind),
    props,
  );

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
        <TableScroll label={`Paradas de la ruta ${route.id}, desplazable`}>
          <table className="route-stops" aria-busy={act.busy}>
            <caption className="visually-hidden">Paradas de la ruta {route.id}, en orden</caption>
            <TableHead columns={SHEET_COLUMNS}>
              {started && <th scope="col">Resultado</th>}
              {preparing && (
                <th scope="col" className="no-print">
                  Acciones
                </th>
              )}
            </TableHead>
            <tbody>
              {route.stops.map((stop) => (
                <StopRow
                  key={stop.number}
                  stop={stop}
                  last={last}
                  state={route.state}
                  busy={act.busy}
                  onAction={(action) => void act.run(action)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** One stop of the sheet: its facts, then its outcome once started or its buttons while 'En preparación'. */
function StopRow(props: {
  stop: StaffRouteStop;
  last: number;
  state: RouteDetail['state'];
  busy: boolean;
  onAction: (action: StopAction) => void;
}) {
  const { stop } = props;
  return (
    <tr>
      <td>{stop.position}</td>
      <th scope="row">
        <Link to={paths.adminPackage(stop.number)}>{stop.number}</Link>
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
      {props.state === 'en_preparacion' ? (
        <td className="no-print">
          <div className="route-stops__actions">
            {STOP_ACTIONS.map((action) => (
              <RowAction
                key={action.kind}
                label={action.label}
                name={`${action.label} paquete ${stop.number}`}
                disabled={props.busy || action.stuck(stop.position, props.last)}
                onClick={() => props.onAction({ kind: action.kind, number: stop.number })}
              />
            ))}
          </div>
        </td>
      ) : (
        <td className="route-stops__outcome">
          <Outcome stop={stop} />
        </td>
      )}
    </tr>
  );
}
