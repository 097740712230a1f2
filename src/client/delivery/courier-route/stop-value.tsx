// What the courier collects at a stop: 'Valor a pagar'; for a package paid online, its 'Saldo pendiente' (a storage
// fee stored after the payment), or 'Pagado: no cobrar' when nothing is left.
import type { RouteStop } from '../../../shared/delivery/api-types.ts';
import { formatCop } from '../../../shared/money.ts';
import { BALANCE_LABEL, COURIER_PAID_LABEL } from '../../../shared/payments/labels.ts';

export function StopValue({ stop }: { stop: Pick<RouteStop, 'valueToPayCop' | 'paidOnline'> }) {
  const value = stop.valueToPayCop ?? 0;
  return (
    <p className="stop-card__value">
      {stop.paidOnline && value === 0 ? (
        <strong>{COURIER_PAID_LABEL}</strong>
      ) : (
        <>
          <span>{stop.paidOnline ? BALANCE_LABEL : 'Valor a pagar'}</span>
          <strong>{formatCop(value)}</strong>
        </>
      )}
    </p>
  );
}
