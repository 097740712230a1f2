// Issue 30 item 12 on PGlite: the WhatsApp consent is for one phone number. A new number ('Mis datos')
// withdraws it until it is given again, in the same transaction as the change; the registration box is written with
// the account or not at all.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../../test/support/console.ts';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  signedUpCustomer,
  startTestServer,
  type TestServer,
} from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { users, whatsappConsent, whatsappConsentLog } from '../db/schema.ts';

/** A phone whose consent proof the database refuses (a CHECK added by the test): the consent write fails. */
const FAILING_PHONE = '+573009990000';

describe.each(logicDrivers)('WhatsApp consent and the phone number on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
    await server.db.execute(
      sql.raw(
        `alter table whatsapp_consent_log add constraint test_failing_phone check (phone <> '${FAILING_PHONE}')`,
      ),
    );
  });
  afterAll(() => server?.close());

  const logOf = (userId: string) =>
    server.db
      .select()
      .from(whatsappConsentLog)
      .where(eq(whatsappConsentLog.userId, userId))
      .orderBy(whatsappConsentLog.id);

  it('a new phone withdraws the consent until it is given again for that number', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573001112233' });
    const same = await customer.client.patch('/api/me', { telefono: '+573001112233', ciudad1: 'Cali' });
    expect(same.body.message).toBe(messages.dataUpdated);
    expect((await customer.client.get('/api/me/whatsapp')).body.granted).toBe(true);

    const changed = await customer.client.patch('/api/me', { telefono: '+573004445566' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(messages.dataUpdatedWhatsappOff);
    expect((await customer.client.get('/api/me/whatsapp')).body).toMatchObject({
      granted: false,
      source: 'cambio_telefono',
      phone: '+573004445566',
    });
    expect((await logOf(customer.record.id)).map((row) => [row.granted, row.source, row.phone])).toEqual([
      [true, 'registro', '+573001112233'],
      [false, 'cambio_telefono', '+573004445566'],
    ]);

    // Given again, for the new number; a change without consent standing withdraws nothing.
    const again = await customer.client.send('PUT', '/api/me/whatsapp', { granted: true });
    expect(again.body.choice).toMatchObject({ granted: true, phone: '+573004445566' });
    await customer.client.send('PUT', '/api/me/whatsapp', { granted: false });
    const off = await customer.client.patch('/api/me', { telefono: '+573007778899' });
    expect(off.body.message).toBe(messages.dataUpdated);
    expect(await logOf(customer.record.id)).toHaveLength(4);
  });

  it('the phone change and the withdrawal commit together: a failed withdrawal keeps the old phone', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573001112244' });
    expectConsoleError();
    const failed = await customer.client.patch('/api/me', { telefono: FAILING_PHONE });
    expect(failed.status).toBe(500);
    const [row] = await server.db.select().from(users).where(eq(users.id, customer.record.id));
    expect(row?.telefono).toBe('+573001112244');
    const [consent] = await server.db
      .select()
      .from(whatsappConsent)
      .where(eq(whatsappConsent.userId, customer.record.id));
    expect(consent).toMatchObject({ granted: true, source: 'registro' });
  });

  it('the registration box is written with the account or not at all', async () => {
    const client = browser(server);
    const form = await registrationForm(client, { avisosWhatsapp: true, telefono: FAILING_PHONE });
    expectConsoleError();
    const failed = await client.post('/api/register', form);
    expect(failed.status).toBe(500);
    expect(await server.db.select().from(users).where(eq(users.email, form.email))).toEqual([]);
  });
});
