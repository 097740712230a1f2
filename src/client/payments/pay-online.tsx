// 'Pagar en línea' (one package), 'Pagar seleccionados' (several) and 'Intentar de nuevo' (after a refusal): each
// makes a new payment of ours and sends the customer to Wompi's checkout. Hidden while online payment is off (no
// public key in the page's configuration).
import { useMutation } from '@tanstack/react-query';
import { onlinePaymentOn } from '../app/app-config.ts';
import { Notice } from '../components/notice.tsx';
import { startPayment } from './api.ts';

export function PayOnline({ numbers, label }: { numbers: number[]; label: string }) {
  const pay = useMutation({
    mutationFn: () => startPayment(numbers),
    onSuccess: (started) => window.location.assign(started.checkoutUrl),
  });
  if (!onlinePaymentOn()) return null;
  return (
    <div className="actions">
      <button
        type="button"
        className="button"
        disabled={pay.isPending || pay.isSuccess || numbers.length === 0}
        onClick={() => pay.mutate()}
      >
        {pay.isPending || pay.isSuccess ? 'Abriendo el pago...' : label}
      </button>
      {pay.isError && <Notice tone="error">{pay.error.message}</Notice>}
    </div>
  );
}
