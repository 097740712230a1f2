// What the courier collects at a stop: 'Valor a pagar', or 'Pagado: no cobrar' when the customer paid online.
import type { RouteStop } from '../../../shared/delivery/api-types.ts';
import { formatCop } from '../../../shared/money.ts';
import { COURIER_PAID_LABEL } from '../../../shared/payments/labels.ts';

export function StopValue({ stop }: { stop: Pick<RouteStop, 'valueToPayCop' | 'paidOnline'> }) {
  return (
    <p className="stop-card__value">
      {stop.paidOnline ? (
        <strong>{COURIER_PAID_LABEL}</strong>
      ) : (
        <>
          <span>Valor a pagar</span>
          <strong>{formatCop(stop.valueToPayCop ?? 0)}</strong>
        </>
      )}
    </p>
  );
}
