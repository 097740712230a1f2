// The state tracker's steps (issue 24), apart from its markup so the rules are tested on their own: the seven steps
// from 'Prealertado' to 'Entregado', each done, current or next; a hold flags the step it was held at; a return or a
// cancellation ends the path where it happened, with that end as the current step.
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { type PackageState, STATE_LABELS } from '../../../shared/packages/states.ts';

export const TRACKER_STEPS = [
  'prealertado',
  'recibido',
  'en_transito',
  'en_aduana',
  'en_bodega_colombia',
  'en_reparto',
  'entregado',
] as const satisfies readonly PackageState[];

type Step = (typeof TRACKER_STEPS)[number];
export type Mark = 'done' | 'current' | 'next';

const isStep = (state: PackageState): state is Step => TRACKER_STEPS.some((step) => step === state);

/** The furthest step the package reached before it ended (a return), from its moves. */
function lastStepReached(pkg: Pick<PackageDetail, 'events'>): number {
  let furthest = 0;
  for (const event of pkg.events)
    if (event.kind === 'state' && isStep(event.state))
      furthest = Math.max(furthest, TRACKER_STEPS.indexOf(event.state));
  return furthest;
}

export interface TrackerItem {
  key: string;
  label: string;
  mark: Mark;
  /** A word after the label that changes its meaning ('Retenido' at the step where it is held). */
  flag?: string;
}

/** The tracker's steps for a package: each with its mark, a hold's flag at the step where it is held. */
export function trackerItems(pkg: Pick<PackageDetail, 'state' | 'heldFrom' | 'events'>): TrackerItem[] {
  const steps = (current: number, flag?: string): TrackerItem[] =>
    TRACKER_STEPS.map((step, index) => ({
      key: step,
      label: STATE_LABELS[step],
      mark: index < current ? 'done' : index === current ? 'current' : 'next',
      ...(index === current && flag ? { flag } : {}),
    }));
  if (isStep(pkg.state)) {
    const at = TRACKER_STEPS.indexOf(pkg.state);
    // Delivered is the end: every step done, the last one current.
    return steps(at);
  }
  if (pkg.state === 'retenido') {
    const from = pkg.heldFrom && isStep(pkg.heldFrom) ? TRACKER_STEPS.indexOf(pkg.heldFrom) : 1;
    return steps(from, 'Retenido');
  }
  // 'Devuelto' and 'Cancelado' end the path: the steps it went through, then where it ended.
  const reached = pkg.state === 'cancelado' ? 0 : lastStepReached(pkg);
  return [
    ...TRACKER_STEPS.slice(0, reached + 1).map(
      (step): TrackerItem => ({ key: step, label: STATE_LABELS[step], mark: 'done' }),
    ),
    { key: pkg.state, label: STATE_LABELS[pkg.state], mark: 'current' },
  ];
}
