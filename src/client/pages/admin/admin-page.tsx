// SPEC.md §2 Admin screen ('Lista de Casilleros') and §4 Admin: the searchable, paged list of lockers, read from the
// server a page at a time, kept live by the admin event stream, with a role control per row (users-table.tsx); a
// customer or bodega gets the no-access page instead.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { buildAdminWhatsAppLink } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { signOut } from '../../api/me.ts';
import { api, RequestError } from '../../api/request.ts';
import { Field } from '../../components/field.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../paths.ts';
import { useNavigate } from '../../router.tsx';
import { StaffNav } from '../admin-packages/staff-nav.tsx';
import {
  type AdminUser,
  csvUrl,
  eventsUrl,
  matchesSearch,
  normalizeSearch,
  SEARCH_DEBOUNCE_MS,
  type UsersPage,
  usersUrl,
} from './admin-api.ts';
import { AuditLog } from './audit-log.tsx';
import { type RoleResult, UsersTable } from './users-table.tsx';

/** The page on screen, with the search it answers (a live registration is compared with that search). */
type Shown = UsersPage & { q: string };

type Access = 'ok' | 'forbidden' | 'unverified' | 'missing';

const STREAM_RETRY_MS = 5000;

export default function AdminPage() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [access, setAccess] = useState<Access>('ok');
  const [liveNotice, setLiveNotice] = useState<string | null>(null);
  const [rowNotice, setRowNotice] = useState<string | null>(null);
  const [roleNotice, setRoleNotice] = useState<string | null>(null);
  // Set by the first list: the live stream starts there.
  const [streamFrom, setStreamFrom] = useState<string | null>(null);
  // Users already on screen at the first load or already announced: never announced (again).
  const known = useRef(new Set<string>());

  // The search box updates the list as you type, once typing pauses.
  useEffect(() => {
    const next = normalizeSearch(input);
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  function searchNow(event: FormEvent) {
    event.preventDefault();
    setSearch(normalizeSearch(input));
    setPage(1);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is a trigger: a change asks for the page again.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api
      .get<UsersPage>(usersUrl(search, page), { signal: controller.signal })
      .then((data) => {
        const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
        // The list shrank under this page (a narrower search): go to its last page.
        if (page > pages && !data.totalIsCapped) {
          setPage(pages);
          return;
        }
        setShown({ ...data, q: search });
        setError(null);
        setLoading(false);
        setStreamFrom((current) => {
          if (current) return current;
          for (const user of data.users) known.current.add(user.id);
          return data.cursor;
        });
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (failure instanceof RequestError && failure.status === 403)
          setAccess(failure.code === 'email_unverified' ? 'unverified' : 'forbidden');
        else if (failure instanceof RequestError && failure.code === 'user_not_found') setAccess('missing');
        // A 401 is already on its way to /login (request.ts).
        else if (!(failure instanceof RequestError && failure.status === 401))
          setError(failure instanceof Error ? failure.message : messages.serverError);
      });
    return () => controller.abort();
  }, [search, page, reload]);

  // Live: after the first load, each registration is announced, and placed on the page when it belongs there.
  useEffect(() => {
    if (!streamFrom || access !== 'ok') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastId = streamFrom;

    const onRegistered = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastId = event.lastEventId;
      const user = JSON.parse(event.data) as AdminUser;
      if (known.current.has(user.id)) return;
      known.current.add(user.id);
      setLiveNotice(messages.newLocker(user.name, user.email));
      setShown((current) => {
        if (!current || !matchesSearch(user, current.q)) return current;
        if (current.users.some((row) => row.id === user.id)) return current;
        const total = current.totalIsCapped ? current.total : current.total + 1;
        if (current.page !== 1) return { ...current, total };
        return { ...current, total, users: [user, ...current.users].slice(0, current.pageSize) };
      });
    };
    const connect = () => {
      source = new EventSource(eventsUrl(lastId));
      source.addEventListener('user-registered', onRegistered);
      source.addEventListener('ready', (event) => {
        if (event.lastEventId) lastId = event.lastEventId;
      });
      // Too much was missed while away to replay: read the page again instead.
      source.addEventListener('resync', (event) => {
        if (event.lastEventId) lastId = event.lastEventId;
        setReload((count) => count + 1);
      });
      source.onerror = () => {
        // The browser reconnects by itself after a network error; a refusal (the session ended, the role was
        // revoked) closes the stream for good: read the list again, which leads to /login or the no-access page,
        // and try the stream again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        setReload((count) => count + 1);
        retry = setTimeout(connect, STREAM_RETRY_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [streamFrom, access]);

  if (access === 'forbidden' || access === 'unverified')
    return <NoAccess unverified={access === 'unverified'} />;

  function openWhatsApp(user: AdminUser) {
    setRoleNotice(null);
    const link = buildAdminWhatsAppLink(user.telefono, user.name, user.lockerNumber);
    if (!link) {
      setRowNotice(messages.noPhone);
      return;
    }
    setRowNotice(null);
    window.open(link, '_blank', 'noopener,noreferrer');
  }

  function roleChanged(result: RoleResult) {
    setRowNotice(null);
    setRoleNotice(result.message);
    setShown(
      (current) =>
        current && {
          ...current,
          users: current.users.map((user) => (user.id === result.id ? { ...user, role: result.role } : user)),
        },
    );
  }

  function roleFailed(message: string) {
    setRoleNotice(null);
    setRowNotice(message);
  }

  const pages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;

  return (
    <Page title="Lista de Casilleros" wide nav={access === 'ok' ? <StaffNav /> : undefined}>
      <h1>Lista de Casilleros</h1>
      {access === 'missing' ? (
        <MissingRecord />
      ) : (
        <>
          <div className="toolbar">
            <search className="admin-search">
              <form onSubmit={searchNow}>
                <Field
                  id="admin-search"
                  label="Buscar"
                  type="search"
                  value={input}
                  onValue={setInput}
                  maxLength={100}
                  autoComplete="off"
                  hint="Nombre, correo, casillero, teléfono o código de referido."
                />
              </form>
            </search>
            <div className="admin-actions">
              <a className="button button--secondary" href={csvUrl(search)} download>
                Descargar CSV
              </a>
              <button type="button" className="button button--secondary" onClick={() => void signOut()}>
                Cerrar sesión
              </button>
            </div>
          </div>
          {liveNotice && <Notice tone="success">{liveNotice}</Notice>}
          {roleNotice && <Notice tone="success">{roleNotice}</Notice>}
          {rowNotice && <Notice tone="error">{rowNotice}</Notice>}
          {error && (
            <Notice tone="error">
              <p>{error}</p>
              <button
                type="button"
                className="button button--small"
                onClick={() => setReload((count) => count + 1)}
              >
                Reintentar
              </button>
            </Notice>
          )}
          {loading && (
            <p role="status" className="admin-loading">
              {messages.loading}
            </p>
          )}
          {shown && (
            <>
              <UsersTable
                users={shown.users}
                busy={loading}
                onWhatsApp={openWhatsApp}
                onRoleChanged={roleChanged}
                onRoleFailed={roleFailed}
              />
              <nav className="pager" aria-label="Paginación">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={shown.page <= 1 || loading}
                  onClick={() => setPage(shown.page - 1)}
                >
                  Anterior
                </button>
                <p className="pager__status">
                  Página {shown.page} de {shown.totalIsCapped ? `${pages}+` : pages}
                  <span className="pager__total">
                    {' · '}
                    {shown.totalIsCapped
                      ? `más de ${shown.total.toLocaleString('es-CO')} usuarios`
                      : shown.total === 1
                        ? '1 usuario'
                        : `${shown.total.toLocaleString('es-CO')} usuarios`}
                  </span>
                </p>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={(shown.page >= pages && !shown.totalIsCapped) || loading}
                  onClick={() => setPage(shown.page + 1)}
                >
                  Siguiente
                </button>
              </nav>
            </>
          )}
          <AuditLog />
        </>
      )}
    </Page>
  );
}

function NoAccess({ unverified }: { unverified: boolean }) {
  const navigate = useNavigate();
  return (
    <Page title="Sin acceso">
      <h1>Sin acceso</h1>
      <p className="lead">
        {unverified
          ? messages.adminEmailUnverified
          : `${messages.forbidden} La lista de casilleros es solo para administradores. Si crees que deberías verla, escríbenos.`}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(paths.locker)}>
          Ir a mi casillero
        </button>
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          Cerrar sesión
        </button>
      </div>
    </Page>
  );
}
