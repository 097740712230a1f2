// A PQR's whole thread, oldest first, for the customer and the staff: each step with who and when, its text (always
// as text, never HTML), its attachments, the notification time of an answer and the 'Decisión' of an indemnización.
// Internal notes reach only the staff's screen, and are marked there as never shown to the customer.
import { formatLocalDateTime } from '../../shared/dates.ts';
import { formatCop } from '../../shared/money.ts';
import type { PqrAttachment, PqrDecision, PqrEvent } from '../../shared/pqr/api-types.ts';
import { PQR_EVENT_LABELS } from '../../shared/pqr/states.ts';
import { FactList } from '../components/fact-list.tsx';
import './pqr.css';

/** A PQR's heading: its radicado, which says 'PQR' itself in the default format ('PQR-2026-000123'). */
export const pqrTitle = (radicado: string) => (/^pqr/i.test(radicado) ? radicado : `PQR ${radicado}`);

function title(event: PqrEvent): string {
  if (event.kind === 'estado' && event.stateLabel) return `Cambio de estado: ${event.stateLabel}`;
  if (event.kind === 'reposicion' && event.appeal) return 'Recurso de reposición y, en subsidio, apelación';
  return PQR_EVENT_LABELS[event.kind];
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-CO')} KB`;

function Attachments({ files }: { files: PqrAttachment[] }) {
  return (
    <ul className="pqr-attachments" aria-label="Adjuntos">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download={file.name}>
            {file.name}
          </a>{' '}
          <span className="field__hint">({kb(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

function DecisionFacts({ decision }: { decision: PqrDecision }) {
  const facts = [
    ['Decisión', decision.outcomeLabel],
    ['Valor', decision.amountCop === null ? null : formatCop(decision.amountCop)],
    ['Pago', decision.paymentLabel],
    ['Referencia', decision.reference],
    ['Motivo', decision.reason],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return <FactList facts={facts} className="data-list" />;
}

/** `shownAbove`: the event the screen shows whole above the thread (the staff's 'Último mensaje del cliente'). */
export function PqrThreadList({ events, shownAbove }: { events: PqrEvent[]; shownAbove?: number }) {
  return (
    <section className="card" aria-labelledby="thread-heading">
      <h2 id="thread-heading">Historial de la PQR</h2>
      <ol className="history pqr-thread">
        {events.map((event) => (
          <li key={event.id} className={event.kind === 'nota' ? 'pqr-thread__note' : undefined}>
            <strong>{title(event)}</strong>
            {event.kind === 'nota' && (
              <span className="pqr-thread__private">Solo para el equipo: el cliente nunca ve esta nota.</span>
            )}
            <span className="history__meta">
              <time dateTime={event.at}>{formatLocalDateTime(event.at)}</time> · {event.actor}
            </span>
            {event.id === shownAbove ? (
              <p className="field__hint">
                Su texto y sus adjuntos están arriba, en «Último mensaje del cliente».
              </p>
            ) : (
              event.text && <p className="pqr-thread__text">{event.text}</p>
            )}
            {event.decision && <DecisionFacts decision={event.decision} />}
            {event.notifiedAt && (
              <span className="history__meta">
                Notificada el <time dateTime={event.notifiedAt}>{formatLocalDateTime(event.notifiedAt)}</time>
              </span>
            )}
            {event.id !== shownAbove && event.attachments.length > 0 && (
              <Attachments files={event.attachments} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
