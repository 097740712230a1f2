// A package's 'Historial' and its 'Intentos de entrega', as the customer's page (/paquetes/:number) and the staff's
// view (/admin/paquetes/:number) both show them. Each screen passes its events as its API gives them: the customer's
// say who as 'Tú', 'Bodega'…; the staff's add the person's name ('Bruno Díaz (Bodega)'). The list shows what it is
// given, nothing more.
import { useId } from 'react';
import { formatLocalClock, formatLocalDateTime } from '../../shared/dates.ts';
import type { DeliveryAttempt } from '../../shared/delivery/api-types.ts';
import { eventNoticeLabel } from '../../shared/notices/labels.ts';
import type { PackageEvent } from '../../shared/packages/api-types.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { paths } from '../../shared/paths.ts';
import { Link } from '../app/router.tsx';

/** A move as either API sends it: `actorName` only in the staff's view (null for the system or a deleted account). */
export type HistoryEvent = Omit<PackageEvent, 'actor'> & { actor: string; actorName?: string | null };

const who = (event: HistoryEvent) => (event.actorName ? `${event.actorName} (${event.actor})` : event.actor);

/**
 * 'Historial': every event newest first as the server sends them, with when and who, any note, carrier and carrier's
 * guide, and how the customer was told (design/notices.md 'What people see'). An invoice attached to a held package is
 * not a move: its line is its own ('Factura adjuntada'), never the state it stayed in.
 */
export function PackageHistory({ events }: { events: HistoryEvent[] }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Historial</h2>
      {events.length === 0 ? (
        <p>Aún no hay movimientos.</p>
      ) : (
        <ol className="history">
          {events.map((event) => (
            <HistoryLine key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A move's note; 'Consolidado en el paquete {N}' links to the new package. */
function EventNote({ event }: { event: HistoryEvent }) {
  const into = event.state === 'consolidado' ? /paquete (\d+)$/.exec(event.note)?.[1] : undefined;
  if (!into) return <span>{event.note}</span>;
  return (
    <span>
      {event.note.slice(0, -into.length)}
      <Link to={paths.packageDetail(into)}>{into}</Link>
    </span>
  );
}

function HistoryLine({ event }: { event: HistoryEvent }) {
  // An invoice or a request's step is told by its note; a move by its state.
  const invoice = event.kind !== 'state';
  return (
    <li>
      <strong>{invoice ? event.note : STATE_LABELS[event.state]}</strong>
      <span className="history__meta">
        <time dateTime={event.at}>{formatLocalDateTime(event.at)}</time> · {who(event)}
      </span>
      {event.note && !invoice && <EventNote event={event} />}
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
  );
}

/** 'Intentos de entrega': each failed attempt with its reason, time and route, oldest first; nothing when none. */
export function DeliveryAttemptList({ attempts }: { attempts: DeliveryAttempt[] }) {
  const headingId = useId();
  if (attempts.length === 0) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Intentos de entrega</h2>
      <ol className="history">
        {attempts.map((attempt) => (
          <li key={attempt.at}>
            <strong>No entregado: {attempt.reasonLabel}</strong>
            <span className="history__meta">
              <time dateTime={attempt.at}>{formatLocalDateTime(attempt.at)}</time> · Ruta {attempt.routeId}
            </span>
            {attempt.note && <span>{attempt.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
