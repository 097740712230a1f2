// `npm run admin -- role|grant|revoke` run for real, as a child process, against the database a server wrote: a
// PGlite folder (refused while the server has it open: one process per folder) and a PostgreSQL database (works
// alongside the running server).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers, openDatabaseIn } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer } from '../../../test/support/server.ts';
import type { OpenDatabase } from '../db/open.ts';
import { auditLog, users } from '../db/schema.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const EMAIL = 'persona.admin@example.com';

/**
 * The command as a child process: `npm run admin -- …` when `viaNpm`, else the script it runs (`tsx
 * scripts/admin.ts`) started by node itself, which spares npm's start (2–3 s a call on the CI machine, issue 46).
 */
function runAdmin(args: string[], env: Record<string, string>, viaNpm = false) {
  const [command, ...rest] = viaNpm
    ? ['npm', 'run', '--silent', 'admin', '--', ...args]
    : [process.execPath, '--import', 'tsx', 'scripts/admin.ts', ...args];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command ?? 'npm', rest, {
      cwd: ROOT,
      // DATABASE_URL is always given: empty means PGlite, whatever the calling shell has set.
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    // npm's own warnings about the machine's configuration are not the command's.
    child.once('exit', (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') }));
  });
}

describe.each(drivers)('npm run admin on %s', (driver) => {
  let env: Record<string, string>;
  let cleanup = async () => {};

  /** Opens the database the way the command does, reads from it, and closes it again. */
  async function read<T>(query: (db: OpenDatabase['db']) => Promise<T>) {
    const database = await openDatabaseIn(env);
    try {
      return await query(database.db);
    } finally {
      await database.close();
    }
  }
  const roleOf = (email: string) =>
    read(async (db) => {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
      return row?.role;
    });
  const roleAudit = (email: string) =>
    read((db) =>
      db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.email, email))
        .orderBy(asc(auditLog.id)),
    ).then((rows) => rows.filter((row) => row.action.startsWith('role_')));

  beforeAll(async () => {
    if (driver === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'casillero-admin-cli-'));
      env = { DATA_DIR: join(dir, 'db'), DATABASE_URL: '' };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const { url, drop } = await createPostgresDatabase();
      env = { DATABASE_URL: url };
      cleanup = drop;
    }
    const server = await startTestServer(await openDatabaseIn(env), env);
    try {
      const client = browser(server);
      const response = await client.post('/api/register', await registrationForm(client, { email: EMAIL }));
      expect(response.status).toBe(201);
    } finally {
      await server.close();
    }
  }, 120_000);
  afterAll(() => cleanup());

  it('grants and revokes the admin role, whatever the case of the address', async () => {
    expect(await roleOf(EMAIL)).toBe('customer');

    // Through npm once, as the README has it.
    const granted = await runAdmin(['grant', 'Persona.Admin@Example.com'], env, true);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout.trim()).toBe('Persona.Admin@Example.com ahora es administrador.');
    expect(await roleOf(EMAIL)).toBe('admin');

    const revoked = await runAdmin(['revoke', EMAIL], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(`${EMAIL} ya no es administrador.`);
    expect(await roleOf(EMAIL)).toBe('customer');
  });

  it('says so when there is no such account, and explains its usage', async () => {
    const missing = await runAdmin(['grant', 'nadie@example.com'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No existe una cuenta con el correo nadie@example.com.');

    const usage = await runAdmin(['promote', EMAIL], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: npm run admin -- grant <correo>');
    expect(usage.stderr).toContain('Uso: npm run admin -- role <correo> <rol>');

    const unknownRole = await runAdmin(['role', EMAIL, 'jefe'], env);
    expect(unknownRole.code).toBe(2);
    expect(unknownRole.stderr).toContain('Rol desconocido: jefe. Usa customer, reparto, bodega o admin.');

    const missingRole = await runAdmin(['role', 'nadie@example.com', 'bodega'], env);
    expect(missingRole.code).toBe(1);
    expect(missingRole.stderr).toContain('No existe una cuenta con el correo nadie@example.com.');
  }, 120_000);

  it('sets any role with `role`, auditing each change with the role before and after', async () => {
    const before = (await roleAudit(EMAIL)).length;
    for (const [role, from] of [
      ['reparto', 'customer'],
      ['bodega', 'reparto'],
      ['admin', 'bodega'],
      ['customer', 'admin'],
    ] as const) {
      const result = await runAdmin(['role', EMAIL, role], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe(`${EMAIL} ahora tiene el rol ${role} (antes: ${from}).`);
    }
    const same = await runAdmin(['role', EMAIL, 'customer'], env);
    expect(same.code).toBe(0);
    expect(same.stdout.trim()).toBe(`${EMAIL} ya tenía el rol customer.`);
    expect((await roleAudit(EMAIL)).slice(before)).toEqual([
      { action: 'role_granted', detail: { from: 'customer', to: 'reparto', by: 'npm run admin' } },
      { action: 'role_granted', detail: { from: 'reparto', to: 'bodega', by: 'npm run admin' } },
      { action: 'role_granted', detail: { from: 'bodega', to: 'admin', by: 'npm run admin' } },
      { action: 'role_revoked', detail: { from: 'admin', to: 'customer', by: 'npm run admin' } },
    ]);
  }, 120_000);

  it(driver === 'pglite'
    ? 'refuses a PGlite folder the running server has open, and works once it stopped'
    : 'works alongside the running server on PostgreSQL', async () => {
    const server = await startTestServer(await openDatabaseIn(env), env);
    let result: Awaited<ReturnType<typeof runAdmin>>;
    try {
      result = await runAdmin(['role', EMAIL, 'bodega'], env);
      if (driver === 'postgres') {
        const [row] = await server.database.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.email, EMAIL));
        // The running server reads the same database: the change is there for it at once.
        expect(row?.role).toBe('bodega');
      }
    } finally {
      await server.close();
    }
    if (driver === 'pglite') {
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `La base de datos de ${env.DATA_DIR} está abierta por otro proceso (PID ${process.pid}). Detén la aplicación o usa DATABASE_URL.`,
      );
      expect(await roleOf(EMAIL)).toBe('customer');
      result = await runAdmin(['role', EMAIL, 'bodega'], env);
    }
    expect(result.code).toBe(0);
    expect(await roleOf(EMAIL)).toBe('bodega');
    expect((await runAdmin(['role', EMAIL, 'customer'], env)).code).toBe(0);
  }, 120_000);

  it('gives ADMIN_EMAILS the role again at start-up', async () => {
    expect(await roleOf(EMAIL)).toBe('customer');
    const server = await startTestServer(await openDatabaseIn(env), { ...env, ADMIN_EMAILS: EMAIL });
    await server.close();
    expect(await roleOf(EMAIL)).toBe('admin');
  });
});
