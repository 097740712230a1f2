// The signed-in person's users record as the signed-in screens read it: ONE ['me'] query (GET /api/me), which the
// site header's session reads too (components/session.ts); signing out and asking for a new verification mail.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Confirmation, Me } from '../../shared/accounts/api-types.ts';
import { messages } from '../../shared/messages.ts';
import { lastMe, sessionAnswered } from '../components/session.ts';
import { getMe } from './account.ts';
import { api, RequestError } from './request.ts';

export type { Me } from '../../shared/accounts/api-types.ts';
export { signOut } from './account.ts';

export const meKeys = { me: ['me'] as const };

/** Each answer also tells the session, so every header shows who is signed in now. */
async function readMe({ signal }: { signal?: AbortSignal }): Promise<Me> {
  let me: Me;
  try {
    me = await getMe(signal);
  } catch (error) {
    // A read cancelled (its screen left) says nothing about the session.
    if (error instanceof RequestError) sessionAnswered(null, error);
    // SPEC.md §8: a missing record is reported on the console with this text.
    if (error instanceof RequestError && error.code === 'user_not_found')
      console.warn(messages.documentNotFound);
    else if (error instanceof RequestError && error.status !== 401) console.error(error.message);
    throw error;
  }
  sessionAnswered(me);
  return me;
}

export const meQuery = queryOptions({
  queryKey: meKeys.me,
  queryFn: readMe,
  // A record the page already read (the welcome screen's session) is where the query starts.
  initialData: () => lastMe()?.me,
  initialDataUpdatedAt: () => lastMe()?.at,
});

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; me: Me }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** The record, read once for every screen of the tab; no session sends the person to /login. */
export function useMe(): MeState {
  const { data, error } = useQuery(meQuery);
  const signedOut = error instanceof RequestError && error.status === 401;
  useEffect(() => {
    // The query asks without request.ts's redirect, as public screens read it too; a signed-in screen needs someone.
    if (signedOut) window.location.assign('/login');
  }, [signedOut]);
  if (data) return { status: 'ready', me: data };
  if (!error || signedOut) return { status: 'loading' };
  if (error instanceof RequestError && error.code === 'user_not_found') return { status: 'missing' };
  return { status: 'error', message: error.message };
}

/** 'Reenviar correo de verificación' for the signed-in person. */
export const resendVerification = () => api.post<Confirmation>('/api/verify-email/resend');
