// The account calls any screen may make without the query library (the first paint of '/' and the sign-in forms
// load this): GET /api/me and signing out. Signed-in screens read the record through the ['me'] query (me.ts).
import type { Me } from '../../shared/accounts/api-types.ts';
import { api } from './request.ts';

/** GET /api/me. A 401 is the caller's to handle: on a public screen it only means nobody is signed in. */
export const getMe = (signal?: AbortSignal) => api.get<Me>('/api/me', { signal, allowUnauthenticated: true });

export async function signOut(): Promise<void> {
  await api.post('/api/logout', {}, { allowUnauthenticated: true }).catch(() => {});
  window.location.assign('/login');
}
