// What is still out today, whatever the range, first on 'Recaudos': 'Efectivo sin cerrar' (the routes not yet closed,
// since which day, and what their couriers hold, each with 'Cerrar' to its route for 'Cerrar ruta') and 'Sin
// liquidar' (each carrier's collections delivered and not yet remitted, the carrier owing the oldest first).
import { useId } from 'react';
import { formatCalendarDay, formatLocalDateTime } from '../../../shared/dates.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { DataTable } from '../../components/data-table.tsx';
import type { Recaudos } from '../api.ts';

const CASH_COLUMNS = ['Ruta', 'Desde', 'Mensajero', 'Zona', 'Entregas', 'Efectivo', 'Recaudado', 'Acción'];
const UNREMITTED_COLUMNS = [
  'Paquete',
  'Guía',
  'Guía de la transportadora',
  'Valor',
  'Entregado',
  'Antigüedad',
];

const daysText = (days: number) => (days === 1 ? '1 día' : `${days} días`);

/** The carriers that owe the oldest money first. */
const oldestFirst = (carriers: Recaudos['unremitted']) =>
  [...carriers].sort((a, b) => b.oldestAgeDays - a.oldestAgeDays || a.carrier.localeCompare(b.carrier, 'es'));

export function PendingMoney({ recaudos }: { recaudos: Recaudos }) {
  const id = useId();
  return (
    <>
      <section className="card" aria-labelledby={`${id}-cash`}>
        <h2 id={`${id}-cash`}>Efectivo sin cerrar</h2>
        {recaudos.unclosedCash.length === 0 ? (
          <p>No hay rutas abiertas con recaudos: toda la caja está cerrada.</p>
        ) : (
          <>
            <p>
              {formatCop(recaudos.unclosedCashCop)} en efectivo siguen con los mensajeros. Cierra cada ruta
              desde su pantalla con «Cerrar ruta».
            </p>
            <DataTable caption="Efectivo sin cerrar" columns={CASH_COLUMNS} className="recaudos-table">
              {recaudos.unclosedCash.map((route) => (
                <tr key={route.routeId}>
                  <th scope="row">
                    <Link to={paths.adminRoute(route.routeId)}>Ruta {route.routeId}</Link>
                  </th>
                  <td>{formatCalendarDay(route.date)}</td>
                  <td>{route.courierName}</td>
                  <td>{route.zone}</td>
                  <td>{route.deliveries}</td>
                  <td className="money">{formatCop(route.cashCop)}</td>
                  <td className="money">{formatCop(route.collectedCop)}</td>
                  <td>
                    <Link to={paths.adminRoute(route.routeId)} aria-label={`Cerrar la ruta ${route.routeId}`}>
                      Cerrar
                    </Link>
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </section>
      <section className="card" aria-labelledby={`${id}-unremitted`}>
        <h2 id={`${id}-unremitted`}>Sin liquidar</h2>
        {recaudos.unremitted.length === 0 ? (
          <p>Las transportadoras no deben nada: todo lo entregado está liquidado.</p>
        ) : (
          <p>
            {formatCop(recaudos.unremittedCop)} entregados por transportadoras y aún no liquidados. Importa su
            liquidación abajo.
          </p>
        )}
        {oldestFirst(recaudos.unremitted).map((carrier) => (
          <div key={carrier.carrier} className="unremitted">
            <h3>{carrier.carrier}</h3>
            <p>
              {carrier.count === 1 ? '1 paquete' : `${carrier.count} paquetes`} ·{' '}
              {formatCop(carrier.totalCop)} · el más antiguo, de hace {daysText(carrier.oldestAgeDays)}
              {carrier.packages.length < carrier.count
                ? ` (se listan los ${carrier.packages.length} más antiguos)`
                : ''}
              .
            </p>
            <DataTable
              caption={`Sin liquidar de ${carrier.carrier}`}
              columns={UNREMITTED_COLUMNS}
              className="recaudos-table"
            >
              {carrier.packages.map((item) => (
                <tr key={item.collectionId}>
                  <th scope="row">
                    <Link to={paths.packageDetail(item.packageNumber)}>{item.packageNumber}</Link>
                  </th>
                  <td>{item.guide}</td>
                  <td>{item.carrierGuide || '—'}</td>
                  <td className="money">{formatCop(item.amountCop)}</td>
                  <td>{formatLocalDateTime(item.deliveredAt)}</td>
                  <td>{daysText(item.ageDays)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        ))}
      </section>
    </>
  );
}
