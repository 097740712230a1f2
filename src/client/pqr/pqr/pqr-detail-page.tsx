// design/pqr.md: one PQR with its whole thread, for its customer (signed in) or its visitor (the mailed link's
// `clave`); while it awaits an answer, 'Añadir información'; within the review window, 'Recurso de reposición' with
// 'Apelación' en subsidio. Another's radicado is a 404.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatCalendarDay, formatLocalDateTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import type { PqrThread } from '../../../shared/pqr/api-types.ts';
import { canAnswer, OVERDUE_LABEL } from '../../../shared/pqr/states.ts';
import { Loaded } from '../../app/load-failure.tsx';
import { Page } from '../../app/page.tsx';
import { queryClient, withQuery } from '../../app/query-client.tsx';
import { Link, useParams, useSearchParams } from '../../app/router.tsx';
import { FactList } from '../../components/fact-list.tsx';
import { Notice } from '../../components/notice.tsx';
import { getThread, pqrKeys } from '../api.ts';
import { PqrThreadList, pqrTitle } from '../pqr-thread.tsx';
import { MoreInfoForm } from './more-info-form.tsx';
import { ReviewForm } from './review-form.tsx';

function PqrDetailPage() {
  const radicado = useParams().radicado ?? '';
  const clave = useSearchParams()[0].get('clave') ?? '';
  return (
    <Page title={pqrTitle(radicado)}>
      <h1>{pqrTitle(radicado)}</h1>
      {/* Another radicado is another PQR: nothing of the previous one's form carries over. */}
      <PqrScreen key={`${radicado}\u0000${clave}`} radicado={radicado} clave={clave} />
    </Page>
  );
}

function PqrScreen({ radicado, clave }: { radicado: string; clave: string }) {
  const thread = useQuery({
    queryKey: pqrKeys.thread(radicado, clave),
    queryFn: ({ signal }) => getThread(radicado, clave, signal),
  });
  const changed = (next: PqrThread) => {
    queryClient.setQueryData(pqrKeys.thread(radicado, clave), next);
    void queryClient.invalidateQueries({ queryKey: pqrKeys.mine });
  };
  return (
    <Loaded
      query={thread}
      missing="No encontramos esa PQR. Revisa el número de radicado o el enlace del correo."
      back={<Link to={paths.pqr}>Volver a PQR</Link>}
    >
      {(pqr) => <PqrView pqr={pqr} clave={clave} onChanged={changed} />}
    </Loaded>
  );
}

function PqrView(props: { pqr: PqrThread; clave: string; onChanged: (pqr: PqrThread) => void }) {
  const { pqr } = props;
  const [reviewed, setReviewed] = useState('');
  const reviewedRef = useRef<HTMLDivElement>(null);
  const about: Array<[string, string]> = pqr.packageNumber
    ? [['Paquete', String(pqr.packageNumber)]]
    : pqr.guide
      ? [['Guía', pqr.guide]]
      : [];
  const facts: Array<[string, string]> = [
    ['Tipo', pqr.typeLabel],
    ['Estado', pqr.overdue ? `${pqr.stateLabel} · ${OVERDUE_LABEL}` : pqr.stateLabel],
    ...about,
    ['Radicada el', formatLocalDateTime(pqr.filedAt)],
    ['Respuesta a más tardar el', formatCalendarDay(pqr.dueDate)],
    ['Respuesta por', pqr.channelLabel],
  ];
  return (
    <>
      <FactList facts={facts} className="data-list" />
      {pqr.packageNumber !== null && !props.clave && (
        <p>
          <Link to={paths.packageDetail(pqr.packageNumber)}>Ver el paquete {pqr.packageNumber}</Link>
        </p>
      )}
      <PqrThreadList events={pqr.events} />
      {canAnswer(pqr.state) && (
        <MoreInfoForm
          radicado={pqr.radicado}
          clave={props.clave}
          onChanged={(changed) => {
            setReviewed(changed.message);
            props.onChanged(changed.pqr);
          }}
        />
      )}
      <div ref={reviewedRef} tabIndex={-1} className="package-notice">
        {reviewed && <Notice tone="success">{reviewed}</Notice>}
      </div>
      {!reviewed && pqr.review.open && (
        <ReviewForm
          radicado={pqr.radicado}
          clave={props.clave}
          closesOn={pqr.review.closesOn}
          reviewDays={pqr.deadlines.reviewDays}
          onChanged={(changed) => {
            setReviewed(changed.message);
            props.onChanged(changed.pqr);
            requestAnimationFrame(() => reviewedRef.current?.focus());
          }}
        />
      )}
      {!reviewed && !pqr.review.open && pqr.review.closesOn && pqr.review.reason && (
        <section className="card" aria-labelledby="review-heading">
          <h2 id="review-heading">Pedir la revisión de la respuesta</h2>
          <Notice tone="info">{pqr.review.reason}</Notice>
        </section>
      )}
      {!props.clave && (
        <p>
          <Link to={paths.pqr}>Volver a PQR</Link>
        </p>
      )}
    </>
  );
}

export default withQuery(PqrDetailPage);
