// Charges through the API, on every driver: the rates with their history, the public estimate, the charge stored
// on receipt and shown and mailed as 'Valor a pagar', its explicit recomputation, and the referral credit ledger.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { DEFAULT_CHARGE_SETTINGS } from '../../shared/charges/charge.ts';
import { isoDayInMiami } from '../../shared/dates.ts';
import { auditLog, creditLedger, outbox, users } from '../db/schema.ts';
import { changeState } from '../packages/state-change.ts';

const ADMIN_EMAIL = 'tarifas-admin@example.com';
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
const DEFAULT_FORM = {
  pricePerLbCents: '2.50',
  minWeightLb: '1',
  volumetricDivisor: '166',
  insuranceBasisPoints: '2',
  trmHundredths: '4000',
  freeStorageDays: '30',
  referralCreditCents: '5',
  taxFreeThresholdCents: '200',
  tariffBasisPoints: '10',
  vatBasisPoints: '19',
  consolidationFeeCents: '5',
  repackFeeCents: '3',
  photosFeeCents: '2',
  returnFeeCents: '4',
  storagePerDayCents: '0.50',
  maxStorageDays: '90',
};

describe.each(drivers)('charges on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let bodega: ReturnType<typeof browser>;
  let sequence = 0;
  const mail = { brandName: 'CasilleroYa', appUrl: 'http://localhost:3000' };
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
    const staff = await signedUpCustomer(server);
    await server.db.update(users).set({ role: 'bodega' }).where(eq(users.id, staff.record.id));
    bodega = staff.client;
  });
  afterAll(() => server?.close());

  const guide = () => `TBA${String(++sequence).padStart(12, '0')}`;
  async function received(
    customer: Awaited<ReturnType<typeof signedUpCustomer>>,
    fields: Record<string, string>,
  ) {
    const g = guide();
    const saved = await customer.client.post('/api/packages', {
      guide: g,
      content: 'Ropa',
      declaredValue: fields.value ?? '100',
    });
    const answer = await bodega.post('/api/warehouse/receipts', {
      guide: g,
      lockerNumber: customer.record.lockerNumber,
      weightLb: fields.weight ?? '4',
      lengthIn: fields.length ?? '',
      widthIn: fields.width ?? '',
      heightIn: fields.height ?? '',
    });
    expect(answer.status).toBe(201);
    return saved.body.package.number as number;
  }
  const detail = async (client: ReturnType<typeof browser>, number: number) =>
    (await client.get(`/api/packages/${number}`)).body;
  const deliver = (number: number) =>
    server.db.transaction(async (tx) => {
      for (const to of ['en_transito', 'en_aduana', 'en_bodega_colombia', 'en_reparto', 'entregado'] as const)
        await changeState(tx, number, to, { id: null, role: 'admin' }, mail);
    });

  it('starts with the rates of design/packages.md, public', async () => {
    const { client } = await signedUpCustomer(server);
    const rates = await client.get('/api/rates');
    expect(rates.status).toBe(200);
    expect(rates.body).toMatchObject(DEFAULT_CHARGE_SETTINGS);
  });

  it('estimates the worked examples and answers nonsense in Spanish, never NaN or 5xx', async () => {
    const { client } = await signedUpCustomer(server);
    const first = await client.get('/api/charges/estimate?peso=4&largo=15&ancho=15&alto=15&valor=100');
    expect(first.body).toMatchObject({
      chargeableLb: 21,
      freightCents: 5250,
      insuranceCents: 200,
      taxesCents: 0,
      totalCents: 5450,
      totalCop: 218_000,
    });
    const second = await client.get('/api/charges/estimate?peso=4&valor=300');
    expect(second.body).toMatchObject({
      tariffCents: 3160,
      vatCents: 6604,
      totalCents: 11_364,
      totalCop: 454_600,
    });
    for (const query of [
      'peso=abc&valor=1',
      'peso=1e308&valor=1',
      'peso=-4&valor=1',
      'peso=&valor=1',
      'peso=4&valor=-1',
      'peso=4&valor=',
      'peso=4&largo=10&valor=1',
      'peso=4&largo=121&ancho=1&alto=1&valor=1',
    ]) {
      const answer = await client.get(`/api/charges/estimate?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message).toMatch(/^(Escribe|Las medidas)/);
    }
  });

  it('stores the charge on receipt, shows it and mails it as Valor a pagar', async () => {
    const customer = await signedUpCustomer(server);
    const number = await received(customer, {
      weight: '4',
      length: '15',
      width: '15',
      height: '15',
      value: '100',
    });
    const shown = await detail(customer.client, number);
    expect(shown.charge).toEqual({
      chargeableLb: 21,
      freightCents: 5250,
      insuranceCents: 200,
      taxesCents: 0,
      creditUsedCents: 0,
      // No fee lines yet (issue 31): the total is the charge's own.
      lines: [],
      annulNote: null,
      totalCents: 5450,
      totalCop: 218_000,
      // The TRM and the threshold it used, and the day it took them (the receipt's, in Miami): issue 24.
      trmHundredths: 400_000,
      taxFreeThresholdCents: 20_000,
      trmDate: isoDayInMiami(new Date(shown.receivedAt ?? '')),
    });
    expect(shown).toMatchObject({ daysInWarehouse: 0, freeStorageDaysLeft: 30 });
    const [receipt] = (
      await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.record.email))
    ).filter((m) => m.subject.includes('paquete'));
    expect(receipt?.text).toContain('Valor a pagar: US$ 54,50 ($ 218.000), al recibir en tu puerta.');
  });

  it('keeps rates as a history: refuses nonsense, never rewrites a stored charge, recomputes only when asked', async () => {
    const customer = await signedUpCustomer(server);
    const number = await received(customer, { weight: '4', value: '300' });
    expect((await detail(customer.client, number)).charge.totalCents).toBe(11_364);

    expect(
      (await customer.client.post('/api/admin/rates', { effectiveFrom: TODAY, values: DEFAULT_FORM })).status,
    ).toBe(403);
    for (const [key, value] of [
      ['pricePerLbCents', '-1'],
      ['volumetricDivisor', '0'],
      ['pricePerLbCents', '1000.01'],
      ['trmHundredths', 'abc'],
      ['vatBasisPoints', ''],
    ] as const) {
      const refused = await admin.post('/api/admin/rates', {
        effectiveFrom: TODAY,
        values: { ...DEFAULT_FORM, [key]: value },
      });
      expect(refused.status, `${key}=${value}`).toBe(400);
    }
    expect(
      (await admin.post('/api/admin/rates', { effectiveFrom: '2020-01-01', values: DEFAULT_FORM })).body.error
        .message,
    ).toBe('La fecha debe ser hoy o posterior: las tarifas pasadas no se cambian.');
    const future = await admin.post('/api/admin/rates', {
      effectiveFrom: '2999-01-01',
      values: { ...DEFAULT_FORM, pricePerLbCents: '9' },
    });
    expect(future.status).toBe(201);
    expect((await customer.client.get('/api/rates')).body.pricePerLbCents).not.toBe(900);

    const today = await admin.post('/api/admin/rates', {
      effectiveFrom: TODAY,
      values: { ...DEFAULT_FORM, pricePerLbCents: '3' },
    });
    expect(today.status).toBe(201);
    expect((await customer.client.get('/api/rates')).body.pricePerLbCents).toBe(300);
    // The requests' fees are dated rates like the others (issue 31).
    expect((await customer.client.get('/api/rates')).body).toMatchObject({
      consolidationFeeCents: 500,
      repackFeeCents: 300,
      photosFeeCents: 200,
      returnFeeCents: 400,
      storagePerDayCents: 50,
      maxStorageDays: 90,
    });
    const fees = await admin.post('/api/admin/rates', {
      effectiveFrom: '2999-02-01',
      values: { ...DEFAULT_FORM, consolidationFeeCents: '6.25', maxStorageDays: '120' },
    });
    expect(fees.body.rates).toMatchObject({ consolidationFeeCents: 625, maxStorageDays: 120 });
    for (const [key, value] of [
      ['storagePerDayCents', '-0.5'],
      ['maxStorageDays', '0'],
      ['returnFeeCents', ''],
    ] as const)
      expect(
        (
          await admin.post('/api/admin/rates', {
            effectiveFrom: TODAY,
            values: { ...DEFAULT_FORM, [key]: value },
          })
        ).status,
        `${key}=${value}`,
      ).toBe(400);
    const history = await admin.get('/api/admin/rates');
    expect(history.body.history.length).toBeGreaterThanOrEqual(3);
    expect(history.body.history.at(-1)).toMatchObject({ pricePerLbCents: 250 });
    // The stored charge stays; an explicit recomputation uses the rates in force the day it was received.
    expect((await detail(customer.client, number)).charge.freightCents).toBe(1000);
    const recomputed = await admin.post(`/api/admin/packages/${number}/charge`);
    expect(recomputed.status).toBe(200);
    expect((await detail(customer.client, number)).charge.freightCents).toBe(1200);
    const audited = await server.db.select().from(auditLog).where(eq(auditLog.action, 'charge_recomputed'));
    expect(audited.at(-1)?.detail).toMatchObject({ packageNumber: number });
    expect(
      (await server.db.select().from(auditLog).where(eq(auditLog.action, 'rates_changed'))).length,
    ).toBeGreaterThanOrEqual(2);
    // Back to the defaults for the other tests.
    await admin.post('/api/admin/rates', { effectiveFrom: TODAY, values: DEFAULT_FORM });
  });

  it('stores the largest charge the allowed rates can make', async () => {
    const customer = await signedUpCustomer(server);
    const extreme = { ...DEFAULT_FORM, pricePerLbCents: '1000', trmHundredths: '20000' };
    expect((await admin.post('/api/admin/rates', { effectiveFrom: TODAY, values: extreme })).status).toBe(
      201,
    );
    try {
      const number = await received(customer, { weight: '150', value: '100000' });
      const charge = (await detail(customer.client, number)).charge;
      expect(charge.totalCop).toBeGreaterThan(2 ** 31);
      expect(charge.totalCop % 100).toBe(0);
    } finally {
      await admin.post('/api/admin/rates', { effectiveFrom: TODAY, values: DEFAULT_FORM });
    }
  });

  it('credits the referrer once, on the first delivery, and takes it off their next charge', async () => {
    const referrer = await signedUpCustomer(server);
    const friend = await signedUpCustomer(server, { ref: referrer.record.refCode.toLowerCase() });
    expect((await referrer.client.get('/api/me/referrals')).body).toEqual({
      registered: 1,
      shipped: 0,
      creditCents: 0,
    });

    const first = await received(friend, { weight: '1', value: '10' });
    const second = await received(friend, { weight: '1', value: '10' });
    await deliver(first);
    await deliver(second);
    expect((await referrer.client.get('/api/me/referrals')).body).toEqual({
      registered: 1,
      shipped: 1,
      creditCents: 500,
    });
    // The friend sees only their own credit.
    expect((await friend.client.get('/api/me/referrals')).body).toEqual({
      registered: 0,
      shipped: 0,
      creditCents: 0,
    });

    // Two receipts at once: the credit is spent once.
    const [a, b] = await Promise.all([
      received(referrer, { weight: '1', value: '0' }),
      received(referrer, { weight: '1', value: '0' }),
    ]);
    const charges = [(await detail(referrer.client, a)).charge, (await detail(referrer.client, b)).charge];
    expect(charges.map((c) => c.creditUsedCents).sort()).toEqual([250, 250]);
    expect(charges.map((c) => c.totalCents)).toEqual([0, 0]);
    const c = await received(referrer, { weight: '1', value: '0' });
    expect((await detail(referrer.client, c)).charge).toMatchObject({ creditUsedCents: 0, totalCents: 250 });
    const ledger = await server.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, referrer.record.id));
    expect(ledger.reduce((total, entry) => total + entry.amountCents, 0)).toBe(0);
    expect((await referrer.client.get('/api/me/referrals')).body.creditCents).toBe(0);
  });
});
