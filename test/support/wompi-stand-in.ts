// A local stand-in of Wompi Colombia (design/payments.md 'Tests and local use'), speaking its public protocol
// (docs.wompi.co: Web Checkout, transactions, events, sandbox test data):
// - Web Checkout `GET /p/?public-key&currency&amount-in-cents&reference&signature:integrity&redirect-url`: refuses
//   an unknown public key or an integrity signature that is not SHA-256(reference + amount_in_cents + currency +
//   integrity secret); offers the sandbox's test data and, once paid, redirects to `redirect-url?id=…&env=test`.
//   Cards 4242 4242 4242 4242 APPROVED, 4111 1111 1111 1111 DECLINED; Nequi 3991111111 APPROVED, 3992222222
//   DECLINED; PSE bank '1' APPROVED, '2' DECLINED; anything else ERROR. Nequi and PSE stay PENDING `asyncMs` first.
// - `GET /v1/transactions/:id` with the public or private key as bearer, `GET /v1/transactions?reference=` with
//   the private key; `POST /v1/transactions/:id/void` with the
//   private key (card payments only).
// - `transaction.updated` events signed as Wompi signs them (signature.properties read from data, then timestamp,
//   then the events secret, SHA-256 hex, also in X-Event-Checksum), retried while the app answers anything but 200
//   (Wompi: 30 min, 3 h and 24 h later; `retryMs` scales them down).
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WOMPI_TEST_KEYS } from './wompi-keys.ts';
import {
  type CheckoutChoice,
  outcome,
  type StandInTransaction,
  sha256,
  signedEvent,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  TEST_NEQUI_APPROVED,
  TEST_NEQUI_DECLINED,
  type WompiMethod,
  type WompiStatus,
} from './wompi-sandbox.ts';

export {
  type CheckoutChoice,
  type StandInTransaction,
  signedEvent,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  TEST_NEQUI_APPROVED,
  TEST_NEQUI_DECLINED,
  WOMPI_TEST_KEYS,
  type WompiMethod,
  type WompiStatus,
};

/** Where the stand-in posts its events: a URL, or the app's own request function (tests in-process). */
export type EventTarget = string | ((raw: string, headers: Record<string, string>) => Promise<Response>);

/**
 * Events posted into an in-process server, answered once the server's worker has applied them (the app answers
 * Wompi as soon as an event is stored; a test then reads what it did).
 */
export function eventsInto(server: {
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> };
  config: { appUrl: string };
  paymentEvents: { runDue(): Promise<number> } | null;
}): Exclude<EventTarget, string> {
  return async (raw, headers) => {
    const answer = await server.app.request(`${server.config.appUrl}/api/pagos/wompi/eventos`, {
      method: 'POST',
      headers,
      body: raw,
    });
    await server.paymentEvents?.runDue();
    return answer;
  };
}

export async function startWompiStandIn(
  options: { port?: number; events?: EventTarget; asyncMs?: number; retryMs?: number[] } = {},
) {
  const keys = WOMPI_TEST_KEYS;
  const transactions = new Map<string, StandInTransaction>();
  /** Every event posting: the transaction, its status, the app's answer (0: unreachable). */
  const deliveries: Array<{ id: string; status: WompiStatus; answer: number }> = [];
  const retryMs = options.retryMs ?? [30 * 60_000, 3 * 3600_000, 24 * 3600_000];
  const timers = new Set<NodeJS.Timeout>();
  let events = options.events;
  /** While true, no event is sent (an event that never arrives: the app must ask). */
  let silent = false;

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  async function post(body: unknown): Promise<number> {
    if (!events) return 0;
    const raw = JSON.stringify(body);
    const parsed = body as { signature: { checksum: string } };
    const headers = { 'content-type': 'application/json', 'x-event-checksum': parsed.signature.checksum };
    try {
      const response =
        typeof events === 'string'
          ? await fetch(events, { method: 'POST', headers, body: raw })
          : await events(raw, headers);
      await response.text();
      return response.status;
    } catch {
      return 0;
    }
  }

  /** Sends the event of `transaction`'s current status, retrying as Wompi does while the app does not answer 200. */
  function notify(transaction: StandInTransaction, attempt = 0) {
    if (silent) return;
    const status = transaction.status;
    void post(signedEvent({ ...transaction }, keys.WOMPI_EVENTS_SECRET)).then((answer) => {
      deliveries.push({ id: transaction.id, status, answer });
      const wait = retryMs[attempt];
      if (answer !== 200 && wait !== undefined) later(wait, () => notify(transaction, attempt + 1));
    });
  }

  function finish(transaction: StandInTransaction, status: WompiStatus, message: string | null) {
    transaction.status = status;
    transaction.status_message = message;
    transaction.finalized_at = new Date().toISOString();
    notify(transaction);
  }

  function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
    response.writeHead(status, { 'content-type': type });
    response.end(type === 'application/json' ? JSON.stringify(body) : String(body));
  }

  const apiError = (type: string, reason: string) => ({ error: { type, reason } });

  /** The checkout's parameters, checked as Web Checkout checks them; a Spanish refusal otherwise. */
  function checkout(params: URLSearchParams) {
    const amount = Number(params.get('amount-in-cents'));
    const reference = params.get('reference') ?? '';
    const currency = params.get('currency') ?? '';
    const redirect = params.get('redirect-url') ?? '';
    if (params.get('public-key') !== keys.WOMPI_PUBLIC_KEY)
      return { refusal: 'La llave pública no es válida' };
    if (currency !== 'COP') return { refusal: 'La moneda debe ser COP' };
    if (!Number.isInteger(amount) || amount < 150_000) return { refusal: 'El monto mínimo es de $1.500' };
    if (!reference) return { refusal: 'Falta la referencia' };
    const expected = sha256(`${reference}${amount}${currency}${keys.WOMPI_INTEGRITY_SECRET}`);
    if (params.get('signature:integrity') !== expected)
      return { refusal: 'La firma de integridad no es válida' };
    if ([...transactions.values()].some((t) => t.reference === reference && t.status === 'APPROVED'))
      return { refusal: 'La referencia ya fue usada en una transacción aprobada' };
    return { amount, reference, currency, redirect };
  }

  function page(params: URLSearchParams) {
    const checked = checkout(params);
    if ('refusal' in checked)
      return { status: 422, html: `<h1>No se puede pagar</h1><p role="alert">${checked.refusal}</p>` };
    const hidden = [...params].map(
      ([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`,
    );
    const pesos = (checked.amount / 100).toLocaleString('es-CO');
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Wompi (stand-in)</title></head>
<body><main><h1>Paga $${pesos} COP</h1><p>Referencia ${checked.reference}</p>
<form method="post" action="/p/pagar">${hidden.join('')}
<label>Medio de pago <select name="method"><option value="CARD">Tarjeta</option><option value="NEQUI">Nequi</option><option value="PSE">PSE</option></select></label>
<label>Número de tarjeta <input name="card" autocomplete="off"></label>
<label>Celular Nequi <input name="phone"></label>
<label>Banco <select name="bank"><option value="">Elige tu banco</option><option value="1">Banco que aprueba</option><option value="2">Banco que rechaza</option></select></label>
<button type="submit">Pagar</button></form>
<p>Pruebas: tarjeta 4242 4242 4242 4242 aprobada, 4111 1111 1111 1111 rechazada; Nequi 3991111111 aprobada, 3992222222 rechazada; PSE banco 1 aprobada, 2 rechazada.</p></main></body></html>`;
    return { status: 200, html };
  }

  /** Pays as the checkout's form does: the transaction, and where the customer's browser goes next. */
  function pay(params: URLSearchParams, choice: CheckoutChoice) {
    const checked = checkout(params);
    if ('refusal' in checked) return { refusal: checked.refusal };
    const id = `1234-${Math.floor(Date.now() / 1000)}-${randomInt(10_000, 99_999)}`;
    const result = outcome(choice);
    const transaction: StandInTransaction = {
      id,
      created_at: new Date().toISOString(),
      finalized_at: null,
      amount_in_cents: checked.amount,
      reference: checked.reference,
      currency: checked.currency,
      payment_method_type: choice.method,
      payment_method:
        choice.method === 'CARD'
          ? { type: 'CARD', extra: { last_four: choice.card.replace(/\s/g, '').slice(-4), brand: 'VISA' } }
          : choice.method === 'NEQUI'
            ? { type: 'NEQUI', phone_number: choice.phone }
            : { type: 'PSE', financial_institution_code: choice.bank, user_type: 0 },
      status: 'PENDING',
      status_message: null,
      redirect_url: checked.redirect,
      customer_email: params.get('customer-data:email') ?? '',
    };
    transactions.set(id, transaction);
    if (choice.method === 'CARD') finish(transaction, result.status, result.message);
    else later(options.asyncMs ?? 0, () => finish(transaction, result.status, result.message));
    const back = checked.redirect
      ? `${checked.redirect}${checked.redirect.includes('?') ? '&' : '?'}id=${id}&env=test`
      : '';
    return { transaction, redirect: back };
  }

  function bearer(request: IncomingMessage) {
    return /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && /^\/p\/?$/.test(url.pathname)) {
      const shown = page(url.searchParams);
      return send(response, shown.status, shown.html, 'text/html; charset=utf-8');
    }
    if (request.method === 'POST' && url.pathname === '/p/pagar') {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const method = form.get('method');
      const choice: CheckoutChoice =
        method === 'NEQUI'
          ? { method, phone: form.get('phone') ?? '' }
          : method === 'PSE'
            ? { method, bank: form.get('bank') ?? '' }
            : { method: 'CARD', card: form.get('card') ?? '' };
      const paid = pay(form, choice);
      if ('refusal' in paid) return send(response, 422, `<p role="alert">${paid.refusal}</p>`, 'text/html');
      if (!paid.redirect)
        return send(response, 200, `<p>Transacción ${paid.transaction.id}</p>`, 'text/html');
      response.writeHead(302, { location: paid.redirect });
      return response.end();
    }
    if (request.method === 'GET' && url.pathname === '/v1/transactions') {
      // Searching by reference takes the private key.
      if (bearer(request) !== keys.WOMPI_PRIVATE_KEY)
        return send(response, 401, apiError('INVALID_ACCESS_TOKEN', 'Se esperaba la llave privada'));
      const reference = url.searchParams.get('reference');
      return send(response, 200, {
        data: [...transactions.values()].filter((t) => t.reference === reference),
      });
    }
    const found = /^\/v1\/transactions\/([^/]+)(\/void)?$/.exec(url.pathname);
    if (!found) return send(response, 404, apiError('NOT_FOUND_ERROR', 'La ruta no existe'));
    const key = bearer(request);
    const isVoid = found[2] !== undefined;
    const allowed = isVoid ? [keys.WOMPI_PRIVATE_KEY] : [keys.WOMPI_PUBLIC_KEY, keys.WOMPI_PRIVATE_KEY];
    if (!key || !allowed.includes(key))
      return send(response, 401, apiError('INVALID_ACCESS_TOKEN', 'Se esperaba una llave válida'));
    const transaction = transactions.get(decodeURIComponent(found[1] ?? ''));
    if (!transaction)
      return send(response, 404, apiError('NOT_FOUND_ERROR', 'La entidad solicitada no existe'));
    if (!isVoid && request.method === 'GET') return send(response, 200, { data: transaction });
    if (!isVoid || request.method !== 'POST')
      return send(response, 405, apiError('NOT_FOUND_ERROR', 'Método no permitido'));
    if (transaction.payment_method_type !== 'CARD' || transaction.status !== 'APPROVED')
      return send(
        response,
        422,
        apiError('INPUT_VALIDATION_ERROR', 'Solo se anula una transacción aprobada con tarjeta'),
      );
    finish(transaction, 'VOIDED', 'Anulada por el comercio');
    return send(response, 201, { data: { status: 'APPROVED', transaction } });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, apiError('INTERNAL_ERROR', 'Error interno')));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The variables that point the app at this stand-in. */
    env: { ...keys, WOMPI_API_URL: `${url}/v1`, WOMPI_CHECKOUT_URL: `${url}/p/` },
    transactions,
    deliveries,
    setEvents(target: EventTarget) {
      events = target;
    },
    /** Forgets every transaction (a new test database starts its references again: another merchant). */
    reset() {
      transactions.clear();
      deliveries.length = 0;
    },
    /** Sends no events from now on (true) or again (false). */
    silence(value: boolean) {
      silent = value;
    },
    /** Plays the customer on the checkout URL the app built: the page, then the form; the redirect back. */
    async checkout(checkoutUrl: string, choice: CheckoutChoice) {
      const params = new URL(checkoutUrl).searchParams;
      const shown = page(params);
      if (shown.status !== 200) return { refusal: shown.html, redirect: null, transaction: null };
      const paid = pay(params, choice);
      if ('refusal' in paid) return { refusal: paid.refusal, redirect: null, transaction: null };
      return { refusal: null, redirect: paid.redirect, transaction: paid.transaction };
    },
    /** Sets a transaction's status (a PENDING one settled later) and sends its event. */
    finish(id: string, status: WompiStatus) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`no transaction ${id}`);
      finish(transaction, status, status === 'APPROVED' ? null : 'Rechazada');
    },
    /** Posts an event body as given (a test's tampered or repeated event); the app's answer. */
    post,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
      }),
  };
}

export type WompiStandIn = Awaited<ReturnType<typeof startWompiStandIn>>;
