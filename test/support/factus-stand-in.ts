// A local stand-in of Factus's API (design/payments.md 'Tests and local use'), from its public docs: OAuth2 password
// and refresh_token grants at /oauth/token; bearer tokens that expire; POST /v1/bills/validate with its numbering,
// CUFE (SHA-384) and DIAN's QR URL; its refusals of missing or wrong customer data as DIAN's rule codes (422); a
// reference_code used twice refused (409); lookups by reference, show, PDF/XML download; credit notes (with a CUDE);
// municipalities; its rate limit (429 with Retry-After); and outages on demand (500, no answer, a lost answer).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  CREDIT_RANGE,
  codesOf,
  MUNICIPALITIES,
  RANGE,
  STAND_IN_CREDENTIALS,
  type StandInDocument,
  WEIGHTS,
} from './factus-sandbox.ts';

export { STAND_IN_CREDENTIALS, type StandInDocument };

type Fault = 'error500' | 'silent' | 'lost' | 'dian422' | 'expire' | 'throttle';

export async function startFactusStandIn(
  options: { ratePerMinute?: number; tokenTtlSeconds?: number; port?: number } = {},
) {
  const documents: StandInDocument[] = [];
  const requests: Array<{ at: number; method: string; path: string; status: number }> = [];
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const faults: Fault[] = [];
  const window: number[] = [];
  let ratePerMinute = options.ratePerMinute ?? 80;
  let tokenTtlSeconds = options.tokenTtlSeconds ?? 600;
  let next = { bill: RANGE.from, credit_note: CREDIT_RANGE.from };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const newToken = () => {
    const access = randomBytes(24).toString('hex');
    const refresh = randomBytes(24).toString('hex');
    tokens.set(access, Date.now() + tokenTtlSeconds * 1000);
    refreshTokens.add(refresh);
    return {
      token_type: 'Bearer',
      expires_in: tokenTtlSeconds,
      access_token: access,
      refresh_token: refresh,
    };
  };

  function customerErrors(customer: Record<string, any> | undefined): Record<string, string> {
    const errors: Record<string, string> = {};
    const id = String(customer?.identification ?? '');
    if (!id)
      errors.FAK24 =
        'Regla: FAK24, Rechazo: No está informado el documento de identificación del adquiriente';
    if (customer?.identification_document_id === '6') {
      const sum = [...id]
        .reverse()
        .reduce((total, digit, index) => total + Number(digit) * (WEIGHTS[index] ?? 0), 0);
      const dv = sum % 11 > 1 ? 11 - (sum % 11) : sum % 11;
      if (String(dv) !== String(customer.dv))
        errors.FAK22 = 'Regla: FAK22, Rechazo: El DV del NIT del adquiriente no es correcto';
    }
    if (!customer?.names && !customer?.company)
      errors.FAK17 = 'Regla: FAK17, Rechazo: No está informado el nombre o la razón social del adquiriente';
    if (!MUNICIPALITIES.some((m) => String(m.id) === String(customer?.municipality_id)))
      errors['customer.municipality_id'] = 'El municipio seleccionado no es válido.';
    return errors;
  }

  function issue(kind: 'bill' | 'credit_note', body: Record<string, any>, res: ServerResponse) {
    const range = kind === 'bill' ? RANGE : CREDIT_RANGE;
    const number = `${range.prefix}${next[kind]++}`;
    const total = (body.items ?? []).reduce((sum: number, item: any) => sum + Number(item.price), 0);
    const cufe = createHash('sha384')
      .update(`${number}${total}${body.reference_code}${Date.now()}`)
      .digest('hex');
    const qr = `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cufe}`;
    const document = {
      id: documents.length + 1,
      number,
      reference_code: String(body.reference_code),
      cufe,
      qr,
      kind,
      body,
    };
    documents.push(document);
    const shown = {
      id: document.id,
      number,
      reference_code: document.reference_code,
      ...codesOf(document, documents),
      qr,
      status: 1,
      total: total.toFixed(2),
      validated: new Date().toISOString(),
    };
    const message = `Documento con el código de referencia ${document.reference_code} registrado y validado con éxito`;
    json(res, 201, {
      status: 'Created',
      message,
      data: { numbering_range: { id: range.id, prefix: range.prefix }, [kind]: shown },
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(raw);
      const client =
        form.get('client_id') === STAND_IN_CREDENTIALS.clientId &&
        form.get('client_secret') === STAND_IN_CREDENTIALS.clientSecret;
      const grant = form.get('grant_type');
      if (
        client &&
        grant === 'password' &&
        form.get('username') === STAND_IN_CREDENTIALS.username &&
        form.get('password') === STAND_IN_CREDENTIALS.password
      )
        return json(res, 200, newToken());
      if (client && grant === 'refresh_token' && refreshTokens.delete(form.get('refresh_token') ?? ''))
        return json(res, 200, newToken());
      return json(res, 401, { error: 'invalid_grant', message: 'The user credentials were incorrect.' });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if ((tokens.get(bearer) ?? 0) < Date.now()) return json(res, 401, { message: 'Unauthenticated.' });
    const body = raw ? JSON.parse(raw) : {};
    if (req.method === 'GET' && url.pathname === '/v1/municipalities') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      return json(res, 200, {
        status: 'OK',
        data: MUNICIPALITIES.filter((m) => m.name.toLowerCase().includes(name)),
      });
    }
    if (
      req.method === 'POST' &&
      (url.pathname === '/v1/bills/validate' || url.pathname === '/v1/credit-notes/validate')
    ) {
      const kind = url.pathname === '/v1/bills/validate' ? 'bill' : 'credit_note';
      const range = kind === 'bill' ? RANGE : CREDIT_RANGE;
      if (body.numbering_range_id !== undefined && Number(body.numbering_range_id) !== range.id)
        return json(res, 422, {
          status: 'Validation error',
          message: 'Error de validación',
          data: { errors: { numbering_range_id: ['El rango de numeración no existe o no está activo.'] } },
        });
      if (documents.some((d) => d.kind === kind && d.reference_code === String(body.reference_code)))
        return json(res, 409, {
          status: 'Conflict',
          message: `Ya existe un documento con el código de referencia ${body.reference_code}`,
        });
      if (
        kind === 'credit_note' &&
        !documents.some((d) => d.kind === 'bill' && d.id === Number(body.bill_id))
      )
        return json(res, 422, {
          status: 'Validation error',
          message: 'Error de validación',
          data: { errors: { bill_id: ['La factura no existe.'] } },
        });
      const errors = customerErrors(body.customer);
      if (!Array.isArray(body.items) || body.items.length === 0)
        errors.items = 'Debe enviar al menos un ítem.';
      if (Object.keys(errors).length > 0)
        return json(res, 422, {
          status: 'Validation error',
          message: 'Documento con errores en campos mandatorios.',
          data: { errors },
        });
      return issue(kind, body, res);
    }
    const found = (number: string) => documents.find((d) => d.number === decodeURIComponent(number));
    const kindOf = (base: string | undefined) => (base === 'bills' ? 'bill' : 'credit_note');
    const listed = /^\/v1\/(bills|credit-notes)$/.exec(url.pathname);
    if (req.method === 'GET' && listed) {
      const reference = url.searchParams.get('filter[reference_code]');
      const kind = kindOf(listed[1]);
      const rows = documents.filter((d) => d.kind === kind && d.reference_code === reference);
      return json(res, 200, {
        status: 'OK',
        data: { data: rows.map(({ id, number, reference_code }) => ({ id, number, reference_code })) },
      });
    }
    const shown = /^\/v1\/(bills|credit-notes)\/show\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && shown?.[2]) {
      const kind = kindOf(shown[1]);
      const document = found(shown[2]);
      if (document?.kind !== kind) return json(res, 404, { message: 'Documento no encontrado' });
      const { id, number, qr } = document;
      const prefix = kind === 'bill' ? RANGE.prefix : CREDIT_RANGE.prefix;
      const data = {
        numbering_range: { prefix },
        [kind]: { id, number, qr, ...codesOf(document, documents) },
      };
      return json(res, 200, { status: 'OK', data });
    }
    const download = /^\/v1\/bills\/download-(pdf|xml)\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && download?.[1] && download[2]) {
      const bill = found(download[2]);
      if (!bill) return json(res, 404, { message: 'Factura no encontrada' });
      const content =
        download[1] === 'pdf'
          ? `%PDF-1.4\n% Factura ${bill.number} CUFE ${bill.cufe}\n%%EOF\n`
          : `<?xml version="1.0"?><Invoice><ID>${bill.number}</ID><UUID>${bill.cufe}</UUID></Invoice>`;
      return json(res, 200, {
        status: 'OK',
        data: {
          file_name: bill.number,
          [`${download[1]}_base_64_encoded`]: Buffer.from(content).toString('base64'),
        },
      });
    }
    return json(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const now = Date.now();
      while (window.length > 0 && (window[0] ?? 0) <= now - 60_000) window.shift();
      const log = (status: number) =>
        requests.push({ at: now, method: req.method ?? '', path: url.pathname, status });
      if (window.length >= ratePerMinute) {
        log(429);
        const retryAfter = Math.max(1, Math.ceil(((window[0] ?? now) + 60_000 - now) / 1000));
        return json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': String(retryAfter) });
      }
      window.push(now);
      const fault = url.pathname === '/oauth/token' ? undefined : faults.shift();
      if (fault === 'error500') {
        log(500);
        return json(res, 500, { message: 'Server Error' });
      }
      if (fault === 'dian422') {
        log(422);
        const errors = {
          FAJ43b: 'Regla: FAJ43b, Rechazo: Nombre o razón social del adquiriente no coincide con el RUT',
        };
        return json(res, 422, {
          status: 'Validation error',
          message: 'Documento con errores en campos mandatorios.',
          data: { errors },
        });
      }
      if (fault === 'expire') tokens.clear();
      if (fault === 'throttle') {
        log(429);
        return json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '2' });
      }
      if (fault === 'silent') return log(0); // never answers: the client's timeout ends it
      const raw = Buffer.concat(chunks).toString();
      if (fault === 'lost') {
        // The work is done, then the connection drops before the answer: the client never learns the number.
        const sink = { writeHead: () => sink, end: () => res.socket?.destroy() } as unknown as ServerResponse;
        log(-1);
        return void route(req, sink, url, raw);
      }
      const original = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: any[]) => {
        log(status);
        return original(status, ...rest);
      }) as typeof res.writeHead;
      route(req, res, url, raw).catch(() => json(res, 500, { message: 'Server Error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    documents,
    requests,
    env: {
      EINVOICE_PROVIDER: 'factus',
      FACTUS_URL: url,
      FACTUS_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
      FACTUS_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
      FACTUS_USERNAME: STAND_IN_CREDENTIALS.username,
      FACTUS_PASSWORD: STAND_IN_CREDENTIALS.password,
      FACTUS_NUMBERING_RANGE_ID: String(RANGE.id),
      FACTUS_CREDIT_NOTE_RANGE_ID: String(CREDIT_RANGE.id),
    },
    /** The next API requests (not token requests) fail this way, in order. */
    fail: (...next: Fault[]) => faults.push(...next),
    /** Every access token issued so far stops working (a token that expired mid-batch). */
    expireTokens: () => tokens.clear(),
    setRatePerMinute: (rate: number) => (ratePerMinute = rate),
    setTokenTtl: (seconds: number) => (tokenTtlSeconds = seconds),
    billsFor: (reference: string) =>
      documents.filter((d) => d.kind === 'bill' && d.reference_code === reference),
    reset: () => {
      documents.length = 0;
      requests.length = 0;
      next = { bill: RANGE.from, credit_note: CREDIT_RANGE.from };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FactusStandIn = Awaited<ReturnType<typeof startFactusStandIn>>;
