// Spends the one-use token of a mailed link (?token=…) once, as its page opens: e-mail verification and the
// confirmation of a new e-mail address. The server's answer, good or bad, is the message to show.
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/request.ts';
import { useSearchParams } from '../router.tsx';

export type MailedLinkState = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/** `endpoint` receives `{ token }`; `missing` is said when the link carries no token at all. */
export function useMailedLink(endpoint: string, missing: string): MailedLinkState {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<MailedLinkState>(
    token ? { status: 'checking' } : { status: 'failed', message: missing },
  );
  const started = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the one-use token twice.
    if (!token || started.current) return;
    started.current = true;
    api
      .post<{ message: string }>(endpoint, { token }, { allowUnauthenticated: true })
      .then(({ message }) => setState({ status: 'done', message }))
      .catch((error: Error) => setState({ status: 'failed', message: error.message }));
  }, [endpoint, token]);

  return state;
}
