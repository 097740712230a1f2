// The world of test/e2e/money.test.ts, set up through the API as the screens and the courier's phone would: an
// admin, a courier with the 'reparto' role, a customer with three packages in 'En bodega Colombia'; a route of two
// of them started and delivered (one paid in cash, one by Nequi); the third sent with a national carrier and set
// 'Entregado' by staff (the carrier collects it). Also pdfText, to read back what an uncompressed PDF writes.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import { apiCall, type RunningApp, registerViaApi } from './harness.ts';

export const ADMIN = 'caja-admin@example.com';
export const COMPANY = { COMPANY_NAME: 'Envíos Caja S.A.S.', COMPANY_NIT: '900.123.456-8' };
export const COURIER_NAME = 'Rosa Mensajera';
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export type Session = Awaited<ReturnType<typeof apiCall>>;
interface Stop {
  number: number;
  valueToPayCop: number | null;
}

/** The text a PDF draws, from its uncompressed content streams: each TJ array's strings, hex or literal, joined. */
export function pdfText(raw: string): string {
  const lines: string[] = [];
  for (const [, array = ''] of raw.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ/g)) {
    const parts = [...array.matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)].map(([, hex, literal]) =>
      hex === undefined
        ? (literal ?? '').replace(/\\(.)/g, '$1')
        : Buffer.from(hex, 'hex').toString('latin1'),
    );
    lines.push(parts.join(''));
  }
  return lines.join('\n');
}

let guides = 0;
const newGuide = () => `TBM${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(3, '0')}`;

export interface MoneyWorld {
  admin: Session;
  adminPassword: string;
  courier: Session;
  customer: { email: string; password: string; session: Session };
  routeId: number;
  /** cash and nequi went with our courier; carrier with a national carrier. */
  pkg: { cash: number; nequi: number; carrier: number };
  /** 'Valor a pagar' of each, in whole pesos (the carrier's is read later, from 'Recaudos'). */
  value: { cash: number; nequi: number; carrier: number };
  carrierGuide: string;
  today: string;
}

/** A package of `customer` pre-alerted, received in Miami by `admin` and brought to 'En bodega Colombia'. */
export async function packageInColombia(admin: Session, customer: Session, content: string): Promise<number> {
  const guide = newGuide();
  const saved = await customer<{ package: { number: number } }>('POST', '/api/packages', {
    guide,
    store: 'Amazon',
    content,
    declaredValue: '40',
    quantity: 1,
    address: 1,
    instructions: '',
  });
  expect(saved.status).toBe(201);
  const locker = (await customer<{ lockerNumber: string }>('GET', '/api/me')).body.lockerNumber;
  const receipt = await admin('POST', '/api/warehouse/receipts', {
    guide,
    lockerNumber: locker,
    weightLb: '3',
  });
  expect(receipt.status).toBe(201);
  const number = saved.body.package.number;
  for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
    expect((await admin('POST', '/api/admin/packages/state', { numbers: [number], state })).status).toBe(200);
  return number;
}

/** A door delivery's body as the courier's phone sends it, made now. */
export const doorDelivery = (collectedCop: number, means: 'efectivo' | 'nequi', reference = '') => ({
  key: randomUUID(),
  at: new Date().toISOString(),
  receivedBy: 'Lucía Pagadora',
  document: '43111222',
  relation: 'titular',
  photo: PHOTO,
  collectedCop,
  means,
  reference,
});

export async function moneyWorld(app: RunningApp): Promise<MoneyWorld> {
  const pkg = { cash: 0, nequi: 0, carrier: 0 };
  const value = { cash: 0, nequi: 0, carrier: 0 };
  const carrierGuide = `SRV${Date.now() % 1e9}`;
  const today = isoDayInColombia(new Date());
  const adminForm = await registerViaApi(app, { email: ADMIN, name: 'Cajera Principal' });
  const admin = await apiCall(app, ADMIN, adminForm.password);
  const courierForm = await registerViaApi(app, { name: COURIER_NAME });
  const courier = await apiCall(app, courierForm.email, courierForm.password);
  const courierId = (await courier<{ id: string }>('GET', '/api/me')).body.id;
  expect((await admin('POST', `/api/admin/users/${courierId}/role`, { role: 'reparto' })).status).toBe(200);
  const customerForm = await registerViaApi(app, {
    name: 'Lucía Pagadora',
    telefono: '+573001112244',
    direccion1: 'Calle 10 # 43-12',
    ciudad1: 'Medellín',
    codigoPostal1: '050021',
  });
  const customer = {
    ...customerForm,
    session: await apiCall(app, customerForm.email, customerForm.password),
  };
  for (const key of ['cash', 'nequi', 'carrier'] as const)
    pkg[key] = await packageInColombia(admin, customer.session, `Artículo ${key}`);

  // The route: built, started and delivered through the API, as 'Reparto' and the courier's phone do.
  const route = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
    date: today,
    courierId,
    zone: 'Laureles',
  });
  expect(route.status).toBe(201);
  const routeId = route.body.route.id;
  const stops = `/api/admin/delivery/routes/${routeId}/stops`;
  expect((await admin('POST', stops, { packages: [String(pkg.cash), String(pkg.nequi)] })).status).toBe(200);
  expect((await admin('POST', `/api/admin/delivery/routes/${routeId}/start`)).status).toBe(200);
  const detail = await admin<{ stops: Stop[] }>('GET', `/api/admin/delivery/routes/${routeId}`);
  for (const stop of detail.body.stops) {
    const key = stop.number === pkg.cash ? 'cash' : 'nequi';
    value[key] = stop.valueToPayCop ?? 0;
    const delivered = await courier(
      'POST',
      `/api/delivery/stops/${stop.number}/deliver`,
      key === 'cash' ? doorDelivery(value[key], 'efectivo') : doorDelivery(value[key], 'nequi', 'NEQ-55001'),
    );
    expect(delivered.status).toBe(200);
  }

  // The third package goes by a national carrier, which collects at the door and remits later.
  const byCarrier = { numbers: [pkg.carrier], carrier: 'Servientrega', carrierGuide };
  expect(
    (await admin('POST', '/api/admin/packages/state', { ...byCarrier, state: 'en_reparto' })).status,
  ).toBe(200);
  expect(
    (
      await admin('POST', '/api/admin/packages/state', {
        numbers: [pkg.carrier],
        state: 'entregado',
        receivedBy: 'Lucía Pagadora',
      })
    ).status,
  ).toBe(200);
  return {
    admin,
    adminPassword: adminForm.password,
    courier,
    customer,
    routeId,
    pkg,
    value,
    carrierGuide,
    today,
  };
}
