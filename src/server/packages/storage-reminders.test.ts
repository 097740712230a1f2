// Storage reminders, on every driver: one mail per package three days before its free days end, never twice,
// also when two instances run the job at once, and none for packages that left or are not due; the mail says the
// date the free days end and then the fee per day, and a hold of ours pushes the date later.
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
import { formatLongDate } from '../../shared/dates.ts';
import { outbox, packageEvents, packages } from '../db/schema.ts';
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
    ).filter((m) => m.subject.includes('almacenaje gratis'));
    expect(reminders).toHaveLength(1);
    const [row] = await server.db.select().from(packages).where(eq(packages.number, due.number));
    const date = formatLongDate(new Date((row?.receivedAt?.getTime() ?? 0) + 30 * DAY));
    expect(reminders[0]?.subject).toBe(
      `CasilleroYa: tu paquete ${due.number} tiene almacenaje gratis hasta el ${date}`,
    );
    expect(reminders[0]?.text).toContain(`Almacenaje gratis hasta el ${date}.`);
    expect(reminders[0]?.text).toContain('Después, Almacenaje por día: US$ 0,50');
    expect(reminders[0]?.text).toContain(`/paquetes/${due.number}`);
  });

  it('waits the days of our hold: a package held five days is reminded five days later', async () => {
    const customer = await signedUpCustomer(server);
    const held = await receivedPackage(customer, admin);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await server.db
      .update(packages)
      .set({ receivedAt: ago(27.5) })
      .where(eq(packages.number, held.number));
    await server.db.insert(packageEvents).values([
      { packageNumber: held.number, state: 'retenido', kind: 'state', actorRole: 'system', at: ago(20) },
      { packageNumber: held.number, state: 'recibido', kind: 'state', actorRole: 'system', at: ago(15) },
    ]);
    expect(await sendStorageReminders(server.db, mail)).toBe(0);
    await server.db
      .update(packages)
      .set({ receivedAt: ago(32.5) })
      .where(eq(packages.number, held.number));
    expect(await sendStorageReminders(server.db, mail)).toBe(1);
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.record.email));
    expect(mails.filter((m) => m.subject.includes('almacenaje gratis hasta el'))).toHaveLength(1);
  });
});
