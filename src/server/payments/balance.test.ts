// 'Saldo pendiente' (issue 32, design/payments.md), on every driver, against the Wompi stand-in: a storage fee stored
// after a package was paid online is owed, exactly that line; the customer's page and list and the courier's stop show
// it; paid online or collected at the door it becomes a second settlement of the package ('balance'), once, with
// its collection, its receipt and its invoice of that line alone; two payments of it at once, and a door delivery
// racing its online payment, apply it once. 'Saldo a favor' cannot arise (a paid package is never recomputed).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import {
  eventsIntoWorld,
  payOnline as paidOnline,
  storageAfterPayment as storedAfterPayment,
  onlinePayments as wompiStandIn,
} from '../../../test/support/pay-online.ts';
import { TEST_CARD_APPROVED } from '../../../test/support/wompi-stand-in.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import { amountDueLine } from '../charges/package-charge.ts';
import { routeMoney } from '../collections/sums.ts';
import {
  collections,
  einvoices,
  onlinePayments,
  outbox,
  paymentEvents,
  paymentReceipts,
  settlementLines,
  settlements,
} from '../db/schema.ts';
import { FLAGS } from './apply.ts';
import { applyWaitingEvents, receiveEvent } from './events.ts';
import { wompiProvider } from './wompi.ts';

const standIn = await wompiStandIn();

describe.each(drivers)("'Saldo pendiente' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'saldo-admin@example.com',
    customer: 'Sara Saldo',
    couriers: ['Rita Reparto'],
    env: standIn.env,
    // The races below are between the test's own workers: the server's poll (every 5 s) must not apply the events
    // they race on first (it did, now and then, under load). Events it is told of still wake it at once.
    options: { paymentPollMs: 60_000 },
  });
  const db = () => world.server.db;
  const client = () => world.customer.client;
  eventsIntoWorld(standIn, world);

  const start = (numbers: number[]) => client().post('/api/pagos', { packages: numbers });
  const state = async (reference: string) => (await client().get(`/api/pagos/${reference}`)).body.state;
  /** Pays `number`'s charge (or balance) online with the approved test card. */
  const payOnline = (number: number) => paidOnline(standIn, world, number);
  /** The storage fee stored when the package left Miami, 40 days after its receipt: the line as stored. */
  const storageAfterPayment = (number: number) => storedAfterPayment(db(), number);
  const inForce = (number: number) =>
    db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.packageNumber, number), isNull(settlements.voidedAt)))
      .orderBy(settlements.id);
  const collectionsOf = (number: number) =>
    db()
      .select()
      .from(collections)
      .where(and(eq(collections.packageNumber, number), isNull(collections.voidedAt)))
      .orderBy(collections.id);
  const stopOf = async (number: number) =>
    (await world.courier.client.get(`/api/delivery/stops/${number}`)).body.stop;
  /** A package on a started route whose charge was paid online, then charged its storage. */
  const paidThenStored = async () => {
    const route = await startedRoute(world.admin, world.customer, world.courier.record.id, 1);
    const [number = 0] = route.numbers;
    const paid = await payOnline(number);
    return { route, number, paid, line: await storageAfterPayment(number) };
  };

  it("tells the customer out for delivery what is left to pay: 'saldo pendiente', or nothing when paid online", async () => {
    const owing = (await packageInColombia(world.customer, world.admin)).number;
    const settledOne = (await packageInColombia(world.customer, world.admin)).number;
    await payOnline(owing);
    await payOnline(settledOne);
    const line = await storageAfterPayment(owing);
    const date = isoDayInColombia(new Date());
    const created = await world.admin.post('/api/admin/delivery/routes', {
      date,
      courierId: world.courier.record.id,
      zone: 'Bogotá norte',
    });
    const id = created.body.route.id as number;
    await world.admin.post(`/api/admin/delivery/routes/${id}/stops`, {
      packages: [String(owing), String(settledOne)],
    });
    expect((await world.admin.post(`/api/admin/delivery/routes/${id}/start`)).status).toBe(200);
    const mailOf = async (number: number) => {
      // In the order they were written: without it PostgreSQL returns a mail updated since (sent) after newer ones.
      const mails = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, world.customer.form.email))
        .orderBy(outbox.id);
      return mails
        .filter((mail) => mail.text.includes(`${number}`) && mail.text.includes('Valor a pagar'))
        .at(-1)?.text;
    };
    expect(await mailOf(owing)).toContain(
      amountDueLine({ totalCents: line.amountCents, totalCop: line.amountCop, note: 'saldo pendiente' }),
    );
    expect(await mailOf(settledOne)).toContain(
      amountDueLine({ totalCents: 0, totalCop: 0, note: 'pagado en línea' }),
    );
  });

  it("leaves 'Saldo pendiente' of exactly the storage line, shown to the customer and the courier, and pays it online once", async () => {
    const { number, paid, line } = await paidThenStored();
    const balance = { cents: line.amountCents, cop: line.amountCop };
    const page = (await client().get(`/api/packages/${number}`)).body;
    expect(page).toMatchObject({ paid: true, paidOnline: true, balance });
    expect(page.charge.totalCop - page.balance.cop).toBe(paid.amountCop);
    const listed = (await client().get('/api/packages')).body.packages.find(
      (pkg: { number: number }) => pkg.number === number,
    );
    expect(listed).toMatchObject({ paidOnline: true, balance });
    expect(await stopOf(number)).toMatchObject({ paidOnline: true, valueToPayCop: line.amountCop });

    const balancePaid = await payOnline(number);
    expect(balancePaid.amountCop).toBe(line.amountCop);
    const [charge, settled] = await inForce(number);
    expect(charge).toMatchObject({ part: 'charge', dueCop: paid.amountCop, paidCop: paid.amountCop });
    expect(settled).toMatchObject({
      part: 'balance',
      source: 'online',
      dueCop: line.amountCop,
      dueCents: line.amountCents,
      paidCop: line.amountCop,
      freightCents: 0,
      creditUsedCents: 0,
    });
    // The charge's settlement froze no storage; the balance's froze exactly the storage line.
    const frozen = await db().select().from(settlementLines).where(eq(settlementLines.chargeLineId, line.id));
    expect(frozen).toEqual([
      expect.objectContaining({ settlementId: settled?.id, amountCop: line.amountCop }),
    ]);
    const money = await collectionsOf(number);
    expect(money.map((row) => [row.part, row.amountCop, row.means, row.source])).toEqual([
      ['charge', paid.amountCop, 'wompi', 'online'],
      ['balance', line.amountCop, 'wompi', 'online'],
    ]);
    expect(
      await db().select().from(paymentReceipts).where(eq(paymentReceipts.packageNumber, number)),
    ).toHaveLength(2);
    // The balance's invoice: one, with the storage line alone.
    const invoices = await db()
      .select()
      .from(einvoices)
      .where(eq(einvoices.settlementId, settled?.id ?? 0));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'invoice', totalCop: line.amountCop, customsCop: 0 });
    expect(invoices[0]?.lines.map((invoiceLine) => invoiceLine.kind)).toEqual(['almacenaje']);
    // The customer reads each invoice apart: the charge's on the package, the balance's with '?parte=saldo'.
    expect((await client().get(`/api/packages/${number}/factura`)).body.totalCop).toBe(paid.amountCop);
    const balanceInvoice = (await client().get(`/api/packages/${number}/factura?parte=saldo`)).body;
    expect(balanceInvoice).toMatchObject({ totalCop: line.amountCop, customsCop: 0 });
    expect(balanceInvoice.lines).toHaveLength(1);
    // Two receipts: the charge's, and the balance's with the storage line alone.
    expect((await client().get(`/api/packages/${number}/receipt`)).body).toMatchObject({
      paidCop: paid.amountCop,
    });
    const receipt = (await client().get(`/api/packages/${number}/receipt?parte=saldo`)).body;
    expect(receipt).toMatchObject({
      valueToPayCop: line.amountCop,
      paidCop: line.amountCop,
      meansLabel: 'Wompi',
      feeLines: [{ label: 'Almacenaje', amountCop: line.amountCop }],
      pdfPath: `/api/packages/${number}/receipt.pdf?parte=saldo`,
    });
    expect((await client().get(`/api/packages/${number}`)).body.balancePaid).toBe(true);
    // Nothing left: no balance, a new payment refused, the courier reads 'Pagado: no cobrar' and records no money.
    expect((await client().get(`/api/packages/${number}`)).body.balance).toBeNull();
    const again = await start([number]);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(paymentMessages.alreadyPaid(number));
    expect(await stopOf(number)).toMatchObject({ paidOnline: true, valueToPayCop: 0 });
    const charging = await world.courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(500),
    );
    expect(charging.status).toBe(400);
    expect(charging.body.error.message).toBe(doorMessages.paidOnline);
    const delivered = await world.courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(0, { means: undefined }),
    );
    expect(delivered.status).toBe(200);
    expect(await inForce(number)).toHaveLength(2);
    expect(await collectionsOf(number)).toHaveLength(2);
  });

  it("collects 'Saldo pendiente' at the door once: its settlement, collection and invoice, in the route's money", async () => {
    const { route, number, line } = await paidThenStored();
    const unnoted = await world.courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(0, { means: undefined }),
    );
    expect(unnoted.status).toBe(400);
    expect(unnoted.body.error.message).toBe(doorMessages.differenceNote);
    const delivered = await world.courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(line.amountCop),
    );
    expect(delivered.status).toBe(200);
    const [, settled] = await inForce(number);
    expect(settled).toMatchObject({
      part: 'balance',
      source: 'route',
      routeId: route.id,
      dueCop: line.amountCop,
      paidCop: line.amountCop,
    });
    expect(settled?.deliveryId).not.toBeNull();
    const [, collected] = await collectionsOf(number);
    expect(collected).toMatchObject({ part: 'balance', amountCop: line.amountCop, means: 'efectivo' });
    // The route's close and 'Mi caja' count the balance collected, and nothing of the charge paid online.
    const money = await routeMoney(db(), route.id);
    expect(money.expectedCop).toBe(line.amountCop);
    expect(money.byMeans).toContainEqual(
      expect.objectContaining({ means: 'efectivo', amountCop: line.amountCop }),
    );
    const invoices = await db()
      .select()
      .from(einvoices)
      .where(eq(einvoices.settlementId, settled?.id ?? 0));
    expect(invoices.map((row) => row.totalCop)).toEqual([line.amountCop]);
    expect((await client().get(`/api/packages/${number}`)).body).toMatchObject({
      balance: null,
      balancePaid: true,
    });
    expect((await client().get(`/api/packages/${number}/receipt?parte=saldo`)).body).toMatchObject({
      paidCop: line.amountCop,
      meansLabel: 'Efectivo',
      receivedBy: 'Marta Gómez',
    });
    // Sent again with another key: already delivered, nothing more recorded.
    const twice = await world.courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(line.amountCop),
    );
    expect(twice.status).toBe(409);
    expect(await collectionsOf(number)).toHaveLength(2);
  });

  it("leaves a carrier's 'Entregado' the balance to collect, and nothing when a package paid online owes none", async () => {
    const staffDelivers = async (number: number) => {
      const out = {
        numbers: [number],
        state: 'en_reparto',
        carrier: 'Servientrega',
        carrierGuide: `SV${number}`,
      };
      expect((await world.admin.post('/api/admin/packages/state', out)).status).toBe(200);
      const done = { numbers: [number], state: 'entregado', receivedBy: 'Portería' };
      expect((await world.admin.post('/api/admin/packages/state', done)).status).toBe(200);
    };
    const owing = (await packageInColombia(world.customer, world.admin)).number;
    await payOnline(owing);
    const line = await storageAfterPayment(owing);
    await staffDelivers(owing);
    expect((await inForce(owing)).map((row) => [row.part, row.source, row.dueCop])).toEqual([
      ['charge', 'online', expect.any(Number)],
      ['balance', 'carrier', line.amountCop],
    ]);
    expect((await collectionsOf(owing)).map((row) => [row.part, row.source, row.amountCop])).toEqual([
      ['charge', 'online', expect.any(Number)],
      ['balance', 'carrier', line.amountCop],
    ]);
    const settledUp = (await packageInColombia(world.customer, world.admin)).number;
    await payOnline(settledUp);
    await staffDelivers(settledUp);
    expect((await inForce(settledUp)).map((row) => row.part)).toEqual(['charge']);
    expect(await collectionsOf(settledUp)).toHaveLength(1);
  });

  /** Checkouts approved with no event sent: each one's event then stored ('recibido'), waiting for a worker. */
  const storedUnapplied = async (urls: string[]) => {
    const config = world.server.config.wompi;
    if (!config) throw new Error('Wompi should be on');
    standIn.silence(true);
    for (const url of urls) {
      const paid = await standIn.checkout(url, { method: 'CARD', card: TEST_CARD_APPROVED });
      const transaction = await wompiProvider(config).transaction(paid.transaction?.id ?? '');
      if (!transaction) throw new Error('no transaction');
      expect(await receiveEvent(db(), transaction)).toBe('recibido');
    }
    standIn.silence(false);
  };
  /** A worker applying the stored events, as each instance's does. */
  const worker = () => applyWaitingEvents(db(), world.server.config);
  /**
   * The events of `references` still waiting, once the server's own worker is idle: it may take part in a race too
   * (a retried event of an earlier test wakes it, and so does its poll when the machine is slow), so the tests count
   * what is left, not which worker applied it (the CI rehearsal of 2026-11-29 saw the server's worker take one).
   */
  const leftWaiting = async (references: string[]) => {
    await world.server.paymentEvents?.runDue();
    const rows = await db()
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(inArray(paymentEvents.reference, references));
    expect(rows).toHaveLength(references.length);
    return rows.filter((row) => row.outcome === 'recibido').length;
  };
  const flagOf = async (reference: string) =>
    (await db().select().from(onlinePayments).where(eq(onlinePayments.paymentReference, reference)))[0]?.flag;

  it('applies one of two payments of a balance approved at once; the other is flagged for a refund', async () => {
    const { number, line } = await paidThenStored();
    const first = await start([number]);
    const second = await start([number]);
    expect([first.body.amountCop, second.body.amountCop]).toEqual([line.amountCop, line.amountCop]);
    await storedUnapplied([first.body.checkoutUrl, second.body.checkoutUrl]);
    // Two instances' workers race on the two approvals.
    await Promise.all([worker(), worker()]);
    expect(await leftWaiting([first.body.reference, second.body.reference])).toBe(0);
    expect((await inForce(number)).map((row) => row.part)).toEqual(['charge', 'balance']);
    expect((await collectionsOf(number)).map((row) => row.amountCop)).toEqual([
      expect.any(Number),
      line.amountCop,
    ]);
    const flags = [await flagOf(first.body.reference), await flagOf(second.body.reference)];
    expect(flags.filter((flag) => flag === FLAGS.alreadyPaid)).toHaveLength(1);
    expect(flags.filter((flag) => flag === null)).toHaveLength(1);
  });

  it('settles a balance once when the door delivery races its online payment', async () => {
    const { number, line } = await paidThenStored();
    const started = await start([number]);
    await storedUnapplied([started.body.checkoutUrl]);
    const [, door] = await Promise.all([
      worker(),
      world.courier.client.post(`/api/delivery/stops/${number}/deliver`, deliveryBody(line.amountCop)),
    ]);
    expect(await leftWaiting([started.body.reference])).toBe(0);
    const balances = (await inForce(number)).filter((row) => row.part === 'balance');
    expect(balances).toHaveLength(1);
    expect((await collectionsOf(number)).filter((row) => row.part === 'balance')).toEqual([
      expect.objectContaining({ amountCop: line.amountCop }),
    ]);
    if (door.status === 200) {
      // The door came first: the online approval found the balance settled and was flagged for a refund.
      expect(balances[0]?.source).toBe('route');
      expect(await flagOf(started.body.reference)).toBe(FLAGS.alreadyPaid);
    } else {
      // The payment came first: nothing left to collect, the courier's amount refused.
      expect(door.status).toBe(400);
      expect(door.body.error.message).toBe(doorMessages.paidOnline);
      expect(balances[0]?.source).toBe('online');
    }
  });

  it('settles a charge paid while its storage was being stored with what it paid: the storage is the balance', async () => {
    const route = await startedRoute(world.admin, world.customer, world.courier.record.id, 1);
    const [number = 0] = route.numbers;
    const started = await start([number]);
    const line = await storageAfterPayment(number);
    await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(() => state(started.body.reference)).toBe('aprobado');
    const [charge] = await inForce(number);
    expect(charge).toMatchObject({
      part: 'charge',
      dueCop: started.body.amountCop,
      paidCop: started.body.amountCop,
    });
    expect(
      await db()
        .select()
        .from(settlementLines)
        .where(eq(settlementLines.settlementId, charge?.id ?? 0)),
    ).toEqual([]);
    expect((await client().get(`/api/packages/${number}`)).body.balance).toEqual({
      cents: line.amountCents,
      cop: line.amountCop,
    });
  });

  it("'Reembolsar' of the balance's payment voids that settlement alone: the charge stays paid, the balance is owed again", async () => {
    const { number, line } = await paidThenStored();
    const balancePaid = await payOnline(number);
    const refunded = await world.admin.post(`/api/admin/pagos/${balancePaid.reference}/reembolso`, {
      motivo: 'Cobro de almacenaje revisado',
      referencia: '',
    });
    expect(refunded.status).toBe(200);
    expect((await inForce(number)).map((row) => row.part)).toEqual(['charge']);
    expect((await client().get(`/api/packages/${number}`)).body).toMatchObject({
      paidOnline: true,
      balance: { cents: line.amountCents, cop: line.amountCop },
    });
  });
});
