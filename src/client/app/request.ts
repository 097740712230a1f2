// The one fetch wrapper: JSON (or a raw file upload) in, JSON out, the server's Spanish message as the error,
// 401 → /login. `failure` reads an error answer the same way for the one XMLHttpRequest (photo upload progress).
import { messages } from '../../shared/messages.ts';

/** The API's error answer: `{ error: { code, message, field?, details? } }` (src/server/http.ts). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The request field the message belongs to: a form shows it beside that field. */
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
  /** 'no-cache': revalidate with the server what the browser may have kept. */
  cache?: RequestCache;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The error of a failed answer (its status and parsed body); a 401 also sends the person to /login. A 409's
 * `refused` beside the message (before the server moved it into details) is read as `details.refused`.
 */
export function failure(status: number, data: unknown, options: RequestOptions = {}): RequestError {
  if (status === 401 && !options.allowUnauthenticated) window.location.assign('/login');
  const error: Record<string, unknown> = isRecord(data) && isRecord(data.error) ? data.error : {};
  const { refused } = error;
  return new RequestError(
    status,
    text(error.code) ?? 'unknown',
    text(error.message) ?? (status >= 500 ? messages.serverError : messages.badJson),
    text(error.field),
    isRecord(error.details) ? error.details : refused ? { refused } : undefined,
  );
}

/** A successful answer as the type its call names. */
export function answerOf<T>(data: unknown): T {
  // cast: the server checks every answer against its shared type (`satisfies Api.X`); checking it again here
  // would send every schema to the browser.
  return data as T;
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
      cache: options.cache,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RequestError(0, 'network', messages.networkError);
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, data, options);
  return answerOf<T>(data);
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

/**
 * A file as the raw request body (PUT unless told), typed by the browser's guess unless told; the server checks
 * the bytes themselves.
 */
export function upload<T>(
  path: string,
  file: Blob,
  options: RequestOptions & { method?: string; contentType?: string } = {},
): Promise<T> {
  const contentType = options.contentType ?? (file.type || 'application/octet-stream');
  return send<T>(options.method ?? 'PUT', path, { body: file, contentType }, options);
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
