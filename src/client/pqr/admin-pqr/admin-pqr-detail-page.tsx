// design/pqr.md 'Answering': one PQR for the staff (admin only). First what must be answered (issue 37): the customer's
// last message with its photos as thumbnails, the legal due day ('Vencida' with what it means) and 'Responder' (and
// 'Decisión' for an indemnización); then the whole thread with the internal notes, 'Cambiar estado' and 'Nota
// interna'. Beside them on a desktop (below on a phone): its facts, 'Expediente' as one PDF for the SIC, the
// customer, and the package with its history (folded), photos and proof of delivery.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatCalendarDay, formatLocalDateTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import type { PqrStaffChanged, PqrStaffDetail } from '../../../shared/pqr/api-types.ts';
import { Loaded } from '../../app/load-failure.tsx';
import { Page } from '../../app/page.tsx';
import { queryClient, withQuery } from '../../app/query-client.tsx';
import { Link, useParams } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { FactList } from '../../components/fact-list.tsx';
import { Notice } from '../../components/notice.tsx';
import { getStaffPqr, pqrKeys } from '../api.ts';
import { PqrThreadList, pqrTitle } from '../pqr-thread.tsx';
import { DecisionCard } from './decision-card.tsx';
import { CustomerCard, PackageCard } from './pqr-context.tsx';
import { lastCustomerMessage, PqrLead } from './pqr-lead.tsx';
import { AnswerCard, NoteCard, StateCard } from './staff-actions.tsx';

/** A new radicado is a new PQR: its key drops the previous one's notices and forms. */
function AdminPqrDetailPage() {
  const radicado = useParams().radicado ?? '';
  const detail = useQuery({
    queryKey: pqrKeys.staffDetail(radicado),
    queryFn: ({ signal }) => getStaffPqr(radicado, signal),
  });
  return (
    <Page title={pqrTitle(radicado)} wide nav={<StaffNav />}>
      <h1>{pqrTitle(radicado)}</h1>
      <Loaded
        query={detail}
        missing="No encontramos esa PQR."
        back={<Link to={paths.adminPqr}>Volver a PQR</Link>}
      >
        {(pqr) => <StaffPqrView key={radicado} pqr={pqr} />}
      </Loaded>
    </Page>
  );
}

function StaffPqrView({ pqr }: { pqr: PqrStaffDetail }) {
  const [done, setDone] = useState('');
  const doneRef = useRef<HTMLDivElement>(null);

  function changed(answer: PqrStaffChanged) {
    queryClient.setQueryData(pqrKeys.staffDetail(pqr.radicado), answer.pqr);
    void queryClient.invalidateQueries({ queryKey: pqrKeys.staff });
    setDone(answer.message);
    requestAnimationFrame(() => doneRef.current?.focus());
  }

  const facts: Array<readonly [string, string]> = [
    ['Tipo', pqr.typeLabel],
    ['Estado', pqr.stateLabel],
    ['Radicada el', formatLocalDateTime(pqr.filedAt)],
    ['Vence el', formatCalendarDay(pqr.dueDate)],
    ['Respuesta por', pqr.channelLabel],
    ...(pqr.answeredAt ? [['Respondida el', formatLocalDateTime(pqr.answeredAt)] as const] : []),
    ...(!pqr.packageNumber && pqr.guide ? [['Guía', pqr.guide] as const] : []),
    ...(pqr.noGuide ? [['Guía', 'No conserva la guía'] as const] : []),
  ];

  const last = lastCustomerMessage(pqr.events);
  return (
    <>
      <div ref={doneRef} tabIndex={-1} className="package-notice">
        {done && <Notice tone="success">{done}</Notice>}
      </div>
      <div className="pqr-staff">
        <div className="pqr-staff__main">
          <PqrLead pqr={pqr} />
          {pqr.unsentAnswers.map((answer) => (
            <Notice key={answer.eventId} tone="error">
              La respuesta del {formatLocalDateTime(answer.at)}: {answer.message}
            </Notice>
          ))}
          {pqr.canAnswer && <AnswerCard pqr={pqr} onChanged={changed} />}
          {pqr.canDecide && <DecisionCard pqr={pqr} onChanged={changed} />}
          <PqrThreadList events={pqr.events} shownAbove={last?.id} />
          {pqr.moves.length > 0 && <StateCard pqr={pqr} onChanged={changed} />}
          <NoteCard pqr={pqr} onChanged={changed} />
        </div>
        <aside className="pqr-staff__context" aria-label="Datos de la PQR">
          <FactList facts={facts} className="data-list" />
          <p>
            <a className="button button--secondary" href={pqr.expedienteUrl} target="_blank" rel="noopener">
              Expediente (PDF)
            </a>
          </p>
          <CustomerCard customer={pqr.customer} />
          {pqr.package && <PackageCard pkg={pqr.package} proof={pqr.proof} cargo={pqr.cargo} />}
        </aside>
      </div>
      <p>
        <Link to={paths.adminPqr}>Volver a PQR</Link>
      </p>
    </>
  );
}

export default withQuery(AdminPqrDetailPage);
