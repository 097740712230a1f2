// The Wompi adapter against the stand-in, over HTTP: the checkout's signature, the sandbox's test data, the
// transactions API, the events' checksum and Wompi's retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedEvent,
  startWompiStandIn,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  TEST_NEQUI_APPROVED,
  TEST_NEQUI_DECLINED,
  type WompiStandIn,
} from '../../../test/support/wompi-stand-in.ts';
import { loadConfig } from '../config.ts';
import { integritySignature, verifyWompiEvent, wompiProvider } from './wompi.ts';

let standIn: WompiStandIn;
let provider: ReturnType<typeof wompiProvider>;
let secret: string;

beforeAll(async () => {
  standIn = await startWompiStandIn();
  const config = loadConfig(standIn.env).wompi;
  if (!config) throw new Error('Wompi should be on');
  provider = wompiProvider(config);
  secret = config.eventsSecret;
});
afterAll(() => standIn.close());

const order = (reference: string, amountCop = 85_000) =>
  provider.checkoutUrl({
    reference,
    amountCop,
    email: 'ana@example.com',
    redirectUrl: `http://localhost:3000/pagos/${reference}`,
  });

describe('Wompi adapter and stand-in', () => {
  it('signs the checkout as Wompi documents it (their published example) and in pesos × 100', () => {
    // The concatenation of docs.wompi.co 'Widget & Checkout Web' (reference, amount in cents, currency, secret),
    // hashed by `sha256sum` of the shell, not by the code under test.
    expect(
      integritySignature(
        'sk8-438k4-xmxm392-sn2m',
        2490000,
        'COP',
        'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqs',
      ),
    ).toBe('ce5dcdb328c581cbd27855c9d9fb3f2443d4ba46ec27460fcc0d2c30aac3bc20');
    const params = new URL(order('PAGO-1')).searchParams;
    expect(params.get('amount-in-cents')).toBe('8500000');
    expect(params.get('currency')).toBe('COP');
    expect(params.get('public-key')).toMatch(/^pub_test_/);
    expect(order('PAGO-1')).not.toMatch(/prv_test|integrity_|events_/);
  });

  it('serves the checkout page for a signed order and refuses one whose amount was changed', async () => {
    const good = await fetch(order('PAGO-2'));
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('Paga $85.000 COP');
    const tampered = order('PAGO-2').replace('amount-in-cents=8500000', 'amount-in-cents=9000000');
    const bad = await fetch(tampered);
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('La firma de integridad no es válida');
  });

  it('pays through the form with the approved test card and redirects back with the transaction id', async () => {
    const params = new URL(order('PAGO-3')).searchParams;
    params.set('method', 'CARD');
    params.set('card', '4242 4242 4242 4242');
    const response = await fetch(`${standIn.url}/p/pagar`, {
      method: 'POST',
      body: params,
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.pathname).toBe('/pagos/PAGO-3');
    expect(back.searchParams.get('env')).toBe('test');
    const transaction = await provider.transaction(back.searchParams.get('id') ?? '');
    expect(transaction).toMatchObject({
      reference: 'PAGO-3',
      amountInCents: 8_500_000,
      currency: 'COP',
      status: 'APPROVED',
      method: 'Tarjeta',
    });
  });

  it.each([
    [{ method: 'CARD', card: TEST_CARD_DECLINED }, 'DECLINED'],
    [{ method: 'NEQUI', phone: TEST_NEQUI_APPROVED }, 'APPROVED'],
    [{ method: 'NEQUI', phone: TEST_NEQUI_DECLINED }, 'DECLINED'],
    [{ method: 'PSE', bank: '1' }, 'APPROVED'],
    [{ method: 'PSE', bank: '2' }, 'DECLINED'],
    [{ method: 'CARD', card: '5555555555554444' }, 'ERROR'],
  ] as const)('gives the sandbox outcome of %o: %s', async (choice, status) => {
    const paid = await standIn.checkout(order(`PAGO-${choice.method}-${status}-${Math.random()}`), choice);
    await expect
      .poll(async () => (await provider.transaction(paid.transaction?.id ?? ''))?.status)
      .toBe(status);
  });

  it('answers null for an unknown transaction and refuses a wrong key', async () => {
    expect(await provider.transaction('1234-0-00000')).toBeNull();
    const response = await fetch(`${standIn.url}/v1/transactions/x`, {
      headers: { authorization: 'Bearer prv_test_otra' },
    });
    expect(response.status).toBe(401);
  });

  it("verifies an event's checksum, and refuses a changed one, a changed value or another header", () => {
    const paid = {
      id: 'T-1',
      amount_in_cents: 500000,
      reference: 'PAGO-9',
      currency: 'COP',
      status: 'APPROVED',
    };
    const transaction = {
      ...paid,
      created_at: '',
      finalized_at: null,
      payment_method_type: 'NEQUI' as const,
      payment_method: {},
      status_message: null,
      redirect_url: '',
      customer_email: '',
      status: 'APPROVED' as const,
    };
    const event = signedEvent(transaction, secret, 1_700_000_000);
    const raw = JSON.stringify(event);
    expect(verifyWompiEvent(raw, event.signature.checksum, secret)?.transaction).toMatchObject({
      id: 'T-1',
      status: 'APPROVED',
      method: 'Nequi',
    });
    expect(verifyWompiEvent(raw, undefined, secret)).not.toBeNull();
    expect(verifyWompiEvent(raw, '0'.repeat(64), secret)).toBeNull();
    expect(verifyWompiEvent(raw, event.signature.checksum, 'test_events_otro')).toBeNull();
    expect(verifyWompiEvent(raw.replace('500000', '100'), event.signature.checksum, secret)).toBeNull();
    expect(
      verifyWompiEvent(raw.replace('1700000000', '1700000001'), event.signature.checksum, secret),
    ).toBeNull();
    expect(verifyWompiEvent('no es json', undefined, secret)).toBeNull();
  });

  it('retries an event while the app does not answer 200, then stops', async () => {
    const answers = [500, 503, 200];
    const seen: string[] = [];
    const retrying = await startWompiStandIn({
      retryMs: [10, 10, 10],
      events: async (raw) => {
        seen.push(raw);
        return new Response('', { status: answers[seen.length - 1] ?? 200 });
      },
    });
    try {
      const paid = await retrying.checkout(
        `${retrying.env.WOMPI_CHECKOUT_URL.replace('/p/', '/p/')}?${new URL(order('PAGO-R')).searchParams}`,
        { method: 'CARD', card: TEST_CARD_APPROVED },
      );
      await expect.poll(() => retrying.deliveries.map((one) => one.answer)).toEqual([500, 503, 200]);
      expect(new Set(seen).size).toBe(1);
      expect(paid.transaction?.status).toBe('APPROVED');
    } finally {
      await retrying.close();
    }
  });

  it('voids an approved card transaction and refuses to void a Nequi one', async () => {
    const card = await standIn.checkout(order('PAGO-V1'), { method: 'CARD', card: TEST_CARD_APPROVED });
    expect(await provider.void(card.transaction?.id ?? '')).toBe(true);
    expect((await provider.transaction(card.transaction?.id ?? ''))?.status).toBe('VOIDED');
    const nequi = await standIn.checkout(order('PAGO-V2'), { method: 'NEQUI', phone: TEST_NEQUI_APPROVED });
    await expect
      .poll(async () => (await provider.transaction(nequi.transaction?.id ?? ''))?.status)
      .toBe('APPROVED');
    expect(await provider.void(nequi.transaction?.id ?? '')).toBe(false);
  });
});
