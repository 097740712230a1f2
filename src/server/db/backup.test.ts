import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, openDatabaseIn } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer } from '../../../test/support/server.ts';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const folders: string[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  for (const drop of drops) await drop();
}, 120_000);

type Target = { DATA_DIR: string } | { DATABASE_URL: string };

async function newTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'casillero-backup-'));
    folders.push(folder);
    return { DATA_DIR: join(folder, 'data') };
  }
  const { url, drop } = await createPostgresDatabase();
  drops.push(drop);
  return { DATABASE_URL: url };
}

async function serverOn(target: Target) {
  return startTestServer(await openDatabaseIn(target), target);
}

function script(args: string[], target: Target) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...target },
  });
}

const pairs: Array<['pglite' | 'postgres', 'pglite' | 'postgres']> = process.env.TEST_DATABASE_URL
  ? [
      ['pglite', 'pglite'],
      ['postgres', 'postgres'],
      ['pglite', 'postgres'],
    ]
  : [['pglite', 'pglite']];

describe.each(pairs)('npm run backup on %s, npm run restore on %s', (from, to) => {
  it('restores into a new database, and the app serves the same users', async () => {
    const source = await newTarget(from);
    const server = await serverOn(source);
    const client = browser(server);
    const forms = [
      await registrationForm(client),
      await registrationForm(client, { direccion2: 'Calle 2', ciudad2: 'Cali' }),
    ];
    for (const form of forms) expect((await client.post('/api/register', form)).status).toBe(201);
    await client.post('/api/login', { email: forms[1]?.email, password: forms[1]?.password });
    const before = (await client.get('/api/me')).body;
    // A package with its history and an invoice: files live in the database, so the backup carries them.
    const invoice = Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n');
    const saved = await client.post('/api/packages', {
      guide: 'TBA123450000001',
      content: 'Libros',
      declaredValue: '20',
    });
    await client.upload(`/api/packages/${saved.body.package.number}/invoice`, invoice, 'application/pdf');
    const packageBefore = (await client.get(`/api/packages/${saved.body.package.number}`)).body;
    await server.close();

    const file = join(mkdtempSync(join(tmpdir(), 'casillero-file-')), 'copia.json.gz');
    folders.push(join(file, '..'));
    expect((await script(['backup', file], source)).stdout).toContain('Copia de seguridad escrita');
    const target = await newTarget(to);
    expect((await script(['restore', file], target)).stdout).toMatch(/users=2/);

    const restored = await serverOn(target);
    try {
      const again = browser(restored);
      const login = await again.post('/api/login', { email: forms[1]?.email, password: forms[1]?.password });
      expect(login.status).toBe(200);
      expect((await again.get('/api/me')).body).toEqual(before);
      const packageAfter = (await again.get(`/api/packages/${packageBefore.number}`)).body;
      expect(packageAfter).toEqual(packageBefore);
      const bytes = await again.get(packageAfter.files[0].url);
      expect(bytes.body).toBe('%PDF-1.4\ntrailer <<>>\n%%EOF\n');
      const nextPackage = await again.post('/api/packages', {
        guide: 'TBA123450000002',
        content: 'x',
        declaredValue: '1',
      });
      expect(nextPackage.body.package.number).toBe(packageBefore.number + 1);
      const next = await again.post('/api/register', await registrationForm(again));
      expect(next.body.lockerNumber).toBe(String(Number(before.lockerNumber) + 1));
      // A PGlite folder belongs to the app that has it open (lock.ts): the commands wait until it stops.
      if ('DATA_DIR' in target)
        await expect(script(['backup', `${file}.2`], target)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining(
            `La base de datos de ${target.DATA_DIR} está abierta por otro proceso`,
          ),
        });
    } finally {
      await restored.close();
    }
    // A second restore into a database that has accounts is refused.
    await expect(script(['restore', file], target)).rejects.toMatchObject({
      stderr: expect.stringContaining('ya tiene cuentas'),
    });
    // Four command processes and two servers, each opening a database: minutes on a busy two-core machine.
  }, 240_000);
});
