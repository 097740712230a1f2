// What a capability refuses, in Spanish and without HTTP: the domain errors, mapped to statuses in one place
// (http.ts's errorResponse, called by app.ts's onError).
//
// The rule: every refusal of the domain, in a module or in a route file, is one of these. ApiError (http.ts) is
// kept for what only HTTP knows: a body's media type (415), its size (413), malformed JSON (400 bad_json), a
// missing session (401), a foreign origin (403 cross_origin) and the fallbacks (404 for an unknown API path, 500).
import { operationsMessages } from '../shared/packages/operations.ts';

export const PACKAGE_NOT_FOUND = 'No encontramos ese paquete.';
export const DISPATCH_NOT_FOUND = 'No encontramos ese despacho.';

export interface DomainErrorOptions {
  /** The request body's field the refusal belongs to, so the client shows it beside that field. */
  field?: string;
  /** Data the client needs beyond the message (e.g. `{ refused }`). */
  details?: Record<string, unknown>;
}

/** A refusal with its code and Spanish message; the subclass says which kind of refusal it is. */
export abstract class DomainError extends Error {
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  constructor(
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.field = options.field;
    this.details = options.details;
  }
}

/** What the request asks for does not exist, or is not the caller's to know about (404). */
export class NotFound extends DomainError {
  constructor(message: string, code = 'not_found') {
    super(code, message);
  }
}

/** What was sent does not pass a check (400). */
export class Invalid extends DomainError {}

/** The thing exists but its state refuses the change (409). */
export class Conflict extends DomainError {}

/** The caller may not do this (403). */
export class Forbidden extends DomainError {}

/** Too many attempts: try again after `retryAfterSeconds` (429). */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** One package a bulk move refused, and why. */
export interface Refusal {
  number: number;
  reason: string;
  /** Set when no package has that number (a 404 for one package, a refusal among many). */
  missing?: true;
}

/** A bulk move refused whole (dispatches, 'Cambiar estado'): 409 `refused`, the list in `details.refused`. */
export class Refused extends Conflict {
  constructor(readonly refused: Refusal[]) {
    super('refused', operationsMessages.refused(refused.length), { details: { refused } });
  }
}

/** The Spanish words of a 503 while the database is away (a restart, a failover). */
export const DATABASE_UNAVAILABLE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/**
 * The database cannot be reached just now (503 `unavailable`, with Retry-After): the error handler answers it for
 * any lost or refused connection (db/errors.ts's isConnectionLost), so a restart of PostgreSQL is a clean answer
 * the client may retry, never a hang or a 500.
 */
export class Unavailable extends DomainError {
  constructor(
    message = DATABASE_UNAVAILABLE,
    readonly retryAfterSeconds = 5,
  ) {
    super('unavailable', message);
  }
}
