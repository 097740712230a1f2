// 'Tus PQR': one card per PQR, newest first, each a link to its thread: radicado, tipo, state ('Vencida' when past
// due without an answer), the package or guide, when it was filed, the due date and when it was answered.
import { formatCalendarDay, formatLocalDate } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import type { PqrSummary } from '../../../shared/pqr/api-types.ts';
import { OVERDUE_LABEL } from '../../../shared/pqr/states.ts';
import { Link } from '../../app/router.tsx';

export function PqrCards({ pqrs, busy }: { pqrs: PqrSummary[]; busy: boolean }) {
  return (
    <ul className="package-cards" aria-busy={busy}>
      {pqrs.map((pqr) => (
        <li key={pqr.radicado}>
          <Link to={paths.pqrDetail(pqr.radicado)} className="package-card">
            <span className="package-card__top">
              <strong>{pqr.radicado}</strong>
              <span className={`state-badge pqr-state--${pqr.overdue ? 'vencida' : pqr.state}`}>
                {pqr.stateLabel}
                {pqr.overdue && ` · ${OVERDUE_LABEL}`}
              </span>
            </span>
            <span>
              {pqr.typeLabel}
              {pqr.packageNumber
                ? ` · Paquete ${pqr.packageNumber}`
                : pqr.guide
                  ? ` · Guía ${pqr.guide}`
                  : ''}
            </span>
            <span className="package-card__meta">
              Radicada el <time dateTime={pqr.filedAt}>{formatLocalDate(pqr.filedAt)}</time> · Respuesta a más
              tardar el {formatCalendarDay(pqr.dueDate)}
              {pqr.answeredAt && (
                <>
                  {' '}
                  · Respondida el <time dateTime={pqr.answeredAt}>{formatLocalDate(pqr.answeredAt)}</time>
                </>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
