// The one error contract of the API, { error: { code, message, field?, details? } } with a Spanish message, where
// the domain's errors (errors.ts) get their statuses; and the helpers that read a request: its JSON body with a
// shared schema, an upload's bytes, the caller's address.

import { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { messages } from '../shared/messages.ts';
import { firstIssueMessage } from '../shared/schemas.ts';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Database } from './db/open.ts';
import {
  Conflict,
  DomainError,
  type DomainErrorOptions,
  Forbidden,
  Invalid,
  NotFound,
  TooManyAttempts,
  Unavailable,
} from './errors.ts';

/** What a capability's routes are built from. */
export interface RouteDeps {
  db: Database;
  auth: Auth;
  config: Config;
}

export interface ApiErrorOptions extends DomainErrorOptions {
  headers?: Record<string, string>;
}

/**
 * An error answer of the API, `{ error: { code, message, field?, details? } }`, with its status and headers: what
 * only HTTP knows (errors.ts says which); the domain's refusals become one in errorResponse.
 */
export class ApiError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(
    readonly status: ContentfulStatusCode,
    code: string,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(code, message, options);
    this.headers = options.headers ?? {};
  }
}

/**
 * The one mapping of the domain's refusals to HTTP statuses (errors.ts says which error is which): the API's
 * answers, and each action's status in the courier's sync (delivery/sync.ts).
 */
export function statusOf(error: DomainError): ContentfulStatusCode {
  if (error instanceof ApiError) return error.status;
  if (error instanceof NotFound) return 404;
  if (error instanceof Invalid) return 400;
  if (error instanceof Conflict) return 409;
  if (error instanceof Forbidden) return 403;
  if (error instanceof TooManyAttempts) return 429;
  if (error instanceof Unavailable) return 503;
  return 500;
}

/** A domain error as the API answers it. */
function toApiError(error: DomainError): ApiError {
  const { code, message, field, details } = error;
  const headers =
    error instanceof TooManyAttempts || error instanceof Unavailable
      ? { 'retry-after': String(error.retryAfterSeconds) }
      : undefined;
  return new ApiError(statusOf(error), code, message, { field, details, headers });
}

export function errorResponse(c: Context, thrown: DomainError) {
  const error = thrown instanceof ApiError ? thrown : toApiError(thrown);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const { code, message, field, details } = error;
  return c.json(
    { error: { code, message, ...(field ? { field } : {}), ...(details ? { details } : {}) } },
    error.status,
  );
}

/** The JSON body parsed with `schema`; a malformed body or a failed check throws a 400 with the first message. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  // JSON only: a cross-site form or text/plain body cannot reach the API without a CORS preflight.
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
    throw new ApiError(415, 'unsupported_media_type', messages.badJson);
  let body: unknown;
  try {
    // NUL never reaches PostgreSQL (text columns refuse it), whatever field carries it.
    body = JSON.parse(await c.req.text(), (_key, value) =>
      typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
    );
  } catch {
    throw new ApiError(400, 'bad_json', messages.badJson);
  }
  return checkedBody(schema, body);
}

/** `body` checked with `schema`: its parsed value, or an Invalid (400) with the first message and field. */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw failedCheck(result.error);
  return result.data;
}

/** A failed check of a shared schema as the domain refuses it: its first message, on its field. */
export function failedCheck(error: z.ZodError): Invalid {
  const field = error.issues[0]?.path[0];
  return new Invalid('invalid', firstIssueMessage(error), {
    field: typeof field === 'string' ? field : undefined,
  });
}

/**
 * A request body's size limit: past `maxSize` bytes, `refusal` (a 413). A body that declares its length is judged
 * by the header alone and never opened here (finishBodyBeforeAnswer then reads it away); a chunked one is counted as
 * it is read, and refused part-read with `Connection: close`.
 */
export function bodySizeLimit(maxSize: number, refusal: () => ApiError): MiddlewareHandler {
  const counted = bodyLimit({
    maxSize,
    onError: (c) => {
      // Its stream is open and half-read: it cannot be read away, so the socket closes after the answer.
      c.header('connection', 'close');
      return errorResponse(c, refusal());
    },
  });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    // Node has already refused a malformed Content-Length with a 400.
    return Number(length) > maxSize ? Promise.resolve(errorResponse(c, refusal())) : next();
  };
}

/** A body refused unread is read away before its answer if it is at most this long… */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
/** …and arrives within this time. */
const DISCARD_MS = 2000;

/**
 * An answer ready before the request's body has arrived (a refusal before reading it: a 413 by its declared length,
 * a 401 or 403 before an upload is read) waits until the rest of the body has been read and thrown away: the
 * connection then stays open, and the client, which may still be sending, surely reads the answer. A body longer
 * than DISCARD_MAX_BYTES or slower than DISCARD_MS is not waited for: the answer says `Connection: close` and Node
 * closes the socket after it, so no client sends another request on it. Left to @hono/node-server, the socket was
 * kept alive, drained for at most 500 ms and then closed under the request the client had sent next (issue 23).
 */
export const finishBodyBeforeAnswer: MiddlewareHandler = async (c, next) => {
  await next();
  // Only over a real socket: app.request() in tests has no Node request.
  const env: unknown = c.env;
  const incoming = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : undefined;
  if (
    !(incoming instanceof IncomingMessage) ||
    incoming.complete ||
    c.res.headers.get('connection') === 'close'
  )
    return;
  if (!(await discardBody(incoming))) c.header('connection', 'close');
};

/** Reads the rest of `incoming`'s body and throws it away; false when it is too long or too slow to wait for. */
function discardBody(incoming: IncomingMessage): Promise<boolean> {
  if (!(Number(incoming.headers['content-length']) <= DISCARD_MAX_BYTES)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      incoming.off('end', settle).off('close', settle).off('error', settle);
      resolve(incoming.complete);
    };
    const timer = setTimeout(settle, DISCARD_MS);
    incoming.on('end', settle).on('close', settle).on('error', settle);
    incoming.resume();
  });
}

/** A JSON body's size limit: past `maxSize` bytes, a 413 'too_large' with the common message. */
export const jsonBodyLimit = (maxSize: number) =>
  bodySizeLimit(maxSize, () => new ApiError(413, 'too_large', messages.tooLarge));

/** An upload route's size limit: past `maxSize` bytes, a 413 with the route's own message. */
export const uploadLimit = (maxSize: number, message: string) =>
  bodySizeLimit(maxSize, () => new ApiError(413, 'invalid_file', message));

/** Types a cross-site form can send: refused on uploads, so only a script of ours, with a preflight, can upload. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\b/;

/** An upload's bytes, once its type is one `accepts` (by default any a cross-site form cannot send); else 415. */
export async function uploadedBytes(
  c: Context,
  message: string,
  accepts: (type: string) => boolean = (type) => Boolean(type) && !FORM_TYPES.test(type),
): Promise<ArrayBuffer> {
  if (!accepts((c.req.header('content-type') ?? '').toLowerCase()))
    throw new ApiError(415, 'unsupported_media_type', message);
  return c.req.arrayBuffer();
}

/**
 * The caller's address: the socket's peer, or, behind a reverse proxy (TRUST_PROXY=true), the address the proxy
 * put first in X-Forwarded-For. A client can write that header itself, so it is trusted only when asked.
 */
export function clientIp(c: Context, trustProxy = false): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  if (forwarded) return forwarded;
  try {
    // IPv4 peers of a dual-stack socket come as ::ffff:a.b.c.d; people and logs know them as a.b.c.d.
    return getConnInfo(c).remote.address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
