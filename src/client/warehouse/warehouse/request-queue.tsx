// 'Solicitudes' on /bodega (design/requests.md): the customers' open requests, oldest first, with the kind, the
// customer and 'Casillero', the packages, the note and the age; 'Iniciar', 'Completar' (request-complete.tsx) and
// 'Rechazar' with its 'Motivo'.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { QUEUE_PAGE, REPACK_OPTIONS } from '../../../shared/requests/kinds.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { getRequestQueue, type QueuedRequest, queueKeys, queueStep } from '../../requests/api.ts';
import { RequestComplete } from './request-complete.tsx';

function RefuseForm({ id, onDone }: { id: number; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  async function refuse() {
    try {
      onDone((await queueStep(id, 'refuse', { reason })).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.serverError);
    }
  }
  return (
    <div className="confirm">
      <Field
        id={`refuse-${id}`}
        label="Motivo"
        value={reason}
        error={error}
        onValue={setReason}
        maxLength={500}
      />
      <button type="button" className="button button--danger" onClick={() => void refuse()}>
        Confirmar rechazo
      </button>
    </div>
  );
}

function QueuedItem({
  request,
  onDone,
}: {
  request: QueuedRequest;
  onDone: (message: string, newPackage?: number | null) => void;
}) {
  const [open, setOpen] = useState<'complete' | 'refuse' | null>(null);
  const [error, setError] = useState('');
  async function start() {
    try {
      onDone((await queueStep(request.id, 'start')).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.serverError);
    }
  }
  return (
    <li className="request-queue__item">
      <div>
        <p className="request-queue__title">
          Solicitud {request.id}: {request.kindLabel} · {request.stateLabel}
        </p>
        <p>
          {request.customerName} · Casillero {request.lockerNumber} ·{' '}
          <time dateTime={request.createdAt}>{formatLocalDateTime(request.createdAt)}</time>
        </p>
        <p>
          Paquetes:{' '}
          {request.packages
            .map((pkg) => `${pkg.number}${pkg.location ? ` (${pkg.location})` : ''}`)
            .join(', ')}
        </p>
        {request.repackOption && <p>{REPACK_OPTIONS[request.repackOption]}</p>}
        {request.note && <p>Nota: {request.note}</p>}
        {request.labelUrl && (
          <p>
            <a href={request.labelUrl}>Guía de devolución de la tienda</a>
          </p>
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <div className="actions">
          {request.state === 'pendiente' && (
            <button type="button" className="button button--small" onClick={() => void start()}>
              Iniciar
            </button>
          )}
          {request.state === 'en_proceso' && (
            <button type="button" className="button button--small" onClick={() => setOpen('complete')}>
              Completar
            </button>
          )}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setOpen('refuse')}
          >
            Rechazar
          </button>
        </div>
        {open === 'refuse' && <RefuseForm id={request.id} onDone={onDone} />}
        {open === 'complete' && <RequestComplete request={request} onDone={onDone} />}
      </div>
    </li>
  );
}

export function RequestQueue() {
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: queueKeys.queue, queryFn: ({ signal }) => getRequestQueue(signal) });
  const [notice, setNotice] = useState('');
  // A consolidation's new package: its label is offered here, where it stays once the request leaves the queue.
  const [created, setCreated] = useState<number | null>(null);
  function done(message: string, newPackage: number | null = null) {
    setNotice(message);
    setCreated(newPackage);
    void queryClient.invalidateQueries({ queryKey: queueKeys.queue });
  }
  const count = queue.data ? ` (${queue.data.requests.length}${queue.data.more ? '+' : ''})` : '';
  return (
    <section className="card request-queue" aria-labelledby="requests-queue-heading">
      <h2 id="requests-queue-heading">Solicitudes{count}</h2>
      {notice && <Notice tone="success">{notice}</Notice>}
      {created !== null && (
        <p>
          <a className="button button--secondary" href={paths.label(created)}>
            Imprimir etiqueta
          </a>
        </p>
      )}
      {queue.isPending && <p role="status">{messages.loading}</p>}
      {queue.isError && <Notice tone="error">{queue.error.message}</Notice>}
      {queue.data?.requests.length === 0 && <p>No hay solicitudes abiertas.</p>}
      {queue.data && queue.data.requests.length > 0 && (
        <ul className="request-queue__list">
          {queue.data.requests.map((request) => (
            <QueuedItem key={request.id} request={request} onDone={done} />
          ))}
        </ul>
      )}
      {queue.data?.more && (
        <p>
          Se muestran las {QUEUE_PAGE} más antiguas; las siguientes aparecen a medida que completas o rechazas
          estas.
        </p>
      )}
    </section>
  );
}
