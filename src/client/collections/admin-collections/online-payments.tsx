// 'Pagos en línea' on 'Recaudos' (admins): the approved online payments, the ones 'Reembolsar' applies to, with the
// rows of their own screen (/admin/pagos, issue 47 item 11), which lists every state with filters and a CSV.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { paths } from '../../../shared/paths.ts';
import { onlinePaymentOn } from '../../app/app-config.ts';
import { Link } from '../../app/router.tsx';
import { getStaffPayments, paymentKeys } from '../../payments/api.ts';
import { PaymentRows } from '../../payments/payment-rows.tsx';

const APPROVED = { estado: 'aprobado', medio: '', dia: '' };

export function OnlinePayments() {
  const id = useId();
  const payments = useQuery({
    queryKey: paymentKeys.staffList(APPROVED),
    queryFn: ({ signal }) => getStaffPayments(APPROVED, signal),
  });
  if (!onlinePaymentOn() || !payments.data) return null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pagos en línea</h2>
      <p>
        Los aprobados. Cada pago en cualquier estado, con filtros y su CSV:{' '}
        <Link to={paths.adminPayments}>ver los pagos en línea</Link>.
      </p>
      <PaymentRows payments={payments.data.payments} empty="Nadie ha pagado en línea todavía." />
    </section>
  );
}
