// The state of 'Lista de Casilleros': the debounced search, the page read from the server (a TanStack query per
// search and page), live registrations placed on the page on screen.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { answerOf, RequestError } from '../../app/request.ts';
import { SEARCH_DEBOUNCE_MS } from '../../components/use-debounced.ts';
import {
  type AdminUser,
  adminKeys,
  eventsUrl,
  getUsers,
  matchesSearch,
  normalizeSearch,
  type UsersPage,
} from '../api.ts';

/** The page on screen, with the search it answers (a live registration is compared with that search). */
export type Shown = UsersPage & { q: string };

export type Access = 'ok' | 'forbidden' | 'unverified' | 'missing';

const STREAM_RETRY_MS = 5000;

/** What an error means for the screen: no access (403), no users record, or a message to show with 'Reintentar'. */
function readFailure(failure: unknown): { access: Access; error: string | null } {
  if (failure instanceof RequestError && failure.status === 403)
    return { access: failure.code === 'email_unverified' ? 'unverified' : 'forbidden', error: null };
  if (failure instanceof RequestError && failure.code === 'user_not_found')
    return { access: 'missing', error: null };
  // A 401 is already on its way to /login (request.ts).
  if (!failure || (failure instanceof RequestError && failure.status === 401))
    return { access: 'ok', error: null };
  return { access: 'ok', error: failure instanceof Error ? failure.message : messages.serverError };
}

export function useLockerList() {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [liveNotice, setLiveNotice] = useState<string | null>(null);
  // Set by the first list: the live stream starts there.
  const [streamFrom, setStreamFrom] = useState<string | null>(null);
  // Users already on screen at the first load or already announced: never announced (again).
  const known = useRef(new Set<string>());
  // The page shown while another is read, or after a read failed: the list never empties while the admin waits.
  const lastShown = useRef<Shown | null>(null);
  const key = adminKeys.usersPage(search, page);

  // Every search and page is asked of the server again (nothing kept once left), as registrations arrive all day.
  const query = useQuery<Shown>({
    queryKey: key,
    queryFn: ({ signal }) => getUsers(search, page, signal).then((data): Shown => ({ ...data, q: search })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const answer = query.isPlaceholderData ? undefined : query.data;
  // The list shrank under this page (a narrower search): go to its last page rather than show an empty one.
  const lastPage = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : page;
  const beyond = answer !== undefined && page > lastPage && !answer.totalIsCapped;
  if (answer && !beyond) lastShown.current = answer;
  const shown = lastShown.current;

  useEffect(() => {
    if (beyond) setPage(lastPage);
  }, [beyond, lastPage]);

  useEffect(() => {
    if (!answer || streamFrom) return;
    for (const user of answer.users) known.current.add(user.id);
    setStreamFrom(answer.cursor);
  }, [answer, streamFrom]);

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

  /** Changes the page on screen in the cache, as the server would now answer it. */
  const current = useRef(key);
  current.current = key;
  const edit = useCallback(
    (change: (shown: Shown) => Shown) =>
      queryClient.setQueryData<Shown>(current.current, (data) => data && change(data)),
    [queryClient],
  );

  const { refetch } = query;
  const { access, error } = readFailure(query.error);

  // Live: after the first load, each registration is announced, and placed on the page when it belongs there.
  useEffect(() => {
    if (!streamFrom || access !== 'ok') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastId = streamFrom;

    const onRegistered = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastId = event.lastEventId;
      const user = answerOf<AdminUser>(JSON.parse(event.data));
      if (known.current.has(user.id)) return;
      known.current.add(user.id);
      setLiveNotice(messages.newLocker(user.name, user.email));
      edit((data) => {
        if (!matchesSearch(user, data.q) || data.users.some((row) => row.id === user.id)) return data;
        const total = data.totalIsCapped ? data.total : data.total + 1;
        if (data.page !== 1) return { ...data, total };
        return { ...data, total, users: [user, ...data.users].slice(0, data.pageSize) };
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
        void refetch();
      });
      source.onerror = () => {
        // The browser reconnects by itself after a network error; a refusal (the session ended, the role was
        // revoked) closes the stream for good: read the list again, which leads to /login or the no-access page,
        // and try the stream again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        void refetch();
        retry = setTimeout(connect, STREAM_RETRY_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [streamFrom, access, refetch, edit]);

  /** A role changed on the server: the row shows it without reading the page again. */
  function setRole(id: string, role: string) {
    edit((data) => ({
      ...data,
      users: data.users.map((user) => (user.id === id ? { ...user, role } : user)),
    }));
  }

  return {
    input,
    setInput,
    search,
    searchNow,
    setPage,
    shown,
    loading: query.isFetching || beyond,
    error,
    access,
    liveNotice,
    reload: () => void refetch(),
    setRole,
  };
}
