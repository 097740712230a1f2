// The account's requests, which any screen may make without the query library (the first paint of '/' and the
// sign-in forms load this): the record (GET /api/me), signing out, registration and its captcha, sign-in, the mailed
// links (verification, password reset, new e-mail) and the changes made in 'Mis datos'. Signed-in screens read the
// record through the ['me'] query (me.ts). The public requests never send the person to /login on a 401.
import type {
  Captcha,
  Confirmation,
  Me,
  PersonalDataSaved,
  Registered,
  ResetLinkValid,
  SignedIn,
} from '../../shared/accounts/api-types.ts';
import type { Registration } from '../../shared/registration.ts';
import { api } from '../app/request.ts';
import type { Correction } from '../privacy/api.ts';

const PUBLIC = { allowUnauthenticated: true };

export const getCaptcha = () => api.get<Captcha>('/api/captcha', PUBLIC);

export const register = (body: Registration) => api.post<Registered>('/api/register', body, PUBLIC);

/** Said on the window when someone signs in: what the tab cached belonged to whoever was here before. */
export const SIGNED_IN_EVENT = 'casillero:signed-in';

export async function signIn(body: { email: string; password: string }): Promise<SignedIn> {
  const signedIn = await api.post<SignedIn>('/api/login', body, PUBLIC);
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
  return signedIn;
}

export const requestPasswordReset = (body: { email: string }) =>
  api.post<Confirmation>('/api/password-reset/request', body, PUBLIC);

/** Whether a reset link still works, without spending it. */
export const checkResetLink = (token: string, signal?: AbortSignal) =>
  api.get<ResetLinkValid>(`/api/password-reset/check?token=${encodeURIComponent(token)}`, {
    ...PUBLIC,
    signal,
  });

export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post<Confirmation>('/api/password-reset', body, PUBLIC);

/** 'Reenviar correo de verificación': for the signed-in person with no body, for a visitor with their e-mail. */
export const resendVerification = (body: { email?: string } = {}) =>
  api.post<Confirmation>('/api/verify-email/resend', body, PUBLIC);

/** Spends a verification link's token. */
export const verifyEmail = (token: string) => api.post<Confirmation>('/api/verify-email', { token }, PUBLIC);

/** Spends the token of the link mailed to a new address, which becomes the account's e-mail. */
export const confirmNewEmail = (token: string) =>
  api.post<Confirmation>('/api/me/email/confirm', { token }, PUBLIC);

export const changeEmail = (body: { newEmail: string; password: string }) =>
  api.post<Confirmation>('/api/me/email', body);

export const changeCedula = (body: { cedula: string; password: string }) =>
  api.post<PersonalDataSaved>('/api/me/cedula', body);

export const correctMyData = (body: Correction) => api.patch<PersonalDataSaved>('/api/me', body);

export const deleteAccount = (body: { password: string }) => api.post<Confirmation>('/api/me/delete', body);

/** GET /api/me. A 401 is the caller's to handle: on a public screen it only means nobody is signed in. */
export const getMe = (signal?: AbortSignal) => api.get<Me>('/api/me', { signal, allowUnauthenticated: true });

export async function signOut(): Promise<void> {
  await api.post('/api/logout', {}, { allowUnauthenticated: true }).catch(() => {});
  window.location.assign('/login');
}
