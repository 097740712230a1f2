// design/pqr.md /pqr ('PQR'): a signed-in customer files a PQR about the service or one of their packages and sees
// their PQR (state, radicado, dates); a visitor who is not a customer files one with their name, ID number and e-mail
// and follows it by the link we mail. Filing shows the radicado and the due date at once.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatCalendarDay } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import type { PqrFiled } from '../../../shared/pqr/api-types.ts';
import { Page } from '../../app/page.tsx';
import { queryClient, withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link, useNavigate, useSearchParams } from '../../app/router.tsx';
import { meQuery } from '../../auth/me.ts';
import { useSession } from '../../auth/session.ts';
import { Notice } from '../../components/notice.tsx';
import { listPackages, packageKeys } from '../../packages/api.ts';
import { getMyPqrs, pqrKeys } from '../api.ts';
import { FilingForm } from './filing-form.tsx';
import { PqrCards } from './pqr-cards.tsx';

/** The mailed link of a visitor's PQR (`/pqr?radicado=…&clave=…`) opens that PQR's page. */
function mailedLink(params: URLSearchParams): string | null {
  const radicado = params.get('radicado');
  const clave = params.get('clave');
  return radicado && clave ? `${paths.pqrDetail(radicado)}?${new URLSearchParams({ clave })}` : null;
}

function PqrPage() {
  const [params] = useSearchParams();
  const link = mailedLink(params);
  const navigate = useNavigate();
  useEffect(() => {
    if (link) navigate(link, { replace: true });
  }, [link, navigate]);
  if (link) return <p role="status">{messages.loading}</p>;
  return <PqrScreen />;
}

/**
 * Who is here: a visitor unless this browser's session hint says someone signed in (so a visitor's page asks
 * nothing and logs no 401); then the record says whether it is a customer's.
 */
function PqrScreen() {
  const hinted = useSession(null) !== null;
  const me = useQuery({ ...meQuery, enabled: hinted });
  const signedOut = !hinted || (me.error instanceof RequestError && me.error.status === 401);
  return (
    <Page title="PQR">
      <h1>PQR</h1>
      <p>
        Peticiones, quejas, reclamos y solicitudes de indemnización. Cada una recibe un número de radicado y
        la respondemos dentro del plazo legal, contado en días hábiles.
      </p>
      {signedOut ? (
        <VisitorFiling />
      ) : me.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : me.isError ? (
        <Retry error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data.role === 'customer' ? (
        <CustomerPqr />
      ) : (
        <Notice tone="info">
          Las PQR de los clientes se atienden en <Link to={paths.adminPqr}>PQR de administración</Link>.
        </Notice>
      )}
    </Page>
  );
}

function Retry({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Notice tone="error">
      <p>{error.message || messages.serverError}</p>
      <button type="button" className="button button--small" onClick={onRetry}>
        Reintentar
      </button>
    </Notice>
  );
}

/** The acknowledgement: the server's sentence, then the radicado and the due date on their own. */
function Filed({ filed, linked }: { filed: PqrFiled; linked: boolean }) {
  return (
    <Notice tone="success">
      <p>{filed.message}</p>
      <p>
        Número de radicado: <strong>{filed.radicado}</strong> · Fecha límite de respuesta:{' '}
        <strong>{formatCalendarDay(filed.dueDate)}</strong>
      </p>
      {linked ? (
        <p>
          <Link to={paths.pqrDetail(filed.radicado)}>Ver la PQR {filed.radicado}</Link>
        </p>
      ) : (
        <p>Te enviamos lo mismo por correo, con un enlace para seguir tu PQR.</p>
      )}
    </Notice>
  );
}

function VisitorFiling() {
  const [filed, setFiled] = useState<PqrFiled | null>(null);
  return (
    <section className="pqr-section" aria-labelledby="filing-heading">
      <h2 id="filing-heading">Radicar una PQR</h2>
      <p>
        No necesitas una cuenta. Si ya eres cliente, <Link to={paths.login}>inicia sesión</Link> para elegir
        el paquete y ver tus PQR.
      </p>
      {filed && <Filed filed={filed} linked={false} />}
      <FilingForm onFiled={setFiled} />
    </section>
  );
}

function CustomerPqr() {
  const [params] = useSearchParams();
  const [filed, setFiled] = useState<PqrFiled | null>(null);
  const returning = useRef<boolean | null>(null);
  const list = useQuery({ queryKey: pqrKeys.mine, queryFn: ({ signal }) => getMyPqrs(signal) });
  const packages = useQuery({
    queryKey: packageKeys.list({ q: '', page: 1 }),
    queryFn: ({ signal }) => listPackages({ q: '', page: 1 }, signal),
  });
  const asked = /^\d{1,9}$/.test(params.get('paquete') ?? '') ? (params.get('paquete') ?? '') : '';
  const choices: Array<readonly [string, string]> = (packages.data?.packages ?? []).map((pkg) => [
    String(pkg.number),
    `Paquete ${pkg.number} · ${pkg.content}`,
  ]);
  // The package the person came from is offered even when it is not among the newest.
  if (asked && !choices.some(([number]) => number === asked)) choices.unshift([asked, `Paquete ${asked}`]);

  if (list.isPending || packages.isPending) return <p role="status">{messages.loading}</p>;
  if (list.isError) return <Retry error={list.error} onRetry={() => void list.refetch()} />;

  // A returning customer finds their PQR first; someone filing their first finds the form first. Decided once, so
  // filing does not move the form from under its confirmation.
  if (returning.current === null) returning.current = list.data.pqrs.length > 0;
  const filingSection = (
    <section className="pqr-section" aria-labelledby="filing-heading">
      <h2 id="filing-heading">Radicar una PQR</h2>
      <p>
        Te respondemos a más tardar en {list.data.deadlines.answerDays} días hábiles. Si no estás de acuerdo
        con la respuesta, puedes pedir su revisión dentro de los {list.data.deadlines.reviewDays} días hábiles
        siguientes.
      </p>
      {filed && <Filed filed={filed} linked />}
      <FilingForm
        email={list.data.email}
        packages={choices}
        initialPackage={asked}
        newestOnly={
          packages.data && packages.data.total > packages.data.pageSize ? packages.data.pageSize : undefined
        }
        onFiled={(answer) => {
          setFiled(answer);
          void queryClient.invalidateQueries({ queryKey: pqrKeys.all });
        }}
      />
    </section>
  );
  const mineSection = (
    <section className="pqr-section" aria-labelledby="mine-heading">
      <h2 id="mine-heading">Tus PQR</h2>
      {list.data.pqrs.length === 0 ? (
        <p>Aún no has radicado ninguna PQR.</p>
      ) : (
        <PqrCards pqrs={list.data.pqrs} busy={list.isFetching} />
      )}
    </section>
  );
  return returning.current ? (
    <>
      {mineSection}
      {filingSection}
    </>
  ) : (
    <>
      {filingSection}
      {mineSection}
    </>
  );
}

export default withQuery(PqrPage);
