import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers, openTestDatabase } from '../../test/support/database.ts';
import { createCaptcha } from './captcha/captcha.ts';
import type { OpenDatabase } from './db/open.ts';
import { authVerification, captcha, rateLimit } from './db/schema.ts';
import { removeExpired } from './housekeeping.ts';

describe.each(logicDrivers)('housekeeping on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database?.close());

  it('removes expired captchas, old rate-limit windows and spent links, and keeps the live ones', async () => {
    const { db } = database;
    const live = await createCaptcha(db);
    const old = await createCaptcha(db);
    await db
      .update(captcha)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${captcha.id} = ${old.id}`);
    await db.insert(rateLimit).values([
      { key: 'viejo', count: 3, resetAt: sql`now() - interval '2 hours'` },
      { key: 'vigente', count: 3, resetAt: sql`now() + interval '5 minutes'` },
    ]);
    await db.insert(authVerification).values([
      { id: 'a', identifier: 'x', value: 'v', expiresAt: sql`now() - interval '2 days'` },
      { id: 'b', identifier: 'y', value: 'v', expiresAt: sql`now() + interval '1 hour'` },
    ]);
    await removeExpired(db);
    expect((await db.select({ id: captcha.id }).from(captcha)).map((row) => row.id)).toEqual([live.id]);
    expect((await db.select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key)).toEqual([
      'vigente',
    ]);
    expect(
      (await db.select({ id: authVerification.id }).from(authVerification)).map((row) => row.id),
    ).toEqual(['b']);
  });
});
