// PostgreSQL's errors as both drivers report them (wrapped by Drizzle in a cause).

/** True when `error` (or one of its causes) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error || (current && typeof current === 'object'); ) {
    const candidate = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === constraint || candidate.message?.includes(constraint))
    )
      return true;
    current = candidate.cause;
    if (!current) break;
  }
  return false;
}

/** Node's socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is going away or not ready: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery), 53300 too_many_connections. */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own words for a connection that ended, or that never came, without a code. */
const LOST_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused)/i;

/**
 * True when `error` (or one of its causes) says the database could not be reached or dropped the connection — a
 * restart, a failover, a network cut — rather than refusing the query: the request may succeed if tried again.
 */
export function isConnectionLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (SOCKET_CODES.has(code) || SERVER_GONE_STATES.has(code) || code.startsWith('08')) return true;
    if (typeof candidate.message === 'string' && LOST_MESSAGES.test(candidate.message)) return true;
    // Node reports a refused dual-stack connect as an AggregateError of one error per address.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isConnectionLost(inner)))
      return true;
    current = candidate.cause;
  }
  return false;
}
