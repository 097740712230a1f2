// AUTH_SECRET when configured; otherwise one generated on first start and kept in the database, so every
// instance sharing that database signs with the same secret.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { appSetting } from '../db/schema.ts';

const KEY = 'auth_secret';

export async function loadAuthSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, KEY));
  if (!row) throw new Error('No se pudo guardar el secreto de autenticación.');
  return row.value;
}
