// design/packages.md 'Operations' /admin/paquetes ('Paquetes', admin only): every package, searched on the server as
// the admin types ('Buscar') and filtered by 'Estado', in pages; for the selection 'Cambiar estado' and 'Crear
// despacho' (disabled, with the reason, until a package is ticked); 'Descargar CSV' with the filters on screen and
// 'Importar estados'. Each row's number opens the package's staff view. Anyone else gets the 403 message.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link, useSearchParams } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useSearchBox } from '../../components/use-search-box.ts';
import { DispatchForm } from '../../dispatches/dispatch-form.tsx';
import { boardCsvUrl, getBoard, operationKeys } from '../operations-api.ts';
import { StateChangeForm } from '../state-change-form.tsx';
import { StateOptions } from '../state-options.tsx';
import { BoardTable, totalText } from './board-table.tsx';
import { ImportStates } from './import-states.tsx';
import './admin-packages.css';

type Panel = 'state' | 'dispatch';
/** The bulk actions, each a button that opens its form below the board (and hides while that form is open). */
const PANELS: ReadonlyArray<readonly [Panel, string]> = [
  ['state', 'Cambiar estado'],
  ['dispatch', 'Crear despacho'],
];

function Board() {
  const queryClient = useQueryClient();
  const search = useSearchBox();
  const { q } = search;
  // 'Hoy' links here with its filter ('?estado=retenido').
  const [params] = useSearchParams();
  const [estado, setEstado] = useState(() => params.get('estado') ?? '');
  const filterKey = `${q}\u0000${estado}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  // A new search or filter starts on its first page.
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [panel, setPanel] = useState<Panel | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const board = useQuery({
    queryKey: operationKeys.boardPage({ q, estado, page }),
    queryFn: ({ signal }) => getBoard({ q, estado, page }, signal),
    placeholderData: keepPreviousData,
  });
  const refused = board.error instanceof RequestError && board.error.status === 403;

  function toggle(numbers: number[], on: boolean) {
    setSelected((now) => {
      const next = new Set(now);
      for (const number of numbers) {
        if (on) next.add(number);
        else next.delete(number);
      }
      return next;
    });
  }

  function open(which: Panel) {
    setDone(null);
    setPanel(which);
  }

  function stateChanged(message: string) {
    setPanel(null);
    setSelected(new Set());
    setDone(message);
    void queryClient.invalidateQueries({ queryKey: operationKeys.board });
    void queryClient.invalidateQueries({ queryKey: operationKeys.dispatches });
    requestAnimationFrame(() => doneRef.current?.focus());
  }

  const data = board.data;
  const numbers = [...selected].sort((a, b) => a - b);
  // 'Cambiar estado' and 'Crear despacho' act on the selection: without one they wait, and say why.
  const none = selected.size === 0;

  return (
    <Page title="Paquetes" wide nav={refused ? undefined : <StaffNav />}>
      <h1>Paquetes</h1>
      {board.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : refused ? (
        <Notice tone="error">
          <p>{board.error?.message}</p>
          <p>
            Esta pantalla es solo para administradores. <Link to={paths.locker}>Ir a mi casillero</Link>
          </p>
        </Notice>
      ) : (
        <>
          <div className="toolbar board-filters">
            <search className="admin-search">
              <form onSubmit={search.searchNow}>
                <div className="field">
                  <SearchInput
                    id="board-search"
                    {...search.box}
                    hint="Número de paquete, guía, casillero o nombre del cliente."
                  />
                </div>
              </form>
            </search>
            <div className="field board-filters__state">
              <label htmlFor="board-state">Estado</label>
              <select id="board-state" value={estado} onChange={(event) => setEstado(event.target.value)}>
                <option value="">Todos</option>
                <StateOptions />
              </select>
            </div>
            <a className="button button--secondary" href={boardCsvUrl({ q, estado })} download>
              Descargar CSV
            </a>
          </div>

          <div className="board-actions">
            <p className="board-actions__count">
              {selected.size === 0
                ? 'Ningún paquete seleccionado.'
                : selected.size === 1
                  ? '1 paquete seleccionado.'
                  : `${selected.size.toLocaleString('es-CO')} paquetes seleccionados.`}
            </p>
            {PANELS.map(
              ([which, label]) =>
                panel !== which && (
                  <button
                    key={which}
                    type="button"
                    className="button button--small"
                    disabled={none}
                    aria-describedby={none ? 'board-actions-hint' : undefined}
                    onClick={() => open(which)}
                  >
                    {label}
                  </button>
                ),
            )}
            {none && (
              <p className="field__hint board-actions__hint" id="board-actions-hint">
                Marca la casilla de uno o más paquetes para cambiar su estado o crear un despacho.
              </p>
            )}
            {selected.size > 0 && (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => setSelected(new Set())}
              >
                Quitar selección
              </button>
            )}
          </div>
          {panel === 'state' && (
            <StateChangeForm numbers={numbers} onDone={stateChanged} onCancel={() => setPanel(null)} />
          )}
          {panel === 'dispatch' && (
            <DispatchForm numbers={numbers} autoFocus onCancel={() => setPanel(null)} />
          )}
          <div ref={doneRef} tabIndex={-1} className="package-notice">
            {done && <Notice tone="success">{done}</Notice>}
          </div>

          {board.isError && (
            <Notice tone="error">
              <p>{board.error.message || messages.serverError}</p>
              <button type="button" className="button button--small" onClick={() => void board.refetch()}>
                Reintentar
              </button>
            </Notice>
          )}
          {data && (
            <>
              <p className="board-total">
                {q || estado ? `Encontrados: ${totalText(data)}` : `Total: ${totalText(data)}`}
                {board.isFetching && ' · Actualizando...'}
              </p>
              <BoardTable
                rows={data.packages}
                busy={board.isPlaceholderData}
                selected={selected}
                onToggle={toggle}
              />
              <Pager
                page={data.page}
                pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
                capped={data.capped}
                hasNext={data.packages.length >= data.pageSize}
                busy={board.isPlaceholderData}
                onPage={(next) => setPaging({ filterKey, page: next })}
              />
            </>
          )}
          <ImportStates
            onImported={() => void queryClient.invalidateQueries({ queryKey: operationKeys.board })}
          />
        </>
      )}
    </Page>
  );
}

export default withQuery(Board);
