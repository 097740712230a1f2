// What the staff must answer, on top of one PQR (issue 37): the customer's last message (the filing, a review or
// information they added) with its photos as thumbnails, and the legal due day with the business days left; the
// 'Responder' card follows it. The thread below keeps that message's place, pointing up here instead of repeating it.
import { formatCalendarDay, formatLocalDateTime } from '../../../shared/dates.ts';
import type { PqrAttachment, PqrEvent, PqrEventKind, PqrStaffDetail } from '../../../shared/pqr/api-types.ts';
import { Notice } from '../../components/notice.tsx';
import { DaysLeft } from './inbox-table.tsx';

/** The events a customer (or a visitor) writes. */
export const CUSTOMER_KINDS: ReadonlySet<PqrEventKind> = new Set(['radicada', 'reposicion', 'informacion']);

/** The customer's newest message, or undefined on a PQR with none (never: a filing is one). */
export const lastCustomerMessage = (events: PqrEvent[]) =>
  events.findLast((event) => CUSTOMER_KINDS.has(event.kind));

const isImage = (file: PqrAttachment) => file.mime.startsWith('image/');

function Files({ files }: { files: PqrAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="pqr-lead__files" aria-label="Adjuntos del mensaje">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noopener">
            {isImage(file) ? <img src={file.url} alt={file.name} width={96} height={96} /> : file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function PqrLead({ pqr }: { pqr: PqrStaffDetail }) {
  const last = lastCustomerMessage(pqr.events);
  return (
    <section className="card pqr-lead" aria-labelledby="pqr-lead-heading">
      <h2 id="pqr-lead-heading">Último mensaje del cliente</h2>
      {last && (
        <>
          <p className="history__meta">
            <time dateTime={last.at}>{formatLocalDateTime(last.at)}</time>, {last.actor}
          </p>
          <p className="pqr-thread__text pqr-lead__text">{last.text}</p>
          <Files files={last.attachments} />
        </>
      )}
      <p className="pqr-lead__due">
        Vence el {formatCalendarDay(pqr.dueDate)}
        {pqr.canAnswer && (
          <>
            {' '}
            (días hábiles restantes:{' '}
            <DaysLeft
              state={pqr.state}
              days={pqr.businessDaysLeft}
              dueSoon={pqr.dueSoon}
              overdue={pqr.overdue}
            />
            )
          </>
        )}
      </p>
      {pqr.overdue && <Notice tone="error">{pqr.overdueMeaning}</Notice>}
    </section>
  );
}
