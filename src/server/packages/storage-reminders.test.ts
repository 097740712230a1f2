// Storage reminders, on every driver: one mail per package three days before its free days end, never twice,
// also when two instances run the job at once, and none for packages that left or are not due.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { outbox, packages } from '../db/schema.ts';
import { sendStorageReminders } from './storage-reminders.ts';

const ADMIN_EMAIL = 'bodegaje-admin@example.com';
const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('storage reminders on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  const mail = { brandName: 'CasilleroYa', appUrl: 'http://localhost:3000' };
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  it('mails once, three days before the free days end, even with two instances at once', async () => {
    const customer = await signedUpCustomer(server);
    const due = await receivedPackage(customer, admin);
    const early = await receivedPackage(customer, admin);
    const gone = await receivedPackage(customer, admin);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await server.db
      .update(packages)
      .set({ receivedAt: ago(27.5) })
      .where(inArray(packages.number, [due.number, gone.number]));
    await server.db
      .update(packages)
      .set({ receivedAt: ago(26) })
      .where(eq(packages.number, early.number));
    await admin.post('/api/admin/packages/state', { numbers: [gone.number], state: 'en_transito' });

    const results = await Promise.all([
      sendStorageReminders(server.db, mail),
      sendStorageReminders(server.db, mail),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendStorageReminders(server.db, mail)).toBe(0);
    const reminders = (
      await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.record.email))
    ).filter((m) => m.subject.includes('bodegaje'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toBe(
      `CasilleroYa: tu paquete ${due.number} tiene 3 días más de bodegaje gratis`,
    );
    expect(reminders[0]?.text).toContain(`/paquetes/${due.number}`);
  });
});
