// The flow of a dispatch, defined once: 'Abierto' → 'En tránsito' → 'En aduana' → 'En bodega Colombia', each move
// only from the one before it. The server checks moves with it; the screen's buttons are built from it.
import { DISPATCH_STATES, type DispatchState } from './operations.ts';
import { STATE_LABELS } from './states.ts';

/** Where a dispatch stands: 'abierto' while packages may be added or removed, then the state its packages took. */
export type DispatchStatus = 'abierto' | DispatchState;

export interface DispatchStep {
  state: DispatchState;
  /** The only status this move may start from. */
  from: DispatchStatus;
  label: string;
}

/** The dispatch's moves in order, as the buttons name them. */
export const DISPATCH_STEPS: readonly DispatchStep[] = DISPATCH_STATES.map((state, index) => ({
  state,
  from: DISPATCH_STATES[index - 1] ?? 'abierto',
  label: STATE_LABELS[state],
}));

export const dispatchLabel = (status: DispatchStatus): string =>
  status === 'abierto' ? 'Abierto' : STATE_LABELS[status];

/** Whether a dispatch in `from` may move to `to` now (the next step, and only it). */
export function isNextDispatchStep(from: DispatchStatus, to: DispatchState): boolean {
  return DISPATCH_STEPS.some((step) => step.state === to && step.from === from);
}
