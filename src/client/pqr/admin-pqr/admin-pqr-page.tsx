// design/pqr.md 'Answering' /admin/pqr ('PQR', admin only): the inbox ordered by due date with the business days left,
// filtered by state and tipo, searched by radicado, name or package as the admin types, in pages; below it, the
// report for a date range with 'Descargar CSV'. Anyone else gets the 403 message.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import type { InboxFilter, InboxQuery } from '../../../shared/pqr/forms.ts';
import {
  PQR_STATE_LABELS,
  PQR_STATES,
  PQR_TYPE_LABELS,
  PQR_TYPES,
  type PqrType,
} from '../../../shared/pqr/states.ts';
import { LoadFailure } from '../../app/load-failure.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link, useSearchParams } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { choicesOf, SelectField } from '../../components/select-field.tsx';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/use-debounced.ts';
import { getInbox, pqrKeys } from '../api.ts';
import '../pqr.css';
import { InboxTable } from './inbox-table.tsx';
import { PqrReportSection } from './pqr-report.tsx';

const STATE_CHOICES: ReadonlyArray<readonly [InboxFilter, string]> = [
  ['abiertas', 'Por responder'],
  ['vencida', 'Vencida'],
  ...PQR_STATES.map((state) => [state, PQR_STATE_LABELS[state]] as const),
];
const TYPE_CHOICES = PQR_TYPES.map((type) => [type, PQR_TYPE_LABELS[type]] as const);
const inboxFilter = (value: string | null): InboxFilter | '' =>
  STATE_CHOICES.find(([choice]) => choice === value)?.[0] ?? '';
const typeFilter = (value: string): PqrType | '' => PQR_TYPES.find((type) => type === value) ?? '';
const FIRST: InboxQuery = { state: '', type: '', q: '', page: 1 };

function AdminPqrPage() {
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  // 'Hoy' links here with its filter ('?estado=vencida', '?estado=abiertas').
  const [params] = useSearchParams();
  const [query, setQuery] = useState<InboxQuery>(() => ({
    ...FIRST,
    state: inboxFilter(params.get('estado')),
  }));
  // A filter or a search starts on the first page; the search follows the typing once it pauses.
  const refine = (change: Partial<InboxQuery>) => setQuery((now) => ({ ...now, ...change, page: 1 }));
  useEffect(() => setQuery((now) => (now.q === settled ? now : { ...now, q: settled, page: 1 })), [settled]);

  const inbox = useQuery({
    queryKey: pqrKeys.inbox(query),
    queryFn: ({ signal }) => getInbox(query, signal),
    placeholderData: keepPreviousData,
  });
  const refused = inbox.error instanceof RequestError && inbox.error.status === 403;
  const data = inbox.data;

  function searchNow(event: FormEvent) {
    event.preventDefault();
    refine({ q: typed.trim() });
  }

  return (
    <Page title="PQR" wide nav={refused ? undefined : <StaffNav />}>
      <h1>PQR</h1>
      {inbox.isError && (
        <LoadFailure
          error={inbox.error}
          missing={messages.serverError}
          onRetry={() => void inbox.refetch()}
          back={
            refused ? (
              <>
                Esta pantalla es solo para administradores. <Link to={paths.locker}>Ir a mi casillero</Link>
              </>
            ) : null
          }
        />
      )}
      {!refused && (
        <>
          <search className="toolbar pqr-filters">
            <form onSubmit={searchNow} className="admin-search">
              <SearchInput
                id="pqr-search"
                value={typed}
                onValue={setTyped}
                hint="Radicado, nombre, correo, documento o número de paquete."
              />
            </form>
            <SelectField
              id="pqr-state"
              label="Estado"
              value={query.state}
              onValue={(state) => refine({ state: inboxFilter(state) })}
              options={choicesOf(STATE_CHOICES)}
              empty="Todos"
            />
            <SelectField
              id="pqr-type"
              label="Tipo"
              value={query.type}
              onValue={(type) => refine({ type: typeFilter(type) })}
              options={choicesOf(TYPE_CHOICES)}
              empty="Todos"
            />
          </search>
          {inbox.isPending && <p role="status">{messages.loading}</p>}
          {data && (
            <>
              <p className="board-total">
                {data.capped
                  ? `más de ${data.total.toLocaleString('es-CO')} PQR`
                  : `${data.total.toLocaleString('es-CO')} PQR`}
                {inbox.isFetching && ' · Actualizando...'}
              </p>
              {data.rows.some((row) => row.overdue) && <Notice tone="info">{data.overdueMeaning}</Notice>}
              <InboxTable rows={data.rows} busy={inbox.isPlaceholderData} />
              {(data.capped || data.total > data.pageSize) && (
                <Pager
                  page={data.page}
                  pages={Math.ceil(data.total / data.pageSize)}
                  capped={data.capped}
                  hasNext={data.rows.length >= data.pageSize}
                  busy={inbox.isPlaceholderData}
                  onPage={(page) => setQuery((now) => ({ ...now, page }))}
                />
              )}
            </>
          )}
          <PqrReportSection />
        </>
      )}
    </Page>
  );
}

export default withQuery(AdminPqrPage);
