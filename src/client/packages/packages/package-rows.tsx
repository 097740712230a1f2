// The pieces of 'Mis paquetes': the state chips that filter it, one card per package (linking to its page), and
// the empty state that explains how to pre-alert.

import { formatLocalDate } from '../../../shared/dates.ts';
import { formatCop, formatUsd } from '../../../shared/money.ts';
import type { PackageList, PackageSummary } from '../../../shared/packages/api-types.ts';
import { CARRIER_NAMES } from '../../../shared/packages/guides.ts';
import { payRefusal, payVerdict, requestVerdict } from '../../../shared/packages/offers.ts';
import { PACKAGE_STATES, type PackageState, STATE_LABELS } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { BALANCE_LABEL, PAID_LABEL, PAID_ONLINE_LABEL } from '../../../shared/payments/labels.ts';
import { WAITING_LABEL } from '../../../shared/requests/kinds.ts';
import { Link } from '../../app/router.tsx';

/**
 * The counts per state as chips that filter the list: 'Todos' and one per state the customer has, each a toggle
 * button (`aria-pressed`) whose choice lives in the URL (`?estado=`), so it survives a reload.
 */
export function StateChips(props: {
  counts: PackageList['counts'];
  chosen: PackageState | null;
  onChoose: (state: PackageState | null) => void;
}) {
  const shown = PACKAGE_STATES.filter((state) => (props.counts[state] ?? 0) > 0 || state === props.chosen);
  if (shown.length === 0) return null;
  const all = Object.values(props.counts).reduce((sum, count) => sum + (count ?? 0), 0);
  const chip = (key: string, label: string, count: number, state: PackageState | null) => (
    <li key={key}>
      <button
        type="button"
        className={`chip${state ? ` chip--${state}` : ''}`}
        aria-pressed={props.chosen === state}
        onClick={() => props.onChoose(state)}
      >
        {/* Chosen: filled and with a check, so the choice is not told by colour alone (the name stays the label). */}
        {props.chosen === state && (
          <span className="chip__check" aria-hidden="true">
            ✓{' '}
          </span>
        )}
        {label} <span className="chip__count">{count}</span>
      </button>
    </li>
  );
  return (
    <ul className="state-chips" aria-label="Paquetes por estado">
      {chip('all', 'Todos', all, null)}
      {shown.map((state) => chip(state, STATE_LABELS[state], props.counts[state] ?? 0, state))}
    </ul>
  );
}

/** 'Valor a pagar' as the cards and the package's page say it: pesos ('COP') and dollars, as prominent. */
function ToPay({
  toPay,
  label = 'Valor a pagar',
}: {
  toPay: NonNullable<PackageSummary['toPay']>;
  label?: string;
}) {
  return (
    <span className="package-card__pay">
      {label}: <strong>{formatCop(toPay.cop)} COP</strong> <span aria-hidden="true">·</span>{' '}
      <strong>{formatUsd(toPay.cents)}</strong>
    </span>
  );
}

/** The packages chosen for 'Pagar seleccionados' (only while online payment is on). */
export interface PaySelection {
  chosen: ReadonlySet<number>;
  toggle: (number: number) => void;
}

export function PackageCards({
  packages,
  busy,
  chosen,
  onToggle,
  waiting,
  selection,
}: {
  packages: PackageSummary[];
  busy: boolean;
  /** The packages chosen for a request ('Solicitudes'): those waiting in Miami can be chosen. */
  chosen: ReadonlySet<number>;
  onToggle: (number: number) => void;
  /** Packages waiting for the customer's 'Despachar'. */
  waiting: readonly number[];
  selection: PaySelection | null;
}) {
  return (
    <ul className="package-cards" aria-busy={busy}>
      {packages.map((pkg) => (
        <li key={pkg.number}>
          {requestVerdict(pkg) === 'ask' && (
            <div className="consent package-card__choose">
              <input
                id={`choose-${pkg.number}`}
                type="checkbox"
                checked={chosen.has(pkg.number)}
                onChange={() => onToggle(pkg.number)}
              />
              <label htmlFor={`choose-${pkg.number}`}>Elegir paquete {pkg.number}</label>
            </div>
          )}
          {/* The whole card is the link: a large target for a thumb. What it is, where it is and what it costs
              first; the store, the guide (once) and the number after. */}
          <Link to={paths.packageDetail(pkg.number)} className="package-card">
            <span className="package-card__top">
              <span className="package-card__content">{pkg.content}</span>
              <span className={`state-badge state-badge--${pkg.state}`}>
                {waiting.includes(pkg.number) ? WAITING_LABEL : STATE_LABELS[pkg.state]}
              </span>
            </span>
            {/* The money's words follow its state: what is owed, or how it was paid (issue 47). */}
            {pkg.balance ? (
              <ToPay toPay={pkg.balance} label={BALANCE_LABEL} />
            ) : pkg.paidOnline ? (
              <span className="package-card__pay">{PAID_ONLINE_LABEL}</span>
            ) : (
              pkg.toPay && <ToPay toPay={pkg.toPay} label={pkg.paid ? PAID_LABEL : undefined} />
            )}
            <span className="package-card__meta">
              {pkg.store ? `${pkg.store} · ` : ''}
              Guía {pkg.guide}
              {pkg.carrier && ` (${CARRIER_NAMES[pkg.carrier]})`} · Paquete {pkg.number} ·{' '}
              <time dateTime={pkg.createdAt}>{formatLocalDate(pkg.createdAt)}</time>
            </span>
          </Link>
          {selection && payRefusal(pkg) && (
            <p className="field__hint package-card__select">{payRefusal(pkg)}</p>
          )}
          {selection && payVerdict(pkg) === 'pay' && (
            <label className="package-card__select">
              <input
                type="checkbox"
                checked={selection.chosen.has(pkg.number)}
                onChange={() => selection.toggle(pkg.number)}
              />{' '}
              Pagar el paquete {pkg.number} en línea
            </label>
          )}
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
