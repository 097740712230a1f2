// The state of 'Lista de Casilleros': the debounced search, the page read from the server, live registrations.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import {
  type AdminUser,
  eventsUrl,
  matchesSearch,
  normalizeSearch,
  SEARCH_DEBOUNCE_MS,
  type UsersPage,
  usersUrl,
} from '../../api/admin.ts';
import { api, RequestError } from '../../api/request.ts';

/** The page on screen, with the search it answers (a live registration is compared with that search). */
export type Shown = UsersPage & { q: string };

export type Access = 'ok' | 'forbidden' | 'unverified' | 'missing';

const STREAM_RETRY_MS = 5000;

export function useLockerList() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [access, setAccess] = useState<Access>('ok');
  const [liveNotice, setLiveNotice] = useState<string | null>(null);
  // Set by the first list: the live stream starts there.
  const [streamFrom, setStreamFrom] = useState<string | null>(null);
  // Users already on screen at the first load or already announced: never announced (again).
  const known = useRef(new Set<string>());
  const reload = () => setReloads((count) => count + 1);

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is a trigger: a change asks for the page again.
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
  }, [search, page, reloads]);

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
        setReloads((count) => count + 1);
      });
      source.onerror = () => {
        // The browser reconnects by itself after a network error; a refusal (the session ended, the role was
        // revoked) closes the stream for good: read the list again, which leads to /login or the no-access page,
        // and try the stream again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        setReloads((count) => count + 1);
        retry = setTimeout(connect, STREAM_RETRY_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [streamFrom, access]);

  /** A role changed on the server: the row shows it without reading the page again. */
  function setRole(id: string, role: string) {
    setShown(
      (current) =>
        current && {
          ...current,
          users: current.users.map((user) => (user.id === id ? { ...user, role } : user)),
        },
    );
  }

  return {
    input,
    setInput,
    search,
    searchNow,
    setPage,
    shown,
    loading,
    error,
    access,
    liveNotice,
    reload,
    setRole,
  };
}
