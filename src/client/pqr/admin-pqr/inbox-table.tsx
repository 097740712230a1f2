// The PQR inbox's table, by due date: radicado (the link to the PQR), tipo, customer, package, filed, due, business
// days left (red when 3 or fewer, 'Vencida' when past) and state. It scrolls sideways on a phone.
import { formatCalendarDay, formatLocalDate } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import type { PqrInboxRow } from '../../../shared/pqr/api-types.ts';
import { canAnswer, OVERDUE_LABEL, type PqrState } from '../../../shared/pqr/states.ts';
import { Link } from '../../app/router.tsx';
import { TableHead } from '../../components/column-heads.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';

const COLUMNS = [
  'Radicado',
  'Tipo',
  'Cliente',
  'Paquete',
  'Radicada',
  'Vence',
  'Días hábiles restantes',
  'Estado',
] as const;

/** 'Vencida' past due; the days left otherwise, marked when 3 or fewer; nothing once no answer is awaited. */
export function DaysLeft(props: { state: PqrState; days: number; dueSoon: boolean; overdue: boolean }) {
  if (props.overdue) return <span className="tag">{OVERDUE_LABEL}</span>;
  if (!canAnswer(props.state)) return <>—</>;
  if (!props.dueSoon) return <>{props.days}</>;
  return (
    <span className="pqr-due-soon">
      {props.days} <span className="visually-hidden">(vence pronto)</span>
    </span>
  );
}

function InboxRow({ row }: { row: PqrInboxRow }) {
  return (
    <tr>
      <th scope="row">
        <Link to={paths.adminPqrDetail(row.radicado)}>{row.radicado}</Link>
      </th>
      <td>{row.typeLabel}</td>
      <td>
        {row.customerName}
        {row.visitor && <span className="field__hint"> (visitante)</span>}
      </td>
      <td>{row.packageNumber ?? (row.guide || '—')}</td>
      <td>
        <time dateTime={row.filedAt}>{formatLocalDate(row.filedAt)}</time>
      </td>
      <td>{formatCalendarDay(row.dueDate)}</td>
      <td>
        <DaysLeft state={row.state} days={row.businessDaysLeft} dueSoon={row.dueSoon} overdue={row.overdue} />
      </td>
      <td>{row.stateLabel}</td>
    </tr>
  );
}

export function InboxTable({ rows, busy }: { rows: PqrInboxRow[]; busy: boolean }) {
  if (rows.length === 0) return <p className="no-results">No hay PQR que coincidan.</p>;
  return (
    <TableScroll label={'PQR, desplazable'}>
      <table
        className="admin-table"
        aria-busy={busy}
        aria-label="PQR, de la que vence primero a la que vence última"
      >
        <TableHead columns={COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <InboxRow key={row.radicado} row={row} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
