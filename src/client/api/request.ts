// The one fetch wrapper: JSON in and out, the server's Spanish message as the error, 401 → /login.
import { messages } from '../../shared/messages.ts';

export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Do not send the person to /login on a 401 (the login form itself, public pages). */
  allowUnauthenticated?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RequestError(0, 'network', messages.networkError);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string };
  } | null;
  if (!response.ok) {
    if (response.status === 401 && !options.allowUnauthenticated) window.location.assign('/login');
    throw new RequestError(
      response.status,
      data?.error?.code ?? 'unknown',
      data?.error?.message ?? (response.status >= 500 ? messages.serverError : messages.badJson),
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};
