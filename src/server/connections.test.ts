// Issue 23, item 1: a burst of hostile registrations over one kept-alive connection, with every core busy, is
// answered request by request; none fails with a network error. Before the fix, a body refused by its size before
// it was read could not be drained (the body-limit middleware had opened it), @hono/node-server closed the socket
// 500 ms later, and the request the client had meanwhile sent on it failed with `fetch failed` (UND_ERR_SOCKET).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from '../../test/support/app-process.ts';
import { type CpuBurners, startCpuBurners } from '../../test/support/cpu-burner.ts';
import { hostileValue } from '../../test/support/hostile.ts';
import { HTTP_TIMEOUTS } from './start.ts';

const FIELDS = [
  'name',
  'cedula',
  'email',
  'password',
  'confirmPassword',
  'telefono',
  'direccion1',
  'ciudad1',
  'codigoPostal1',
  'direccion2',
  'captchaId',
  'captcha',
  'aceptoPolitica',
];
/** Sizes of the oversized values (hostile.ts's 70,000 characters, once and repeated): each is refused unread. */
const OVERSIZED = [70_000, 140_000, 210_000, 500_000, 1_000_000];
const REQUESTS = 400;

/**
 * The measured burst: registrations with one hostile field each (hostile.ts, a fixed seed), every 20th also carrying
 * an oversized address, so a body refused by its size is followed by more requests on the same connection.
 */
function burst(): Array<{ label: string; body: string }> {
  const form = {
    name: 'Ana María Pérez',
    cedula: '1020304050',
    email: 'rafaga@example.com',
    password: 'Casa#Verde2026x',
    confirmPassword: 'Casa#Verde2026x',
    direccion1: 'Calle 10 # 20-30',
    ciudad1: 'Medellín',
    codigoPostal1: '050021',
    captchaId: '00000000-0000-4000-8000-000000000000',
    captcha: 'ABCDE',
    aceptoPolitica: true,
  };
  const hostile = fc.sample(fc.tuple(fc.constantFrom(...FIELDS), hostileValue), {
    numRuns: REQUESTS,
    seed: 23,
  });
  return hostile.map(([field, value], index) => {
    const size = index % 20 === 10 ? OVERSIZED[Math.floor(index / 20) % OVERSIZED.length] : undefined;
    const fields = { ...form, [field]: value, ...(size ? { direccion2: 'a'.repeat(size) } : {}) };
    const label = `#${index} ${field}=${JSON.stringify(value)?.slice(0, 60)}${size ? ` + ${size} bytes` : ''}`;
    return { label, body: JSON.stringify(fields) };
  });
}

describe('one kept-alive connection under load', () => {
  let app: AppProcess;
  let burners: CpuBurners;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casillero-conexiones-'));
    app = await startAppProcess({ DATA_DIR: join(dir, 'db'), RATE_LIMITS: 'off' });
    burners = startCpuBurners(2);
  });
  afterAll(async () => {
    await burners?.stop();
    await app?.stop('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request of a hostile burst, and closes only the connections it refused early', async () => {
    const dropped: string[] = [];
    const wrongConnection: string[] = [];
    const statuses = new Map<number, number>();
    const keepAlive = `timeout=${HTTP_TIMEOUTS.keepAliveTimeout / 1000}`;
    for (const { label, body } of burst()) {
      // Node's fetch (undici) sends each request on the connection the last one left open.
      let response: Response;
      try {
        response = await fetch(`${app.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.url },
          body,
        });
        await response.arrayBuffer();
      } catch (error) {
        // A connection closed under the request or its answer: `fetch failed` or `terminated`.
        const cause = (error as { cause?: { code?: string } }).cause;
        dropped.push(`${label}: ${cause?.code ?? String(error)}`);
        continue;
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // A refusal sent before its body was read closes its connection and says so; every other answer keeps it,
      // for as long as the server's keep-alive timeout.
      const connection = [response.headers.get('connection'), response.headers.get('keep-alive')];
      const expected = response.status === 413 ? ['close', null] : ['keep-alive', keepAlive];
      if (connection.join() !== expected.join())
        wrongConnection.push(`${label}: ${response.status} ${connection.join(', ')}`);
    }
    expect(dropped).toEqual([]);
    expect(wrongConnection).toEqual([]);
    expect(Math.max(...statuses.keys())).toBeLessThan(500);
    // The oversized bodies were refused (and hostile.ts's own 70,000 characters sometimes).
    expect(statuses.get(413)).toBeGreaterThanOrEqual(REQUESTS / 20);
  });
});
