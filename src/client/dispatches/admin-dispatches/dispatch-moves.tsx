// A dispatch's moves: 'En tránsito', 'En aduana', 'En bodega Colombia', only the next one enabled; choosing it asks
// in the page how many packages will move (and whether their customers are mailed) before anything changes.
import { useId } from 'react';
import type { DispatchChanged } from '../../../shared/operations/api-types.ts';
import { DISPATCH_STEPS } from '../../../shared/packages/dispatch-flow.ts';
import type { DispatchState } from '../../../shared/packages/operations.ts';
import { mailsCustomer } from '../../../shared/packages/states.ts';
import { ConfirmedMoves } from '../../packages/confirmed-moves.tsx';
import { type DispatchDetail, moveDispatch } from '../../packages/operations-api.ts';
import type { ChangeHandlers } from '../../packages/outcome.tsx';
import { DispatchStepper } from './dispatch-stepper.tsx';

export function DispatchMoves(props: { dispatch: DispatchDetail } & ChangeHandlers<DispatchChanged>) {
  const { dispatch } = props;
  const id = useId();
  const count = dispatch.totals.packages;
  const last = DISPATCH_STEPS.at(-1);
  const moves = DISPATCH_STEPS.map((step) => ({
    key: step.state,
    label: step.label,
    disabled: dispatch.state !== step.from || count === 0,
    question: `${
      count === 1
        ? `Se moverá 1 paquete a «${step.label}».`
        : `Se moverán ${count.toLocaleString('es-CO')} paquetes a «${step.label}».`
    }${mailsCustomer(step.state) ? ' Cada cliente recibirá un correo.' : ' Los clientes lo verán en su historial.'}`,
    confirmLabel: 'Confirmar',
    busyLabel: 'Moviendo...',
  }));

  return (
    <section className="card dispatch-moves" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Estado del despacho</h2>
      <DispatchStepper state={dispatch.state} />
      {dispatch.state === last?.state ? (
        <p>El despacho llegó a la bodega de Colombia: ya no tiene más cambios de estado.</p>
      ) : count === 0 ? (
        <p>Agrega paquetes al despacho para poder moverlo.</p>
      ) : (
        <p>Cada cambio mueve todos los paquetes del despacho a la vez.</p>
      )}
      <ConfirmedMoves
        moves={moves}
        run={(state: DispatchState) => moveDispatch(dispatch.id, state)}
        onChanged={props.onChanged}
        onFailed={props.onFailed}
      />
    </section>
  );
}
