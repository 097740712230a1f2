// The board's table: design/packages.md's columns with a checkbox per row ('Seleccionar paquete N') and one for the
// page ('Seleccionar todos'); each package number links to its staff view. On a phone the minor columns step aside, so
// 'Paquete', 'Casillero' and 'Estado' fit without scrolling sideways (the view has the rest).
import { useEffect, useRef } from 'react';
import { formatLocalDate } from '../../../shared/dates.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { formatNumber } from '../../components/format.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import type { BoardPage, BoardRow } from '../operations-api.ts';
import './board.css';
import { WAITING_LABEL } from '../../../shared/requests/kinds.ts';

const COLUMNS = [
  'Paquete',
  'Guía',
  'Casillero',
  'Cliente',
  'Estado',
  'Peso (lb)',
  'Recibido',
  'Días en bodega',
] as const;

/** What a phone leaves out (the view of each package shows it all). */
const MINOR = 'board-table__minor';
const MINOR_COLUMNS: ReadonlySet<string> = new Set([
  'Guía',
  'Cliente',
  'Peso (lb)',
  'Recibido',
  'Días en bodega',
]);

const NONE = '—';

export function BoardTable(props: {
  rows: BoardRow[];
  busy: boolean;
  selected: ReadonlySet<number>;
  onToggle: (numbers: number[], on: boolean) => void;
}) {
  const { rows, selected } = props;
  const chosen = rows.filter((row) => selected.has(row.number)).length;
  const all = rows.length > 0 && chosen === rows.length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  return (
    <TableScroll label="Tabla de paquetes">
      <table className="board-table" aria-busy={props.busy}>
        <caption className="visually-hidden">Paquetes, del más reciente al más antiguo</caption>
        <thead>
          <tr>
            <th scope="col" className="board-table__check">
              <input
                ref={pageBox}
                type="checkbox"
                aria-label="Seleccionar todos"
                checked={all}
                disabled={rows.length === 0}
                onChange={(event) =>
                  props.onToggle(
                    rows.map((row) => row.number),
                    event.target.checked,
                  )
                }
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={MINOR_COLUMNS.has(column) ? MINOR : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="admin-table__empty">
                No hay paquetes que coincidan.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.number} className={selected.has(row.number) ? 'board-table__selected' : undefined}>
                <td className="board-table__check">
                  <input
                    type="checkbox"
                    aria-label={`Seleccionar paquete ${row.number}`}
                    checked={selected.has(row.number)}
                    onChange={(event) => props.onToggle([row.number], event.target.checked)}
                  />
                </td>
                <th scope="row">
                  <Link to={paths.adminPackage(row.number)}>{row.number}</Link>
                </th>
                <td className={MINOR}>{row.guide}</td>
                <td>{row.lockerNumber || NONE}</td>
                <td className={MINOR}>{row.customerName || NONE}</td>
                <td>
                  <span className={`state-badge state-badge--${row.state}`}>
                    {row.waitingInstructions ? WAITING_LABEL : (STATE_LABELS[row.state] ?? row.state)}
                  </span>
                  {row.abandoned && <span className="state-badge state-badge--devuelto">Abandono</span>}
                </td>
                <td className={MINOR}>{row.weightLb === null ? NONE : formatNumber(row.weightLb)}</td>
                <td className={MINOR}>
                  {row.receivedAt ? (
                    <time dateTime={row.receivedAt}>{formatLocalDate(row.receivedAt)}</time>
                  ) : (
                    NONE
                  )}
                </td>
                <td className={MINOR}>{row.daysInWarehouse === null ? NONE : row.daysInWarehouse}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** '1 paquete', '37 paquetes', 'más de 1.000 paquetes'. */
export function totalText(data: Pick<BoardPage, 'total' | 'capped'>): string {
  const count = data.total.toLocaleString('es-CO');
  if (data.capped) return `más de ${count} paquetes`;
  return data.total === 1 ? '1 paquete' : `${count} paquetes`;
}
