// Paying online through Wompi (issue 32), on every driver, against the stand-in: 'Pagar en línea' for one or several
// packages, each outcome, the events' checksum (401 changing nothing), repeats, mismatches flagged and never
// applied, a late event answered by asking Wompi, two payments of one package (one applied, one flagged for a
// refund), refusals (another's package, one already paid), and the courier's stop once paid ('Pagado: no cobrar').
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { storedValueToPay } from '../../../test/support/money.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { eventsIntoWorld, onlinePayments as wompiStandIn } from '../../../test/support/pay-online.ts';
import { signedUpCustomer, TEST_APP_URL } from '../../../test/support/server.ts';
import {
  eventsInto,
  signedEvent,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  WOMPI_TEST_KEYS,
} from '../../../test/support/wompi-stand-in.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { invoiceMailLine } from '../../shared/einvoice/labels.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import { requestMessages } from '../../shared/requests/requests.ts';
import {
  billingData,
  collections,
  einvoices,
  onlinePaymentPackages,
  onlinePayments,
  outbox,
  packageChargeLines,
  packageRequestItems,
  paymentEvents,
  paymentReceipts,
  rateSettings,
  settlements,
} from '../db/schema.ts';
import { FLAGS } from './apply.ts';
import { applyWaitingEvents, receiveEvent } from './events.ts';
import { checkPendingPayments } from './pending-check.ts';
import { EVENT_REFUSED } from './routes.ts';
import { wompiProvider } from './wompi.ts';

const standIn = await wompiStandIn();

describe.each(drivers)('paying online on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'pagos-admin@example.com',
    customer: 'Paula Pagadora',
    couriers: ['Rafa Reparto'],
    env: standIn.env,
  });
  const db = () => world.server.db;
  const client = () => world.customer.client;
  eventsIntoWorld(standIn, world);

  const received = async () => (await receivedPackage(world.customer, world.admin)).number;
  const start = (numbers: number[]) => client().post('/api/pagos', { packages: numbers });
  const view = async (reference: string, query = '') => {
    const answer = await client().get(`/api/pagos/${reference}${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const inForce = (number: number) =>
    db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.packageNumber, number), isNull(settlements.voidedAt)));
  const eventsOf = (reference: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
  const paymentRow = async (reference: string) =>
    (await db().select().from(onlinePayments).where(eq(onlinePayments.paymentReference, reference)))[0];
  /** Posts an event as Wompi does, then lets the worker apply what it stored. */
  const postEvent = (body: unknown, checksum?: string) =>
    eventsInto(world.server)(JSON.stringify(body), {
      'content-type': 'application/json',
      ...(checksum ? { 'x-event-checksum': checksum } : {}),
    });

  it("pays two packages with the test card: one reference, pesos per package, each settled as 'Wompi'", async () => {
    const numbers = [await received(), await received()];
    const dues = await Promise.all(numbers.map((number) => storedValueToPay(world.server, number)));
    const total = dues.reduce((sum, due) => sum + due, 0);
    const started = await start(numbers);
    expect(started.status).toBe(200);
    expect(started.body.reference).toMatch(/^CY\d{8}$/);
    expect(started.body.amountCop).toBe(total);
    const url = new URL(started.body.checkoutUrl);
    expect(url.searchParams.get('amount-in-cents')).toBe(String(total * 100));
    expect(url.searchParams.get('redirect-url')).toBe(`${TEST_APP_URL}/pagos/${started.body.reference}`);
    expect(started.body.checkoutUrl).not.toContain(WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET);
    expect((await view(started.body.reference)).state).toBe('pendiente');

    const paid = await standIn.checkout(started.body.checkoutUrl, {
      method: 'CARD',
      card: TEST_CARD_APPROVED,
    });
    expect(paid.redirect).toContain(`/pagos/${started.body.reference}?id=`);
    await expect.poll(async () => (await view(started.body.reference)).state).toBe('aprobado');
    expect(await view(started.body.reference)).toMatchObject({ method: 'Tarjeta', refund: false });
    for (const [index, number] of numbers.entries()) {
      const [settlement] = await inForce(number);
      expect(settlement).toMatchObject({ source: 'online', dueCop: dues[index], paidCop: dues[index] });
      const [collection] = await db()
        .select()
        .from(collections)
        .where(eq(collections.id, settlement?.collectionId ?? 0));
      expect(collection).toMatchObject({ means: 'wompi', reference: paid.transaction?.id, source: 'online' });
      expect(
        await db().select().from(paymentReceipts).where(eq(paymentReceipts.packageNumber, number)),
      ).toHaveLength(1);
    }
    // 'Pagado en línea' for the customer, on the package and in 'Mis paquetes'.
    expect((await client().get(`/api/packages/${numbers[0]}`)).body).toMatchObject({
      paid: true,
      paidOnline: true,
    });
    const listed = (await client().get('/api/packages')).body.packages as Array<{
      number: number;
      paidOnline: boolean;
    }>;
    expect(listed.filter((pkg) => numbers.includes(pkg.number)).map((pkg) => pkg.paidOnline)).toEqual([
      true,
      true,
    ]);
    // 'Pago aprobado' mailed to the customer, once, with the link to the payment's page.
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, world.customer.form.email));
    const approved = mails.filter((row) => row.subject.includes(`Pago aprobado ${started.body.reference}`));
    expect(approved).toHaveLength(1);
    expect(approved[0]?.text).toContain(`/pagos/${started.body.reference}`);
    for (const number of numbers)
      expect(approved[0]?.text).toContain(invoiceMailLine(`${TEST_APP_URL}/paquetes/${number}`));
    // Its 'Comprobante de pago': means 'Wompi', the transaction id as 'Referencia'.
    const receipt = await client().get(`/api/packages/${numbers[0]}/receipt`);
    expect(receipt.body).toMatchObject({
      meansLabel: 'Wompi',
      reference: paid.transaction?.id,
      paidCop: dues[0],
    });
    // 'Recaudos' shows it in its own online figures, by means as 'Wompi'.
    const day = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const recaudos = (await world.admin.get(`/api/admin/recaudos?desde=${day}&hasta=${day}`)).body;
    expect(recaudos.online).toMatchObject({
      deliveries: 2,
      collectedCop: total,
      receivedCop: total,
      pendingCop: 0,
    });
    expect(recaudos.byMeans).toContainEqual(
      expect.objectContaining({ means: 'wompi', label: 'Wompi', amountCop: total }),
    );
    expect(recaudos.byCarrier).toEqual([]);
    // Paid: a second payment is refused in clear Spanish.
    const again = await start([numbers[0] ?? 0]);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(paymentMessages.alreadyPaid(numbers[0] ?? 0));
    // Paid: a request that would change its charge is refused, nothing asked.
    const asked = await client().post('/api/requests', { kind: 'fotos', numbers: [numbers[0]], note: 'Ver' });
    expect(asked.status).toBe(409);
    expect(asked.body.error.message).toBe(requestMessages.paidOnline(numbers[0] ?? 0));
    expect(
      await db()
        .select()
        .from(packageRequestItems)
        .where(eq(packageRequestItems.packageNumber, numbers[0] ?? 0)),
    ).toEqual([]);
    // Its electronic invoice is due with the settlement (issue 33), once per package.
    for (const [index, number] of numbers.entries()) {
      const [settlement] = await inForce(number);
      const invoices = await db()
        .select()
        .from(einvoices)
        .where(eq(einvoices.settlementId, settlement?.id ?? 0));
      expect(invoices).toEqual([expect.objectContaining({ kind: 'invoice', totalCop: dues[index] })]);
    }
  });

  it("asks for the 'Datos de facturación' before paying when they are incomplete, and starts nothing", async () => {
    const number = await received();
    const id = world.customer.record.id;
    // A NIT whose check digit is wrong (saved before the check existed, say): the invoice could not be issued.
    await db().insert(billingData).values({
      userId: id,
      documentType: 'NIT',
      documentNumber: '9001234561',
      name: 'Paula Pagadora S.A.S.',
      address: 'Calle 1 # 2-3',
      municipality: 'Medellín',
    });
    try {
      const refused = await start([number]);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(
        /^Antes de pagar en línea completa tus «Datos de facturación»/,
      );
      expect(
        await db()
          .select()
          .from(onlinePaymentPackages)
          .where(eq(onlinePaymentPackages.packageNumber, number)),
      ).toEqual([]);
    } finally {
      await db().delete(billingData).where(eq(billingData.userId, id));
    }
    expect((await start([number])).status).toBe(200);
  });

  it("asks for 'Valor a pagar' with the charge's fee lines in force", async () => {
    const number = await received();
    const charge = await storedValueToPay(world.server, number);
    const [rates] = await db().select({ id: rateSettings.id }).from(rateSettings).limit(1);
    await db()
      .insert(packageChargeLines)
      .values({
        packageNumber: number,
        kind: 'almacenaje',
        amountCents: 150,
        amountCop: 6000,
        rateSettingsId: rates?.id ?? 1,
        rateCents: 50,
        quantity: 3,
        trmHundredths: 400_000,
      });
    const started = await start([number]);
    expect(started.status).toBe(200);
    expect(started.body.amountCop).toBe(charge + 6000);
  });

  it('refuses to pay a package with an open request: the request will change its charge', async () => {
    const number = await received();
    const asked = await client().post('/api/requests', {
      kind: 'fotos',
      numbers: [number],
      note: 'La etiqueta',
    });
    expect(asked.status).toBe(201);
    const refused = await start([number]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`El paquete ${number} tiene abierta la solicitud`);
    expect(
      await db().select().from(onlinePaymentPackages).where(eq(onlinePaymentPackages.packageNumber, number)),
    ).toEqual([]);
  });

  it("says 'Pago rechazado' with Wompi's reason for a declined card, settles nothing, and a new attempt works", async () => {
    const number = await received();
    const first = await start([number]);
    await standIn.checkout(first.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_DECLINED });
    await expect.poll(async () => (await view(first.body.reference)).state).toBe('rechazado');
    expect((await view(first.body.reference)).reason).toMatch(/rechazada/);
    expect(await inForce(number)).toEqual([]);
    const retry = await start([number]);
    expect(retry.body.reference).not.toBe(first.body.reference);
    await standIn.checkout(retry.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(async () => (await view(retry.body.reference)).state).toBe('aprobado');
    expect(await inForce(number)).toHaveLength(1);
  });

  it('answers 401 to an event with a wrong checksum and changes nothing; a repeat is applied once', async () => {
    const number = await received();
    const started = await start([number]);
    standIn.silence(true);
    const paid = await standIn.checkout(started.body.checkoutUrl, {
      method: 'CARD',
      card: TEST_CARD_APPROVED,
    });
    standIn.silence(false);
    if (!paid.transaction) throw new Error('no transaction');
    const event = signedEvent(paid.transaction, WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET);
    for (const bad of [
      { ...event, signature: { ...event.signature, checksum: 'f'.repeat(64) } },
      signedEvent(paid.transaction, 'test_events_otrosecreto'),
    ]) {
      const answer = await postEvent(bad, bad.signature.checksum);
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(EVENT_REFUSED);
    }
    // The right checksum in the body but another in the header: refused too.
    expect((await postEvent(event, '0'.repeat(64))).status).toBe(401);
    expect(await eventsOf(started.body.reference)).toEqual([]);
    expect((await paymentRow(started.body.reference))?.state).toBe('pendiente');

    for (let i = 0; i < 3; i++) expect((await postEvent(event, event.signature.checksum)).status).toBe(200);
    expect((await paymentRow(started.body.reference))?.state).toBe('aprobado');
    expect(await eventsOf(started.body.reference)).toHaveLength(1);
    expect(await inForce(number)).toHaveLength(1);
  });

  it('records and flags an event whose amount does not match, or whose reference is unknown, and applies neither', async () => {
    const number = await received();
    const started = await start([number]);
    const base = {
      id: `1234-1-${number}`,
      created_at: new Date().toISOString(),
      finalized_at: new Date().toISOString(),
      reference: started.body.reference,
      currency: 'COP',
      payment_method_type: 'CARD' as const,
      payment_method: {},
      status: 'APPROVED' as const,
      status_message: null,
      redirect_url: '',
      customer_email: '',
    };
    const cheaper = signedEvent({ ...base, amount_in_cents: 150_000 }, WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET);
    expect((await postEvent(cheaper, cheaper.signature.checksum)).status).toBe(200);
    const row = await paymentRow(started.body.reference);
    expect(row).toMatchObject({ state: 'pendiente' });
    expect(row?.flag).toMatch(/No coincide/);
    expect(await inForce(number)).toEqual([]);
    const dollars = signedEvent(
      { ...base, id: `${base.id}-usd`, currency: 'USD', amount_in_cents: started.body.amountCop * 100 },
      WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET,
    );
    expect((await postEvent(dollars, dollars.signature.checksum)).status).toBe(200);
    expect(await inForce(number)).toEqual([]);

    const unknown = signedEvent(
      { ...base, id: `${base.id}-x`, reference: 'CY99999999', amount_in_cents: 500_000 },
      WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET,
    );
    expect((await postEvent(unknown, unknown.signature.checksum)).status).toBe(200);
    expect((await eventsOf('CY99999999'))[0]?.outcome).toBe(FLAGS.unknownReference);
  });

  it("asks Wompi for the transaction when its event is late (the return page's ?id=)", async () => {
    const number = await received();
    const started = await start([number]);
    standIn.silence(true);
    const paid = await standIn.checkout(started.body.checkoutUrl, {
      method: 'CARD',
      card: TEST_CARD_APPROVED,
    });
    standIn.silence(false);
    expect((await view(started.body.reference)).state).toBe('pendiente');
    expect((await view(started.body.reference, `?id=${paid.transaction?.id}`)).state).toBe('aprobado');
    expect((await eventsOf(started.body.reference))[0]?.via).toBe('consulta');
    expect(await inForce(number)).toHaveLength(1);
  });

  it('settles a payment left pending for over 10 minutes by asking Wompi for its reference', async () => {
    const number = await received();
    const young = await start([await received()]);
    const old = await start([number]);
    standIn.silence(true);
    for (const started of [young, old])
      await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    standIn.silence(false);
    await db()
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(onlinePayments.paymentReference, old.body.reference));
    const config = world.server.config.wompi;
    if (!config) throw new Error('Wompi should be on');
    expect(await checkPendingPayments(db(), wompiProvider(config), world.server.config)).toBe(1);
    expect((await paymentRow(old.body.reference))?.state).toBe('aprobado');
    expect((await paymentRow(young.body.reference))?.state).toBe('pendiente');
    expect(await inForce(number)).toHaveLength(1);
    expect(await checkPendingPayments(db(), wompiProvider(config), world.server.config)).toBe(0);
  });

  it('applies exactly one of two payments of one package approved at once; the other is flagged for a refund', async () => {
    const number = await received();
    const first = await start([number]);
    const second = await start([number]);
    standIn.silence(true);
    const paidOne = await standIn.checkout(first.body.checkoutUrl, {
      method: 'CARD',
      card: TEST_CARD_APPROVED,
    });
    const paidTwo = await standIn.checkout(second.body.checkoutUrl, {
      method: 'CARD',
      card: TEST_CARD_APPROVED,
    });
    standIn.silence(false);
    // Both events stored (answered 200) before either is applied; two instances' workers then race on them.
    const config = world.server.config.wompi;
    if (!config) throw new Error('Wompi should be on');
    const provider = wompiProvider(config);
    for (const paid of [paidOne, paidTwo]) {
      const transaction = await provider.transaction(paid.transaction?.id ?? '');
      if (!transaction) throw new Error('no transaction');
      expect(await receiveEvent(db(), transaction)).toBe('recibido');
      expect(await receiveEvent(db(), transaction)).toBe('repetido');
    }
    expect((await eventsOf(first.body.reference)).map((event) => event.outcome)).toEqual(['recibido']);
    expect((await paymentRow(first.body.reference))?.state).toBe('pendiente');
    await Promise.all([
      applyWaitingEvents(db(), world.server.config),
      applyWaitingEvents(db(), world.server.config),
    ]);
    // Both applied, by these workers or by the server's own (its poll may join the race): none left waiting.
    await world.server.paymentEvents?.runDue();
    for (const reference of [first.body.reference, second.body.reference])
      expect((await eventsOf(reference)).map((event) => event.outcome)).not.toContain('recibido');
    expect(await inForce(number)).toHaveLength(1);
    const views = [await view(first.body.reference), await view(second.body.reference)];
    expect(views.map((one) => one.state)).toEqual(['aprobado', 'aprobado']);
    expect(views.filter((one) => one.refund)).toHaveLength(1);
    const flagged = [await paymentRow(first.body.reference), await paymentRow(second.body.reference)].filter(
      (row) => row?.flag === FLAGS.alreadyPaid,
    );
    expect(flagged).toHaveLength(1);
  });

  it("refuses another customer's package (404), one without a charge, and a payment of another's reference", async () => {
    const number = await received();
    const other = await signedUpCustomer(world.server, { name: 'Otro Cliente' });
    const answer = await other.client.post('/api/pagos', { packages: [number] });
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(paymentMessages.notFound(number));
    expect(
      await db().select().from(onlinePayments).where(eq(onlinePayments.userId, other.record.id)),
    ).toEqual([]);
    const mine = await start([number]);
    expect((await other.client.get(`/api/pagos/${mine.body.reference}`)).status).toBe(404);
    const prealerted = await client().post('/api/packages', {
      guide: `PAGO${Date.now()}`,
      content: 'Libro',
      declaredValue: '10',
    });
    const noCharge = await start([prealerted.body.package.number]);
    expect(noCharge.status).toBe(409);
    expect((await start([])).status).toBe(400);
  });

  it("shows the courier 'Pagado: no cobrar' and 'Entregar' records no money for a package paid online", async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const started = await start([number]);
    await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(async () => (await view(started.body.reference)).state).toBe('aprobado');
    const stop = await courier.client.get(`/api/delivery/stops/${number}`);
    expect(stop.body.stop).toMatchObject({ paidOnline: true, valueToPayCop: 0 });
    const charging = await courier.client.post(`/api/delivery/stops/${number}/deliver`, deliveryBody(5000));
    expect(charging.status).toBe(400);
    expect(charging.body.error.message).toBe(doorMessages.paidOnline);
    const delivered = await courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(0, { means: undefined }),
    );
    expect(delivered.status).toBe(200);
    const rows = await inForce(number);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('online');
    expect(
      await db()
        .select()
        .from(collections)
        .where(and(eq(collections.packageNumber, number), isNull(collections.voidedAt))),
    ).toHaveLength(1);
  });
});

describe.each(drivers)('paying online while Wompi is off on %s', (driver) => {
  const world = deliveryWorld(driver, { admin: 'pagos-off@example.com', customer: 'Sin Pagos' });
  it('refuses to start a payment and answers no event', async () => {
    const number = (await receivedPackage(world.customer, world.admin)).number;
    const answer = await world.customer.client.post('/api/pagos', { packages: [number] });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(paymentMessages.off);
    expect((await world.customer.client.post('/api/pagos/wompi/eventos', {})).status).toBe(404);
  });
});
