// The 'Decisión' on a solicitud de indemnización through the staff API, on PGlite: approved as credit (a
// row of the credit ledger, audited), approved for a visitor by transfer only with its reference, denied with its
// reason (mailed); once per PQR, and only for an indemnización.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { newTestGuide, receivedPackage } from '../../../test/support/packages.ts';
import {
  fileAsVisitor,
  filePqr,
  newestMailTo,
  PQR_DESCRIPTION,
  staffPqrPath,
} from '../../../test/support/pqr.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { type ChargeInput, type ChargeSettings, computeCharge } from '../../shared/charges/charge.ts';
import { PESOS_DECIMALS_MESSAGE } from '../../shared/money.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { auditLog, creditLedger, packageCharges, rateSettings } from '../db/schema.ts';

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

describe.each(logicDrivers)('PQR decision on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Customer;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-decision-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Lucía Fernández' });
  });
  afterAll(() => server?.close());

  async function file(fields: Record<string, unknown> = {}) {
    const filed = await customer.client.post('/api/pqr', {
      type: 'reclamo',
      description: PQR_DESCRIPTION,
      ...fields,
    });
    expect(filed.status).toBe(201);
    return filed.body.radicado as string;
  }
  const _staffPath = (radicado: string) => `/api/admin/pqr/${encodeURIComponent(radicado)}`;

  it('decides an indemnización: credit in the ledger, audited, once', async () => {
    const saved = await customer.client.post('/api/packages', {
      guide: newTestGuide(),
      content: 'Celular',
      declaredValue: '300',
    });
    const radicado = await file({
      type: 'indemnizacion',
      packageNumber: saved.body.package.number,
      noGuide: true,
    });
    const detail = await admin.get(staffPqrPath(radicado));
    expect(detail.body).toMatchObject({ canDecide: true, cargo: false });
    expect(detail.body.package.number).toBe(saved.body.package.number);
    expect(detail.body.customer).toMatchObject({ name: 'Lucía Fernández', visitor: false, deleted: false });
    const missing = await admin.post(`${staffPqrPath(radicado)}/decision`, {
      outcome: 'aprobada',
      payment: 'credito',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('amountCop');
    // Decimals in pesos are refused with their message, as a number or as typed, and nothing is decided.
    for (const amountCop of ['120000.50', '120.000,50', '120000,5']) {
      const decimals = await admin.post(`${staffPqrPath(radicado)}/decision`, {
        outcome: 'aprobada',
        amountCop,
        payment: 'credito',
      });
      expect(decimals.status).toBe(400);
      expect(decimals.body.error).toMatchObject({ field: 'amountCop', message: PESOS_DECIMALS_MESSAGE });
    }
    const fraction = await admin.post(`${staffPqrPath(radicado)}/decision`, {
      outcome: 'aprobada',
      amountCop: 120000.5,
      payment: 'credito',
    });
    expect(fraction.body.error).toMatchObject({ field: 'amountCop', message: pqrMessages.amount });
    expect((await admin.get(staffPqrPath(radicado))).body.canDecide).toBe(true);
    const decided = await admin.post(`${staffPqrPath(radicado)}/decision`, {
      outcome: 'aprobada',
      amountCop: 120000,
      payment: 'credito',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.pqr.canDecide).toBe(false);
    expect(decided.body.pqr.events.at(-1).decision).toMatchObject({
      outcomeLabel: 'Aprobada',
      amountCop: 120000,
      paymentLabel: 'Crédito',
    });
    const ledger = await server.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, customer.record.id));
    // Kept in pesos, as approved: no TRM yet (the charge that uses it converts it at its own).
    expect(ledger.find((entry) => entry.kind === 'indemnizacion')).toMatchObject({
      amountCop: 120000,
      amountCents: 0,
    });
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.action, 'pqr_decision'));
    expect(audits.some((audit) => (audit.detail as { radicado?: string }).radicado === radicado)).toBe(true);
    const twice = await admin.post(`${staffPqrPath(radicado)}/decision`, {
      outcome: 'negada',
      reason: 'Error',
    });
    expect(twice.status).toBe(409);
    const reclamo = await file();
    const notIndemnity = await admin.post(`${staffPqrPath(reclamo)}/decision`, {
      outcome: 'negada',
      reason: 'No',
    });
    expect(notIndemnity.status).toBe(409);
  });

  it('an indemnity credit is used in pesos: the charge that takes it converts it at its own TRM and back', async () => {
    const owner = await signedUpCustomer(server, { name: 'Tomás Indemnizado' });
    const lost = await owner.client.post('/api/packages', {
      guide: newTestGuide(),
      content: 'Audífonos',
      declaredValue: '80',
    });
    const radicado = await filePqr(owner, {
      type: 'indemnizacion',
      noGuide: true,
      packageNumber: lost.body.package.number,
    });
    // Approved at the TRM of today (4.000)…
    const decided = await admin.post(`${staffPqrPath(radicado)}/decision`, {
      outcome: 'aprobada',
      amountCop: 120000,
      payment: 'credito',
    });
    expect(decided.status).toBe(200);
    // …used by a charge taken at another (5.000): the customer still gets $ 120.000 off, not 3.000 cents × 5.000.
    const [current] = await server.db.select().from(rateSettings).orderBy(desc(rateSettings.id)).limit(1);
    if (!current) throw new Error('no rates');
    const { id: _id, createdAt: _createdAt, ...rates } = current;
    await server.db
      .insert(rateSettings)
      .values({ ...rates, trmHundredths: 500_000, effectiveFrom: new Date(Date.now() - 60_000) });
    const { number } = await receivedPackage(owner, admin, { weight: '40' });
    const [charge] = await server.db
      .select()
      .from(packageCharges)
      .where(eq(packageCharges.packageNumber, number));
    if (!charge) throw new Error('no charge');
    const input = charge.input as unknown as ChargeInput & { rates: ChargeSettings };
    const withoutCredit = computeCharge({ ...input, creditCents: 0 }, input.rates);
    expect(withoutCredit.totalCop - charge.totalCop).toBe(120_000);
    const used = await server.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.record.id), eq(creditLedger.packageNumber, number)));
    expect(used).toMatchObject([{ kind: 'used', amountCop: -120_000, amountCents: 0 }]);
  });

  it('pays a visitor only by transfer with its reference, and denies with a reason', async () => {
    const filed = await fileAsVisitor(admin, {
      type: 'indemnizacion',
      name: 'Pedro Destinatario',
      idNumber: '1234567',
      email: 'pedro-destinatario@example.com',
      guide: 'TBA000111222',
      noGuide: false,
      description: 'Recibí la caja mojada y el contenido dañado por completo.',
    });
    expect(filed.status).toBe(400);
    expect(filed.body.error.field).toBe('attachments');
    const ok = await fileAsVisitor(admin, {
      type: 'indemnizacion',
      name: 'Pedro Destinatario',
      idNumber: '1234567',
      email: 'pedro-destinatario@example.com',
      guide: 'TBA000111222',
      noGuide: true,
      description: 'Recibí la caja mojada y el contenido dañado por completo.',
    });
    expect(ok.status).toBe(201);
    const path = `${staffPqrPath(ok.body.radicado)}/decision`;
    const credit = await admin.post(path, { outcome: 'aprobada', amountCop: 50000, payment: 'credito' });
    expect(credit.status).toBe(400);
    const noReference = await admin.post(path, {
      outcome: 'aprobada',
      amountCop: 50000,
      payment: 'transferencia',
    });
    expect(noReference.body.error.message).toBe('Escribe la referencia de la transferencia.');
    const paid = await admin.post(path, {
      outcome: 'aprobada',
      amountCop: 50000,
      payment: 'transferencia',
      reference: 'TRF-889',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.pqr.customer.visitor).toBe(true);
    const other = await fileAsVisitor(admin, {
      type: 'indemnizacion',
      name: 'Pedro Destinatario',
      idNumber: '1234567',
      email: 'pedro-destinatario@example.com',
      guide: 'TBA000111333',
      noGuide: true,
      description: 'La segunda caja también llegó dañada por la lluvia.',
    });
    const deniedPath = `${staffPqrPath(other.body.radicado)}/decision`;
    const noReason = await admin.post(deniedPath, { outcome: 'negada' });
    expect(noReason.body.error).toMatchObject({
      field: 'reason',
      message: 'Escribe el motivo por el que se niega.',
    });
    const denied = await admin.post(deniedPath, {
      outcome: 'negada',
      reason: 'La guía no es de nuestra red.',
    });
    expect(denied.body.pqr.events.at(-1).decision).toMatchObject({
      outcomeLabel: 'Negada',
      reason: 'La guía no es de nuestra red.',
      amountCop: null,
    });
    const mail = await newestMailTo(server, 'pedro-destinatario@example.com');
    expect(mail?.text).toContain('Motivo: La guía no es de nuestra red.');
  });
});
