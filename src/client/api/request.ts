// The one fetch wrapper: JSON (or a raw file upload) in, JSON out, the server's Spanish message as the error,
// 401 → /login.
import { messages } from '../../shared/messages.ts';

/** The API's error answer: `{ error: { code, message, field?, details? } }` (src/server/http.ts). */
export interface ErrorBody {
  code: string;
  message: string;
  /** The request field the message belongs to: a form shows it beside that field. */
  field?: string;
  details?: Record<string, unknown>;
}

export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Do not send the person to /login on a 401 (the login form itself, public pages). */
  allowUnauthenticated?: boolean;
  signal?: AbortSignal;
}

/** Sends one request and reads its JSON answer; every error, whatever the body sent, is handled here. */
async function send<T>(
  method: string,
  path: string,
  init: { body?: BodyInit; contentType?: string },
  options: RequestOptions,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: init.contentType ? { 'content-type': init.contentType } : {},
      body: init.body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RequestError(0, 'network', messages.networkError);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as { error?: Partial<ErrorBody> } | null;
  if (!response.ok) {
    if (response.status === 401 && !options.allowUnauthenticated) window.location.assign('/login');
    throw new RequestError(
      response.status,
      data?.error?.code ?? 'unknown',
      data?.error?.message ?? (response.status >= 500 ? messages.serverError : messages.badJson),
      data?.error?.field,
      data?.error?.details,
    );
  }
  return data as T;
}

export function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return send<T>(
    method,
    path,
    body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' },
    options,
  );
}

/** A file as the raw request body (PUT), typed by the browser's guess; the server checks the bytes themselves. */
export function upload<T>(path: string, file: Blob, options: RequestOptions = {}): Promise<T> {
  return send<T>('PUT', path, { body: file, contentType: file.type || 'application/octet-stream' }, options);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
  upload,
};
