// Where the package is, on top of its page (issue 24): the seven steps from 'Prealertado' to 'Entregado' as a list,
// each done (✓), current (●, `aria-current="step"`) or next (○), said in words for screen readers and by shape for
// the eye, never by colour alone. A hold marks the step it was held at; a return or a cancellation ends the path
// where it happened, with that end as the current step.
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { type Mark, trackerItems } from './tracker-steps.ts';

/** Said after a step's name to screen readers; the current step says it by `aria-current`. The eye reads the mark's
 * shape (✓ ● ○, '!' for a hold), drawn by the stylesheet so it stays out of the step's text. */
const SAID: Record<Mark, string> = { done: ': completado', current: '', next: ': pendiente' };

export function StateTracker({ pkg }: { pkg: Pick<PackageDetail, 'state' | 'heldFrom' | 'events'> }) {
  const items = trackerItems(pkg);
  return (
    <section className="tracker" aria-labelledby="tracker-heading">
      <h2 id="tracker-heading" className="visually-hidden">
        Seguimiento
      </h2>
      <ol className="tracker__steps">
        {items.map((item) => (
          <li
            key={item.key}
            className={`tracker__step tracker__step--${item.mark}${item.flag ? ' tracker__step--flagged' : ''}`}
            aria-current={item.mark === 'current' ? 'step' : undefined}
          >
            <span className="tracker__mark" aria-hidden="true" />
            <span className="tracker__label">
              {item.label}
              {item.flag && <strong className="tracker__flag"> · {item.flag}</strong>}
              {SAID[item.mark] && <span className="visually-hidden">{SAID[item.mark]}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
