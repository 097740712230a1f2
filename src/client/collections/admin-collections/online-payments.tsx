// 'Pagos en línea' on 'Recaudos' (admins): the latest online payments that took money, each flagged one saying why,
// and 'Reembolsar' with its 'Motivo' (and the refund's 'Referencia' when Wompi does not void it: PSE, Nequi).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import type { StaffPayment } from '../../../shared/payments/api-types.ts';
import { PAYMENT_STATE_TITLES } from '../../../shared/payments/labels.ts';
import { onlinePaymentOn } from '../../app/app-config.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Notice } from '../../components/notice.tsx';
import { getStaffPayments, paymentKeys, refundPayment } from '../../payments/api.ts';

function RefundForm({ payment, onDone }: { payment: StaffPayment; onDone: () => void }) {
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [referencia, setReferencia] = useState('');
  const queries = useQueryClient();
  const refund = useMutation({
    mutationFn: () => refundPayment(payment.reference, { motivo, referencia }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: paymentKeys.staff });
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        refund.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-motivo`}>Motivo</label>
        <input id={`${id}-motivo`} value={motivo} onChange={(event) => setMotivo(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-ref`}>Referencia del reembolso</label>
        <input id={`${id}-ref`} value={referencia} onChange={(event) => setReferencia(event.target.value)} />
        <p className="field__hint">Vacía para una tarjeta: Wompi anula la transacción.</p>
      </div>
      <button type="submit" className="button button--small" disabled={refund.isPending}>
        Confirmar reembolso
      </button>
      {refund.isError && <Notice tone="error">{refund.error.message}</Notice>}
    </form>
  );
}

export function OnlinePayments() {
  const id = useId();
  const [open, setOpen] = useState('');
  const [done, setDone] = useState('');
  const payments = useQuery({
    queryKey: paymentKeys.staff,
    queryFn: ({ signal }) => getStaffPayments(signal),
  });
  if (!onlinePaymentOn() || !payments.data) return null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pagos en línea</h2>
      {done && <Notice tone="success">{done}</Notice>}
      {payments.data.payments.length === 0 ? (
        <p>Nadie ha pagado en línea todavía.</p>
      ) : (
        <DataTable
          caption="Pagos en línea"
          columns={['Referencia', 'Cliente', 'Paquetes', 'Valor', 'Medio', 'Estado', '']}
        >
          {payments.data.payments.map((payment) => (
            <tr key={payment.reference}>
              <th scope="row">{payment.reference}</th>
              <td>{payment.customerName}</td>
              <td>{payment.packages.join(', ')}</td>
              <td className="money">{formatCop(payment.amountCop)}</td>
              <td>
                {payment.method ?? '—'} {payment.transactionId}
              </td>
              <td>
                {PAYMENT_STATE_TITLES[payment.state]}
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
                  (open === payment.reference ? (
                    <RefundForm
                      payment={payment}
                      onDone={() => {
                        setOpen('');
                        setDone(`Pago ${payment.reference} reembolsado.`);
                      }}
                    />
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setOpen(payment.reference)}
                    >
                      Reembolsar
                    </button>
                  ))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
