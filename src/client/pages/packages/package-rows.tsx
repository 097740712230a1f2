// The pieces of 'Mis paquetes': the counts per state, one card per package (linking to its page), the pager and
// the empty state that explains how to pre-alert.

import { formatLocalDate } from '../../../shared/dates.ts';
import type { PackageList, PackageSummary } from '../../../shared/packages/api-types.ts';
import { CARRIER_NAMES } from '../../../shared/packages/guides.ts';
import { PACKAGE_STATES, STATE_LABELS } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../router.tsx';

export function StateCounts({ counts }: { counts: PackageList['counts'] }) {
  const shown = PACKAGE_STATES.filter((state) => (counts[state] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="state-counts" aria-label="Paquetes por estado">
      {shown.map((state) => (
        <li key={state}>
          {STATE_LABELS[state]}: <strong>{counts[state]}</strong>
        </li>
      ))}
    </ul>
  );
}

export function PackageCards({ packages, busy }: { packages: PackageSummary[]; busy: boolean }) {
  return (
    <ul className="package-cards" aria-busy={busy}>
      {packages.map((pkg) => (
        <li key={pkg.number}>
          {/* The whole card is the link: a large target for a thumb. */}
          <Link to={paths.packageDetail(pkg.number)} className="package-card">
            <span className="package-card__top">
              <span className="package-card__guide">
                {pkg.guide}
                {pkg.carrier && (
                  <span className="package-card__carrier"> · {CARRIER_NAMES[pkg.carrier]}</span>
                )}
              </span>
              <span className={`state-badge state-badge--${pkg.state}`}>{STATE_LABELS[pkg.state]}</span>
            </span>
            <span className="package-card__content">
              {pkg.store ? `${pkg.store} · ` : ''}
              {pkg.content}
            </span>
            <span className="package-card__meta">
              {pkg.carrier && `${CARRIER_NAMES[pkg.carrier]} · `}Paquete {pkg.number} ·{' '}
              <time dateTime={pkg.createdAt}>{formatLocalDate(pkg.createdAt)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function EmptyState() {
  return (
    <section className="card empty-state" aria-labelledby="empty-heading">
      <h2 id="empty-heading">Aún no tienes paquetes</h2>
      <p>
        Cuando compres en una tienda de EE. UU., prealerta tu paquete: escribe el número de guía que te da la
        tienda, qué contiene y su valor. Así lo reconocemos en cuanto llegue a nuestra bodega y te avisamos.
      </p>
      <Link to={paths.notify} className="button">
        Notificar paquete
      </Link>
    </section>
  );
}
