// The tables of 'Avisos': counts per template and state, the last notices, and the customers who opted out.
import type { ReactNode } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import type { NoticeCount, OptedOutCustomer } from '../../../shared/notices/api-types.ts';
import { NOTICE_STATE_LABELS, NOTICE_STATES, type NoticeState } from '../../../shared/notices/templates.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { TableHead } from '../../components/column-heads.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import type { NoticeRow } from '../api.ts';

const SOURCES = {
  registro: 'Registro',
  mis_datos: 'Mis datos',
  mensaje: 'Mensaje BAJA',
  cambio_telefono: 'Cambio de teléfono',
} as const;

/** One row: its key and its cells, the first naming the row (a row heading). */
interface TableRow {
  key: string | number;
  cells: ReactNode[];
}

/** A titled part: its message when empty, else a table (a region named by the title) with its heads and rows. */
function TableSection(props: {
  id: string;
  title: string;
  empty: string;
  columns: string[];
  rows: TableRow[];
}) {
  return (
    <div className="notice-section">
      <h2 id={props.id}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <TableScroll label={props.title}>
          <table>
            <TableHead columns={props.columns} />
            <tbody>
              {props.rows.map(({ key, cells: [first, ...rest] }) => (
                <tr key={key}>
                  <th scope="row">{first}</th>
                  {rest.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their order.
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

export function NoticeCounts({ counts }: { counts: NoticeCount[] }) {
  const templates = [...new Set(counts.map((row) => row.template))];
  const countOf = (template: string, state: NoticeState) =>
    counts.find((row) => row.template === template && row.state === state)?.count ?? 0;
  return (
    <TableSection
      id="notice-counts-heading"
      title="Por plantilla y estado"
      empty="No hubo avisos en este periodo."
      columns={['Plantilla', ...NOTICE_STATES.map((state) => NOTICE_STATE_LABELS[state])]}
      rows={templates.map((template) => ({
        key: template,
        cells: [template, ...NOTICE_STATES.map((state) => countOf(template, state))],
      }))}
    />
  );
}

function stateOf(notice: NoticeRow): string {
  const label = NOTICE_STATE_LABELS[notice.state];
  const at = notice.readAt ?? notice.deliveredAt ?? notice.sentAt ?? notice.failedAt;
  const when = at ? ` ${formatLocalDateTime(at)}` : '';
  if (notice.state !== 'failed') return `${label}${when}`;
  const why = [notice.errorCode, notice.error].filter(Boolean).join(': ');
  return `${label}${when}${why ? ` (${why})` : ''}${notice.mailed ? ' · enviado por correo' : ''}`;
}

const packageLink = (number: number | null) =>
  number === null ? '-' : <Link to={paths.packageDetail(number)}>{number}</Link>;

export function LastNotices({ notices }: { notices: NoticeRow[] }) {
  const row = (notice: NoticeRow): TableRow => ({
    key: notice.id,
    cells: [
      formatLocalDateTime(notice.createdAt),
      notice.template,
      packageLink(notice.packageNumber),
      `${notice.customerName} (${notice.lockerNumber})`,
      stateOf(notice),
    ],
  });
  return (
    <TableSection
      id="last-notices-heading"
      title="Últimos avisos"
      empty="Aún no hay avisos."
      columns={['Creado', 'Plantilla', 'Paquete', 'Cliente', 'Estado']}
      rows={notices.map(row)}
    />
  );
}

export function OptedOut({ customers }: { customers: OptedOutCustomer[] }) {
  const cells = (customer: OptedOutCustomer) => [
    customer.name,
    customer.lockerNumber,
    formatLocalDateTime(customer.at),
    SOURCES[customer.source],
  ];
  return (
    <TableSection
      id="opted-out-heading"
      title="Clientes que se dieron de baja"
      empty="Nadie se ha dado de baja."
      columns={['Cliente', 'Casillero', 'Desde', 'Dónde']}
      rows={customers.map((customer) => ({ key: customer.userId, cells: cells(customer) }))}
    />
  );
}
