// The signed-in person's users record as the signed-in screens read it: ONE ['me'] query (GET /api/me), which the
// site header's session reads too (auth/session.ts); signing out and asking for a new verification mail.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Me } from '../../shared/accounts/api-types.ts';
import { messages } from '../../shared/messages.ts';
import { RequestError } from '../app/request.ts';
import { getMe } from './api.ts';
import { sessionAnswered } from './session.ts';

export type { Me } from '../../shared/accounts/api-types.ts';
export { signOut } from './api.ts';

export const meKeys = { me: ['me'] as const };

/** Each answer also tells the session, so every header shows who is signed in now. */
async function readMe({ signal }: { signal?: AbortSignal }): Promise<Me> {
  let me: Me;
  try {
    me = await getMe(signal);
  } catch (error) {
    // A read cancelled (its screen left) says nothing about the session.
    if (error instanceof RequestError) sessionAnswered(null, error);
    // design/product.md §8: a missing record is reported on the console with this text.
    if (error instanceof RequestError && error.code === 'user_not_found')
      console.warn(messages.documentNotFound);
    else if (error instanceof RequestError && error.status !== 401) console.error(error.message);
    throw error;
  }
  sessionAnswered(me);
  return me;
}

// The one query of the record; useMe says when a screen may take its answer.
export const meQuery = queryOptions({ queryKey: meKeys.me, queryFn: readMe });

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; me: Me }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/**
 * The record as the server holds it now: each screen that reads it asks once as it opens (readers opening together
 * share that one request, the header's session included), as a cached record may be someone else's — the login form
 * may have read the session before another person signed in on this tab. No session sends the person to /login.
 */
export function useMe(): MeState {
  const [openedAt] = useState(Date.now);
  const { data, error, dataUpdatedAt, isFetching } = useQuery({ ...meQuery, refetchOnMount: 'always' });
  const signedOut = error instanceof RequestError && error.status === 401;
  useEffect(() => {
    // The query asks without request.ts's redirect, as public screens read it too; a signed-in screen needs someone.
    if (signedOut) window.location.assign('/login');
  }, [signedOut]);
  if (data && dataUpdatedAt >= openedAt) return { status: 'ready', me: data };
  if (isFetching || !error || signedOut) return { status: 'loading' };
  if (error instanceof RequestError && error.code === 'user_not_found') return { status: 'missing' };
  return { status: 'error', message: error.message };
}
