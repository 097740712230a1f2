// PACKAGES.md 'Customer screens' /paquetes ('Mis paquetes'): the customer's packages newest first, the counts per
// state, a server-side search ('Buscar') as the person types, pages, and an empty state that explains pre-alerts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { usePackageLiveUpdates } from '../../api/live.ts';
import { listPackages, packageKeys } from '../../api/packages.ts';
import { withQuery } from '../../api/query-client.tsx';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { SignedInNav } from '../../components/signed-in-nav.tsx';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/use-debounced.ts';
import { Link } from '../../router.tsx';
import { EmptyState, PackageCards, StateCounts } from './package-rows.tsx';

function PackagesPage() {
  return (
    <Page title="Mis paquetes" nav={<SignedInNav />}>
      <h1>Mis paquetes</h1>
      <Packages />
    </Page>
  );
}

function Packages() {
  const [input, setInput] = useState('');
  const typed = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  // Enter searches at once; otherwise the search follows the typing once it pauses.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const q = submitted ?? typed;
  const [paging, setPaging] = useState({ q, page: 1 });
  // A new search starts on its first page.
  const page = paging.q === q ? paging.page : 1;
  const list = useQuery({
    queryKey: packageKeys.list({ q, page }),
    queryFn: ({ signal }) => listPackages({ q, page }, signal),
    placeholderData: keepPreviousData,
  });
  // A state changed by the warehouse or an admin shows here without a reload (once the list has arrived).
  usePackageLiveUpdates(!list.isPending);

  function searchNow(event: FormEvent) {
    event.preventDefault();
    setSubmitted(input.trim());
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const hasAny = data ? Object.values(data.counts).some((count) => (count ?? 0) > 0) : false;

  return (
    <>
      <search>
        <form className="package-search" onSubmit={searchNow}>
          <SearchInput
            id="package-search"
            value={input}
            onValue={(value) => {
              setInput(value);
              setSubmitted(null);
            }}
            hint="Por número de guía, tienda o contenido."
          />
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
          <StateCounts counts={data.counts} />
          {data.total === 0 && !q && <EmptyState />}
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
              <PackageCards packages={data.packages} busy={list.isPlaceholderData} />
            </>
          )}
          {data.total > data.pageSize && (
            <Pager
              page={page}
              pages={pages}
              busy={list.isPlaceholderData}
              onPage={(next) => {
                setPaging({ q, page: next });
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
