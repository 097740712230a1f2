// The server's log (ADR 0016): one JSON line per event through pino, on stdout, for a log service to read. A
// request's lines carry its id and, once known, the signed-in user's id (request-log.ts puts them in the
// request's context); everything else logs through `log` alone. `npm run dev` pipes the lines through pino-pretty.
// Nothing personal is ever passed to it: ids, routes, states and error messages, never a body, a header or a
// cookie; the redaction below is the belt for a field someone might add by mistake.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** What failed, for the log line's `kind` and the `casillero_failures_total{kind}` counter. */
export type FailureKind =
  | 'http'
  | 'mail'
  | 'whatsapp'
  | 'whatsapp_webhook'
  | 'payments'
  | 'audit'
  | 'csv'
  | 'live'
  | 'first_paint'
  | 'housekeeping'
  | 'files'
  | 'database'
  | 'einvoice';

/** Keys that must never reach a line, at the top and one level down (`{ user: { password } }`). */
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'cedula',
  'documento',
  'telefono',
  'phone',
  'direccion1',
  'direccion2',
  'address',
];

/** Where the lines go: stdout, unless a test points them elsewhere (test/support/console.ts). */
let target: DestinationStream = pino.destination({ dest: 1, sync: true });
const sink: DestinationStream = { write: (line) => target.write(line) };

export const log: Logger = pino(
  {
    level: 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)], censor: '[oculto]' },
  },
  sink,
);

/** Tests only: every line from now on goes to `stream`. */
export function setLogDestination(stream: DestinationStream): void {
  target = stream;
}

/** What a request's context holds while it runs: its own logger, its user once known, and its instance's counter. */
export interface RequestScope {
  log: Logger;
  requestId: string;
  userId?: string;
  countFailure(kind: FailureKind): void;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The current request's logger (with its id), or the process' outside a request. */
export function currentLog(): Logger {
  return requestScope.getStore()?.log ?? log;
}

/** Says who is signed in, for the request's line (auth/session.ts calls it once the session is read). */
export function noteSignedInUser(userId: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.userId = userId;
}

/**
 * Logs a failure at level error with its kind and the error's message and stack (never its cause's data), and counts
 * it on the request's instance. Outside a request it is logged only: workers count through their own `failureLog`.
 */
export function logFailure(kind: FailureKind, message: string, error?: unknown): void {
  const scope = requestScope.getStore();
  (scope?.log ?? log).error({ kind, err: errorOf(error) }, message);
  scope?.countFailure(kind);
}

/** A failure that is retried or answered anyway: a warning with its kind, counted on the request's instance. */
export function logWarning(kind: FailureKind, message: string): void {
  const scope = requestScope.getStore();
  (scope?.log ?? log).warn({ kind }, message);
  scope?.countFailure(kind);
}

/** An error as the line carries it: its type, message and stack; anything else as text. */
export function errorOf(error: unknown): { type: string; message: string; stack?: string } | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}
