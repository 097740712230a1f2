// Long lists as one parameter, on both drivers: anyInteger finds exactly the listed rows among others, and
// insertRows writes every row as .values() would — nulls, big integers, instants and defaults included.
import { asc, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { anyInteger, insertRows } from './lists.ts';
import type { OpenDatabase } from './open.ts';
import { packageChargeLines, packages } from './schema.ts';

describe.each(drivers)('lists as one parameter on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('inserts 6,000 rows from arrays and finds the ones listed, whatever their number', async () => {
    const { db } = database;
    const numbers = Array.from({ length: 6000 }, (_, i) => 8_000_000 + i);
    await insertRows(
      db,
      packages,
      numbers.map((number) => ({
        number,
        guide: `LISTA${number}`,
        content: 'Ropa',
        state: 'prealertado' as const,
      })),
    );
    const at = new Date('2026-11-20T15:30:00.000Z');
    await insertRows(db, packageChargeLines, [
      {
        packageNumber: numbers[0],
        kind: 'almacenaje',
        amountCents: 750,
        amountCop: 3_000_000_000_123,
        rateSettingsId: 1,
        rateCents: 50,
        quantity: 15,
        trmHundredths: 400_000,
        createdBy: null,
        createdAt: at,
      },
      {
        packageNumber: numbers[1],
        kind: 'fotos',
        amountCents: 300,
        amountCop: 12_000,
        rateSettingsId: 1,
        rateCents: 300,
        quantity: 1,
        trmHundredths: 400_000,
        createdBy: 'bodega-1',
        createdAt: at,
      },
    ]);
    const lines = await db
      .select()
      .from(packageChargeLines)
      .where(anyInteger(packageChargeLines.packageNumber, numbers.slice(0, 2)))
      .orderBy(asc(packageChargeLines.packageNumber));
    expect(lines).toMatchObject([
      {
        kind: 'almacenaje',
        amountCop: 3_000_000_000_123,
        createdBy: null,
        createdAt: at,
        annulledAt: null,
        annulNote: '',
      },
      { kind: 'fotos', amountCop: 12_000, createdBy: 'bodega-1', createdAt: at },
    ]);
    const listed = numbers.filter((_, i) => i % 3 === 0);
    const found = await db
      .select({ number: packages.number })
      .from(packages)
      .where(anyInteger(packages.number, listed));
    expect(found.map((row) => row.number).sort((a, b) => a - b)).toEqual(listed);
    expect(await db.select().from(packages).where(anyInteger(packages.number, []))).toEqual([]);
    expect(await db.$count(packages, gte(packages.number, 8_000_000))).toBe(6000);
    await insertRows(db, packages, []);
  });
});
