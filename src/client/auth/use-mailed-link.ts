// Spends the one-use token of a mailed link (?token=…) once, as its page opens: e-mail verification and the
// confirmation of a new e-mail address. The server's answer, good or bad, is the message to show.
import { useEffect, useRef, useState } from 'react';
import type { Confirmation } from '../../shared/accounts/api-types.ts';
import { useSearchParams } from '../app/router.tsx';

export type MailedLinkState = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/** `spend` sends the token (auth/api.ts); `missing` is said when the link carries no token at all. */
export function useMailedLink(
  spend: (token: string) => Promise<Confirmation>,
  missing: string,
): MailedLinkState {
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
    spend(token)
      .then(({ message }) => setState({ status: 'done', message }))
      .catch((error: Error) => setState({ status: 'failed', message: error.message }));
  }, [spend, token]);

  return state;
}
