// One row per online payment for staff: when it began, its customer, packages, amount, means, Wompi's transaction
// and what staff must look at; 'Reembolsar' of an approved one a secondary action whose confirmation names the
// amount (issue 47 item 11). On 'Pagos en línea' (/admin/pagos) and, for the approved ones, on 'Recaudos'.
import { useState } from 'react';
import { formatCalendarDay, formatClockInColombia, isoDayInColombia } from '../../shared/dates.ts';
import { formatCop } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import type { StaffPayment } from '../../shared/payments/api-types.ts';
import { STAFF_PAYMENT_STATE_LABELS } from '../../shared/payments/labels.ts';
import { Link } from '../app/router.tsx';
import { TableHead } from '../components/column-heads.tsx';
import { Notice } from '../components/notice.tsx';
import { RowAction } from '../components/row-action.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { RefundForm } from './refund-form.tsx';

const COLUMNS = ['Referencia', 'Iniciado', 'Cliente', 'Paquetes', 'Valor', 'Medio', 'Estado', 'Acción'];

const when = (iso: string) => `${formatCalendarDay(isoDayInColombia(iso))}, ${formatClockInColombia(iso)}`;

function PaymentRow(props: {
  payment: StaffPayment;
  refunding: boolean;
  setRefunding: (reference: string) => void;
  onRefunded: (text: string) => void;
}) {
  const { payment } = props;
  const rowId = `pago-${payment.reference}`;
  return (
    <tr>
      <th scope="row" id={rowId}>
        {payment.reference}
      </th>
      <td>{when(payment.createdAt)}</td>
      <td>{payment.customerName}</td>
      <td>
        {payment.packages.map((number, index) => (
          <span key={number}>
            {index > 0 && ', '}
            <Link to={paths.adminPackage(number)}>{number}</Link>
          </span>
        ))}
      </td>
      <td className="money">{formatCop(payment.amountCop)}</td>
      <td>
        {payment.method ?? '—'}
        {payment.transactionId && <span className="mono"> {payment.transactionId}</span>}
      </td>
      <td>
        {STAFF_PAYMENT_STATE_LABELS[payment.state]}
        {payment.flag && <strong> · {payment.flag}</strong>}
        {payment.reversals.map((radicado) => (
          <span key={radicado}>
            {' · '}
            <Link to={paths.adminPqrDetail(radicado)}>Reversión del pago {radicado}</Link>
          </span>
        ))}
      </td>
      <td>
        {payment.state === 'aprobado' &&
          (props.refunding ? (
            <RefundForm
              payment={payment}
              onCancel={() => props.setRefunding('')}
              onDone={() => {
                props.setRefunding('');
                props.onRefunded(`Pago ${payment.reference} reembolsado.`);
              }}
            />
          ) : (
            <RowAction
              label="Reembolsar"
              describedBy={rowId}
              disabled={false}
              onClick={() => props.setRefunding(payment.reference)}
            />
          ))}
      </td>
    </tr>
  );
}

export function PaymentRows(props: { payments: StaffPayment[]; empty: string }) {
  const { payments } = props;
  const [refunding, setRefunding] = useState('');
  const [done, setDone] = useState('');
  return (
    <>
      {done && <Notice tone="success">{done}</Notice>}
      {payments.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <TableScroll label="Pagos en línea">
          <table>
            <TableHead columns={COLUMNS} />
            <tbody>
              {payments.map((payment) => (
                <PaymentRow
                  key={payment.reference}
                  payment={payment}
                  refunding={refunding === payment.reference}
                  setRefunding={setRefunding}
                  onRefunded={setDone}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
