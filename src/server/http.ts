// The one error contract of the API, { error: { code, message, field?, details? } } with a Spanish message, and the helpers that
// read a request's JSON body with a shared schema and learn who is calling.

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { messages } from '../shared/messages.ts';
import { firstIssueMessage } from '../shared/schemas.ts';

export interface ApiErrorOptions {
  /** The request field the error belongs to (a zod issue's path), so the client shows it beside that field. */
  field?: string;
  /** Data the client needs beyond the message, e.g. `{ refused }`: the packages a move refused, with why. */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An error answer of the API: `{ error: { code, message, field?, details? } }` with its status and headers. */
export class ApiError extends Error {
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.field = options.field;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export function errorResponse(c: Context, error: ApiError) {
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
  const result = schema.safeParse(body);
  if (!result.success) {
    const field = result.error.issues[0]?.path[0];
    throw new ApiError(400, 'invalid', firstIssueMessage(result.error), {
      field: typeof field === 'string' ? field : undefined,
    });
  }
  return result.data;
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
