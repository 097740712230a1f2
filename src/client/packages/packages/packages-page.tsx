// design/packages.md 'Customer screens' /paquetes ('Mis paquetes'): the customer's packages newest first, what needs
// their attention, the counts per state as chips that filter the list (`?estado=`, kept across a reload), a server-side
// search ('Buscar') as the person types, pages, and an empty state that explains pre-alerts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { PackageSummary } from '../../../shared/packages/api-types.ts';
import { payVerdict } from '../../../shared/packages/offers.ts';
import { isPackageState, type PackageState, STATE_LABELS } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { onlinePaymentOn } from '../../app/app-config.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { Link, useNavigate, useSearchParams } from '../../app/router.tsx';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useSearchBox } from '../../components/use-search-box.ts';
import { PayOnline } from '../../payments/pay-online.tsx';
import { listPackages, packageKeys } from '../api.ts';
import { AttentionLine } from '../attention-line.tsx';
import { usePackageLiveUpdates } from '../live.ts';
import { ChosenRequests } from './chosen-requests.tsx';
import { EmptyState, PackageCards, StateChips } from './package-rows.tsx';
import './packages.css';

function PackagesPage() {
  return (
    <Page title="Mis paquetes" nav={<SignedInNav />}>
      <h1>Mis paquetes</h1>
      <Packages />
    </Page>
  );
}

/** A package 'Pagar seleccionados' may pay: the server's rule (shared/packages/offers.ts). */
const payable = (pkg: PackageSummary) => payVerdict(pkg) === 'pay';
/** The state chosen by a chip, from the URL; null for all (or for a state that does not exist). */
function useChosenState(): [PackageState | null, (state: PackageState | null) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wanted = params.get('estado');
  const chosen = wanted && isPackageState(wanted) ? wanted : null;
  const choose = (state: PackageState | null) =>
    navigate(state ? `${paths.packages}?estado=${state}` : paths.packages, { replace: true });
  return [chosen, choose];
}

/** `set` with `number` added, or taken out when it was there. */
function toggled(set: ReadonlySet<number>, number: number): ReadonlySet<number> {
  const after = new Set(set);
  if (!after.delete(number)) after.add(number);
  return after;
}

function Packages() {
  const [state, chooseState] = useChosenState();
  const search = useSearchBox();
  const { q } = search;
  const [paging, setPaging] = useState({ q, state, page: 1 });
  // Packages chosen for 'Pagar seleccionados' (while online payment is on), apart from those chosen for a request.
  const [payChosen, setPayChosen] = useState<ReadonlySet<number>>(new Set());
  const selection = onlinePaymentOn()
    ? { chosen: payChosen, toggle: (number: number) => setPayChosen((before) => toggled(before, number)) }
    : null;
  // A new search or filter starts on its first page.
  const page = paging.q === q && paging.state === state ? paging.page : 1;
  const params = { q, page, state };
  const list = useQuery({
    queryKey: packageKeys.list(params),
    queryFn: ({ signal }) => listPackages(params, signal),
    placeholderData: keepPreviousData,
  });
  // A state changed by the warehouse or an admin shows here without a reload (once the list has arrived).
  usePackageLiveUpdates(!list.isPending);

  // Packages chosen for a request ('Solicitudes'), across searches and pages.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (number: number) => setChosen((before) => toggled(before, number));

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const hasAny = data ? Object.values(data.counts).some((count) => (count ?? 0) > 0) : false;

  return (
    <>
      <search>
        <form className="package-search" onSubmit={search.searchNow}>
          <SearchInput id="package-search" {...search.box} hint="Por número de guía, tienda o contenido." />
        </form>
      </search>

      {list.isPending && <p role="status">Cargando tus paquetes...</p>}
      {list.isError && (
        <Notice tone="error">
          <p>{list.error instanceof Error ? list.error.message : messages.serverError}</p>
          <button type="button" className="button button--small" onClick={() => void list.refetch()}>
            Reintentar
          </button>
        </Notice>
      )}

      {data && (
        <>
          <AttentionLine attention={data.attention} />
          <StateChips counts={data.counts} chosen={state} onChoose={chooseState} />
          {!hasAny && !q && <EmptyState />}
          {hasAny && data.total === 0 && !q && state && (
            <p role="status" className="no-results">
              No tienes paquetes en «{STATE_LABELS[state]}».
            </p>
          )}
          {data.total === 0 && q && (
            <p role="status" className="no-results">
              No encontramos paquetes que coincidan con «{q}». Revisa lo que escribiste o busca por otra
              palabra.
            </p>
          )}
          {data.total > 0 && (
            <>
              <p className="package-total" role="status">
                {q
                  ? `${data.total} ${data.total === 1 ? 'paquete encontrado' : 'paquetes encontrados'}`
                  : `${data.total} ${data.total === 1 ? 'paquete' : 'paquetes'}`}
                {list.isFetching && ' · Actualizando...'}
              </p>
              <PackageCards
                packages={data.packages}
                busy={list.isPlaceholderData}
                chosen={chosen}
                onToggle={toggle}
                waiting={data.waiting}
                selection={selection}
              />
              <ChosenRequests chosen={chosen} waiting={data.waiting} onDone={() => setChosen(new Set())} />
              {data.packages.some(payable) && (
                <PayOnline
                  numbers={data.packages
                    .filter((pkg) => payChosen.has(pkg.number) && payable(pkg))
                    .map((pkg) => pkg.number)}
                  label="Pagar seleccionados"
                />
              )}
            </>
          )}
          {data.total > data.pageSize && (
            <Pager
              page={page}
              pages={pages}
              busy={list.isPlaceholderData}
              onPage={(next) => {
                setPaging({ q, state, page: next });
                window.scrollTo(0, 0);
              }}
            />
          )}
          {hasAny && (
            <p className="actions">
              <Link to={paths.notify} className="button button--secondary">
                Notificar otro paquete
              </Link>
            </p>
          )}
        </>
      )}
    </>
  );
}

export default withQuery(PackagesPage);
