// '¿Ya pagó?' on the staff's view of a package (issue 47 item 12): the answer first (paid, online or not; what it
// owes; its 'Saldo pendiente'; an open request that holds the payment), then its online payments in every state with
// the rows of 'Pagos en línea' ('Reembolsar' included).
import { formatCop } from '../../../shared/money.ts';
import { PaymentRows } from '../../payments/payment-rows.tsx';
import type { StaffPackage } from '../operations-api.ts';

function answerOf(pkg: StaffPackage['package']): string {
  if (pkg.paid) return pkg.paidOnline ? 'Sí: pagado en línea.' : 'Sí: pagado.';
  if (pkg.toPay) return `No: debe ${formatCop(pkg.toPay.cop)}.`;
  return 'Aún no tiene cobro: se calcula cuando la bodega lo recibe.';
}

export function StaffPayment({ view }: { view: StaffPackage }) {
  const pkg = view.package;
  return (
    <section className="card" aria-labelledby="staff-payment-heading">
      <h2 id="staff-payment-heading">¿Ya pagó?</h2>
      <p>
        <strong>{answerOf(pkg)}</strong>
        {pkg.balance && ` Saldo pendiente: ${formatCop(pkg.balance.cop)}.`}
      </p>
      {pkg.openRequest !== null && (
        <p>Solicitud {pkg.openRequest} abierta: se paga cuando la bodega la complete.</p>
      )}
      <h3>Pagos en línea</h3>
      <PaymentRows payments={view.payments} empty="Ningún pago en línea de este paquete." />
    </section>
  );
}
