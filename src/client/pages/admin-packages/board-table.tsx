// The board's table: PACKAGES.md's columns with a checkbox per row ('Seleccionar paquete N') and one for the page
// ('Seleccionar todos'); it scrolls sideways on a phone. Below it, the total and the pager.
import { useEffect, useRef } from 'react';
import { formatLocalDate } from '../../../shared/dates.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import type { BoardPage, BoardRow } from '../../api/operations.ts';
import { ColumnHeads } from '../../components/column-heads.tsx';
import { formatNumber } from '../../components/format.ts';

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
    <div className="table-wrap">
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
            <ColumnHeads columns={COLUMNS} />
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
                <th scope="row">{row.number}</th>
                <td>{row.guide}</td>
                <td>{row.lockerNumber || NONE}</td>
                <td>{row.customerName || NONE}</td>
                <td>
                  <span className={`state-badge state-badge--${row.state}`}>
                    {STATE_LABELS[row.state] ?? row.state}
                  </span>
                </td>
                <td>{row.weightLb === null ? NONE : formatNumber(row.weightLb)}</td>
                <td>
                  {row.receivedAt ? (
                    <time dateTime={row.receivedAt}>{formatLocalDate(row.receivedAt)}</time>
                  ) : (
                    NONE
                  )}
                </td>
                <td>{row.daysInWarehouse === null ? NONE : row.daysInWarehouse}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** '1 paquete', '37 paquetes', 'más de 1.000 paquetes'. */
export function totalText(data: Pick<BoardPage, 'total' | 'capped'>): string {
  const count = data.total.toLocaleString('es-CO');
  if (data.capped) return `más de ${count} paquetes`;
  return data.total === 1 ? '1 paquete' : `${count} paquetes`;
}
