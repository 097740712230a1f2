// Where a dispatch stands, as a stepper: 'Abierto' → 'En tránsito' → 'En aduana' → 'En bodega Colombia', each step
// done, current (aria-current="step") or next, said in words for screen readers as well as drawn.
import {
  DISPATCH_STEPS,
  type DispatchStatus,
  dispatchLabel,
} from '../../../shared/packages/dispatch-flow.ts';

const STEPS: DispatchStatus[] = ['abierto', ...DISPATCH_STEPS.map((step) => step.state)];
const PHASE_WORDS = {
  done: 'hecho',
  current: 'estado actual',
  next: 'siguiente',
  later: 'pendiente',
} as const;

/** `state`: 'abierto' or a DispatchState, as the API answers it. */
export function DispatchStepper({ state }: { state: string }) {
  const current = STEPS.findIndex((step) => step === state);
  return (
    <ol className="stepper" aria-label="Pasos del despacho">
      {STEPS.map((step, index) => {
        const phase =
          index < current ? 'done' : index === current ? 'current' : index === current + 1 ? 'next' : 'later';
        return (
          <li
            key={step}
            className={`stepper__step stepper__step--${phase}`}
            aria-current={phase === 'current' ? 'step' : undefined}
          >
            <span className="stepper__mark" aria-hidden="true">
              {phase === 'done' ? '✓' : index + 1}
            </span>
            <span className="stepper__label">
              {dispatchLabel(step)}
              <span className="visually-hidden">, </span>
              <span className="stepper__phase">{PHASE_WORDS[phase]}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
