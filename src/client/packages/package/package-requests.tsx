// The package's 'Solicitudes' (design/requests.md): each request it is in, with its state, the fee accepted, the
// warehouse's 'Motivo' when refused and 'Cancelar' while 'Pendiente'; while it waits in Miami with none open, the
// requests the customer may ask for it ('Consolidar' is asked from 'Mis paquetes', choosing several).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { formatCop, formatUsd } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { requestRefusal, requestVerdict } from '../../../shared/packages/offers.ts';
import { paths } from '../../../shared/paths.ts';
import { OPEN_REQUEST_STATES, type RequestKind } from '../../../shared/requests/kinds.ts';
import { Link } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';
import { cancelRequest, getRequests, type PackageRequest, requestKeys } from '../../requests/api.ts';
import { RequestButtons, RequestForm } from '../../requests/request-buttons.tsx';
import { packageKeys } from '../api.ts';

function RequestItem({ request, onCancel }: { request: PackageRequest; onCancel: (id: number) => void }) {
  return (
    <li>
      <strong>
        Solicitud {request.id}: {request.kindLabel}
      </strong>{' '}
      — <span>{request.stateLabel}</span>
      <br />
      {formatUsd(request.feeCents)} ({formatCop(request.feeCop)}){request.note && <> · {request.note}</>}
      {request.reason && <> · Motivo: {request.reason}</>}
      {request.resultPackageNumber !== null && (
        <>
          {' '}
          · Nuevo paquete{' '}
          <Link to={paths.packageDetail(request.resultPackageNumber)}>{request.resultPackageNumber}</Link>
        </>
      )}
      {request.state === 'pendiente' && (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => onCancel(request.id)}
        >
          Cancelar
        </button>
      )}
    </li>
  );
}

export function PackageRequests({ pkg }: { pkg: PackageDetail }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: requestKeys.ofPackage(pkg.number),
    queryFn: ({ signal }) => getRequests(pkg.number, signal),
  });
  const [asking, setAsking] = useState<RequestKind | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const requests = list.data?.requests ?? [];
  const open = requests.some((request) => OPEN_REQUEST_STATES.includes(request.state));
  // The server's rule (shared/packages/offers.ts); the list read here also counts a request opened meanwhile.
  const mayAsk = requestVerdict(pkg) === 'ask' && !open && list.isSuccess;
  const refusal = requestRefusal(pkg);
  if (requests.length === 0 && !mayAsk && !refusal) return null;

  async function cancel(id: number) {
    try {
      setNotice({ tone: 'success', text: (await cancelRequest(id)).message });
    } catch (failure) {
      setNotice({ tone: 'error', text: failure instanceof Error ? failure.message : messages.serverError });
    }
    void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    void queryClient.invalidateQueries({ queryKey: packageKeys.all });
  }

  return (
    <section className="card" aria-labelledby="requests-heading">
      <h2 id="requests-heading">Solicitudes</h2>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {requests.length > 0 && (
        <ul className="request-list">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} onCancel={(id) => void cancel(id)} />
          ))}
        </ul>
      )}
      {refusal && <p className="field__hint">{refusal}</p>}
      {mayAsk && !asking && (
        <>
          <p className="field__hint">
            Podemos trabajar tu paquete en Miami antes de enviarlo. Para consolidar, elige varios paquetes en{' '}
            <Link to={paths.packages}>Mis paquetes</Link>.
          </p>
          <RequestButtons count={1} onChoose={setAsking} />
        </>
      )}
      {mayAsk && asking && (
        <RequestForm
          kind={asking}
          numbers={[pkg.number]}
          onClose={() => setAsking(null)}
          onDone={(text) => {
            setAsking(null);
            setNotice({ tone: 'success', text });
          }}
        />
      )}
    </section>
  );
}
