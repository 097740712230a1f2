// 'Reembolsar' of one online payment (admins): its 'Motivo', and the refund's 'Referencia' when Wompi does not void
// it (PSE, Nequi); the confirmation names the amount (issue 47 item 11), since money leaves for good.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCop } from '../../shared/money.ts';
import type { StaffPayment } from '../../shared/payments/api-types.ts';
import { Notice } from '../components/notice.tsx';
import { paymentKeys, refundPayment } from './api.ts';

export function RefundForm(props: { payment: StaffPayment; onDone: () => void; onCancel: () => void }) {
  const { payment } = props;
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [referencia, setReferencia] = useState('');
  const queries = useQueryClient();
  const refund = useMutation({
    mutationFn: () => refundPayment(payment.reference, { motivo, referencia }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: paymentKeys.staff });
      props.onDone();
    },
  });
  return (
    <form
      className="form"
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
      <p className="actions">
        <button type="submit" className="button button--small" disabled={refund.isPending}>
          {refund.isPending ? 'Reembolsando...' : `Reembolsar ${formatCop(payment.amountCop)}`}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      </p>
      {refund.isError && <Notice tone="error">{refund.error.message}</Notice>}
    </form>
  );
}
