// The account's requests: registration and its captcha, sign-in, the mailed links (verification, password reset,
// new e-mail) and the changes made in 'Mis datos'. The public ones never send the person to /login on a 401.
import type { Registration } from '../../shared/registration.ts';
import type { Correction, PersonalData } from './my-data.ts';
import { api } from './request.ts';

const PUBLIC = { allowUnauthenticated: true };

/** What most account requests answer: the Spanish sentence to show. */
export interface Said {
  message: string;
}

export interface Captcha {
  id: string;
  svg: string;
}

export const getCaptcha = () => api.get<Captcha>('/api/captcha', PUBLIC);

export const register = (body: Registration) => api.post<unknown>('/api/register', body, PUBLIC);

export const signIn = (body: { email: string; password: string }) =>
  api.post<{ role: string; redirectTo: string }>('/api/login', body, PUBLIC);

export const requestPasswordReset = (body: { email: string }) =>
  api.post<Said>('/api/password-reset/request', body, PUBLIC);

/** Whether a reset link still works, without spending it. */
export const checkResetLink = (token: string, signal?: AbortSignal) =>
  api.get<unknown>(`/api/password-reset/check?token=${encodeURIComponent(token)}`, { ...PUBLIC, signal });

export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post<Said>('/api/password-reset', body, PUBLIC);

export const resendVerification = (body: { email: string }) =>
  api.post<Said>('/api/verify-email/resend', body, PUBLIC);

/** Spends a verification link's token. */
export const verifyEmail = (token: string) => api.post<Said>('/api/verify-email', { token }, PUBLIC);

/** Spends the token of the link mailed to a new address, which becomes the account's e-mail. */
export const confirmNewEmail = (token: string) => api.post<Said>('/api/me/email/confirm', { token }, PUBLIC);

export const changeEmail = (body: { newEmail: string; password: string }) =>
  api.post<Said>('/api/me/email', body);

export const changeCedula = (body: { cedula: string; password: string }) =>
  api.post<Said & { data: PersonalData }>('/api/me/cedula', body);

export const correctMyData = (body: Correction) => api.patch<Said & { data: PersonalData }>('/api/me', body);

export const deleteAccount = (body: { password: string }) => api.post<Said>('/api/me/delete', body);
