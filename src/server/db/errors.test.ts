// Which errors mean "the database is away" (a 503 to retry) rather than a refused query (a 500 or a domain error).
import { describe, expect, it } from 'vitest';
import { isConnectionLost, isUniqueViolation } from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As Drizzle reports a failed query: its own error, the driver's in `cause`. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isConnectionLost', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['admin_shutdown (a restart)', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot_connect_now (starting up)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: the pool timed out', new Error('timeout exceeded when trying to connect')],
    ['a dual-stack refusal', new AggregateError([withCode('ECONNREFUSED')])],
  ])('%s, wrapped by Drizzle', (_name, error) => {
    expect(isConnectionLost(error)).toBe(true);
    expect(isConnectionLost(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a statement timeout', withCode('57014')],
    ['any other error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isConnectionLost(wrapped(error))).toBe(false);
  });

  it('survives a cycle of causes', () => {
    const error = new Error('a') as Error & { cause?: unknown };
    error.cause = error;
    expect(isConnectionLost(error)).toBe(false);
    expect(isUniqueViolation(withCode('23505', 'users_email_key'), 'users_email_key')).toBe(true);
  });
});
