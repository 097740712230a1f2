// A dispatch's moves: 'En tránsito', 'En aduana', 'En bodega Colombia', only the next one enabled; choosing it asks
// in the page how many packages will move (and whether their customers are mailed) before anything changes.
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { DISPATCH_STEPS } from '../../../shared/packages/dispatch-flow.ts';
import type { DispatchState } from '../../../shared/packages/operations.ts';
import { mailsCustomer } from '../../../shared/packages/states.ts';
import { type DispatchDetail, moveDispatch } from '../../api/operations.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

export function DispatchMoves(props: {
  dispatch: DispatchDetail;
  onMoved: (answer: { dispatch: DispatchDetail; message: string }) => void;
  onFailed: (error: unknown) => void;
}) {
  const { dispatch } = props;
  const id = useId();
  const [asking, setAsking] = useState<DispatchState | null>(null);
  const move = useMutation({ mutationFn: (state: DispatchState) => moveDispatch(dispatch.id, state) });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const count = dispatch.totals.packages;
  const step = DISPATCH_STEPS.find((candidate) => candidate.state === asking);
  const last = DISPATCH_STEPS.at(-1);

  function ask(state: DispatchState) {
    setAsking(state);
    requestAnimationFrame(() => confirmRef.current?.focus());
  }

  async function confirm() {
    if (!asking || move.isPending) return;
    try {
      props.onMoved(await move.mutateAsync(asking));
    } catch (error) {
      props.onFailed(error);
    } finally {
      setAsking(null);
    }
  }

  return (
    <section className="card dispatch-moves" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Estado del despacho</h2>
      {dispatch.state === last?.state ? (
        <p>El despacho llegó a la bodega de Colombia: ya no tiene más cambios de estado.</p>
      ) : count === 0 ? (
        <p>Agrega paquetes al despacho para poder moverlo.</p>
      ) : (
        <p>Cada cambio mueve todos los paquetes del despacho a la vez.</p>
      )}
      <div className="actions">
        {DISPATCH_STEPS.map((candidate) => (
          <button
            key={candidate.state}
            type="button"
            className="button"
            aria-pressed={asking === candidate.state || undefined}
            disabled={dispatch.state !== candidate.from || count === 0 || move.isPending}
            onClick={() => ask(candidate.state)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      {step && (
        <section className="confirm card" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {count === 1
              ? `Se moverá 1 paquete a «${step.label}».`
              : `Se moverán ${count.toLocaleString('es-CO')} paquetes a «${step.label}».`}
            {mailsCustomer(step.state)
              ? ' Cada cliente recibirá un correo.'
              : ' Los clientes lo verán en su historial.'}
          </p>
          <ConfirmActions
            busy={move.isPending}
            label="Confirmar"
            busyLabel="Moviendo..."
            confirmRef={confirmRef}
            onConfirm={() => void confirm()}
            cancelLabel="Cancelar"
            onCancel={() => setAsking(null)}
          />
        </section>
      )}
    </section>
  );
}
