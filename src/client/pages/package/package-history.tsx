// 'Historial': every change of the package's state, newest first as the server sends them, with who made it and
// any note, carrier and carrier's guide, and how the customer was told (NOTICES.md 'What people see').

import { formatLocalClock, formatLocalDateTime } from '../../../shared/dates.ts';
import { eventNoticeLabel } from '../../../shared/notices/labels.ts';
import type { PackageEvent } from '../../../shared/packages/api-types.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';

export function PackageHistory({ events }: { events: PackageEvent[] }) {
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">Historial</h2>
      {events.length === 0 ? (
        <p>Aún no hay movimientos.</p>
      ) : (
        <ol className="history">
          {events.map((event) => (
            <li key={event.id}>
              <strong>{STATE_LABELS[event.state]}</strong>
              <span className="history__meta">
                <time dateTime={event.at}>{formatLocalDateTime(event.at)}</time> · {event.actor}
              </span>
              {event.note && <span>{event.note}</span>}
              {(event.carrier || event.carrierGuide) && (
                <span>
                  {[
                    event.carrier && `Transportadora: ${event.carrier}`,
                    event.carrierGuide && `Guía: ${event.carrierGuide}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
              {event.notice && (
                <span className="history__notice">{eventNoticeLabel(event.notice, formatLocalClock)}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
