// PostgreSQL's errors as both drivers report them (wrapped by Drizzle in a cause).

/** True when `error` (or one of its causes) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    if (
      'code' in current &&
      current.code === '23505' &&
      (('constraint' in current && current.constraint === constraint) ||
        ('message' in current && typeof current.message === 'string' && current.message.includes(constraint)))
    )
      return true;
    current = 'cause' in current ? current.cause : undefined;
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
  for (let current = error; typeof current === 'object' && current !== null && !seen.has(current); ) {
    seen.add(current);
    const code = 'code' in current && typeof current.code === 'string' ? current.code : '';
    if (SOCKET_CODES.has(code) || SERVER_GONE_STATES.has(code) || code.startsWith('08')) return true;
    if ('message' in current && typeof current.message === 'string' && LOST_MESSAGES.test(current.message))
      return true;
    // Node reports a refused dual-stack connect as an AggregateError of one error per address.
    if ('errors' in current && Array.isArray(current.errors) && current.errors.some(isConnectionLost))
      return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
