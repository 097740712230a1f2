// 'Pagos en línea' for staff (issue 47 item 11), on PGlite, against the Wompi stand-in: every payment in every
// state (a pending one too), filtered by state, means and the day it began in Colombia; a day that is no day is a
// Spanish 400 on 'dia'; the same list as CSV; each package's own in its staff view; admins only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  eventsInto,
  startWompiStandIn,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
} from '../../../test/support/wompi-stand-in.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { StaffPayment } from '../../shared/payments/api-types.ts';
import { DAY_MESSAGE } from './staff-list.ts';

const standIn = await startWompiStandIn();
afterAll(() => standIn.close());

describe.each(logicDrivers)("staff's 'Pagos en línea' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'pagos-lista-admin@example.com',
    customer: 'Lina Lista',
    env: standIn.env,
  });
  const references: Record<'approved' | 'declined' | 'pending', string> = {
    approved: '',
    declined: '',
    pending: '',
  };
  const numbers: Record<string, number> = {};
  const start = async () => {
    const { number } = await receivedPackage(world.customer, world.admin);
    const started = await world.customer.client.post('/api/pagos', { packages: [number] });
    expect(started.status).toBe(200);
    numbers[started.body.reference] = number;
    return started.body as { reference: string; checkoutUrl: string };
  };
  const listed = async (query = '') => {
    const answer = await world.admin.get(`/api/admin/pagos${query}`);
    expect(answer.status).toBe(200);
    return (answer.body.payments as StaffPayment[]).map((payment) => payment.reference).sort();
  };
  const state = async (reference: string) =>
    (await world.customer.client.get(`/api/pagos/${reference}`)).body.state;

  /** Three payments of one customer: approved, declined, and left at the checkout. */
  beforeAll(async () => {
    standIn.reset();
    standIn.setEvents(eventsInto(world.server));
    const approved = await start();
    await standIn.checkout(approved.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    const declined = await start();
    await standIn.checkout(declined.checkoutUrl, { method: 'CARD', card: TEST_CARD_DECLINED });
    const pending = await start();
    // vi.waitFor: expect.poll belongs to a test, not to its set-up.
    await vi.waitFor(async () => expect(await state(approved.reference)).toBe('aprobado'));
    await vi.waitFor(async () => expect(await state(declined.reference)).toBe('rechazado'));
    Object.assign(references, {
      approved: approved.reference,
      declined: declined.reference,
      pending: pending.reference,
    });
  });

  it('lists every payment in every state, a pending one too, and filters by state, means and day', async () => {
    const all = Object.values(references).sort();
    expect(await listed()).toEqual(all);
    expect(await listed('?estado=pendiente')).toEqual([references.pending]);
    expect(await listed('?estado=rechazado')).toEqual([references.declined]);
    // A pending checkout has no means yet.
    expect(await listed('?medio=Tarjeta')).toEqual([references.approved, references.declined].sort());
    expect(await listed('?medio=Nequi')).toEqual([]);
    expect(await listed(`?dia=${isoDayInColombia(new Date())}&estado=aprobado`)).toEqual([
      references.approved,
    ]);
    expect(await listed('?dia=2000-01-01')).toEqual([]);
    // An unknown state or means is no filter.
    expect(await listed('?estado=inventado&medio=Oro')).toEqual(all);
  });

  it("answers a day that is no day with a Spanish 400 on 'dia'", async () => {
    for (const dia of ['2026-02-31', 'ayer']) {
      const answer = await world.admin.get(`/api/admin/pagos?dia=${dia}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ field: 'dia', message: DAY_MESSAGE });
    }
  });

  it('gives the same list as CSV, one line per payment after the header', async () => {
    const answer = await world.admin.get('/api/admin/pagos.csv?estado=aprobado');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = String(answer.body).trim().split('\r\n');
    expect(lines[0]).toContain(
      '"Referencia","Iniciado","Decidido","Cliente","Paquetes","Valor (COP)","Medio"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${references.approved}"`);
    expect(lines[1]).toContain('"Lina Lista"');
    expect(lines[1]).toContain('"Aprobado"');
  });

  it("gives a package's staff view its own payments ('¿Ya pagó?', issue 47 item 12)", async () => {
    for (const reference of Object.values(references)) {
      const view = await world.admin.get(`/api/admin/packages/${numbers[reference]}`);
      expect(view.status).toBe(200);
      expect(view.body.payments.map((payment: StaffPayment) => payment.reference)).toEqual([reference]);
    }
  });

  it('answers 403 to a customer, for the list and the CSV', async () => {
    expect((await world.customer.client.get('/api/admin/pagos')).status).toBe(403);
    expect((await world.customer.client.get('/api/admin/pagos.csv')).status).toBe(403);
  });
});
