// Reading a test server's /metrics and health answers: a signed-out GET, the scrape with the bearer token, and the
// value of one series of Prometheus' text.
import { expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import type { TestServer } from './server.ts';

export const METRICS_TOKEN = 'metricas-token-de-prueba-0123456789';

/** GET `path` signed out with `headers`: status, content type and text. */
export async function getPlain(
  server: Pick<TestServer, 'app'>,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await server.app.request(`http://localhost:3000${path}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The server's /metrics text, read with METRICS_TOKEN (the server must have been started with it). */
export async function scrape(server: Pick<TestServer, 'app'>): Promise<string> {
  const answer = await getPlain(server, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(answer.status).toBe(200);
  return answer.text;
}

/** The value of one series (`name{labels}` exactly as written), or undefined when absent. */
export function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A mail in the outbox with the times given (queued `createdAt`, next tried at `nextAttemptAt`), as if waiting. */
export async function waitingMail(
  server: Pick<TestServer, 'db'>,
  times: { createdAt?: Date; nextAttemptAt?: Date },
): Promise<void> {
  await server.db.insert(outbox).values({
    toAddress: 'espera@example.com',
    subject: 'Espera',
    html: '<p>Espera</p>',
    text: 'Espera',
    ...times,
  });
}
