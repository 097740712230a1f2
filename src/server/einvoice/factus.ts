// The Factus adapter (design/payments.md 'The electronic invoice'): OAuth2's password grant for a token that is kept
// and refreshed (refresh_token grant, then the password again), POST /v1/bills/validate and /v1/credit-notes/validate
// (a 409 looks the document up by its reference_code), its refusals in DIAN's codes, its 429 answered by waiting, and
// every request spaced to the configured rate.
// The secrets are sent only in the token request's form and never appear in an answer or an error of this file.
import { z } from 'zod';
import type { FactusConfig } from './config.ts';
import { factusCustomer, factusIssued, factusItems, factusRefusals } from './factus-payload.ts';
import type { DocumentToSend, EinvoiceProvider, ProviderAnswer } from './provider.ts';

interface Token {
  access: string;
  refresh: string | null;
  expiresAt: number;
}

interface Answer {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}

/** A token this close to its end is renewed first: a batch never sends with one that expires on the way. */
const TOKEN_MARGIN_MS = 30_000;

export function factusProvider(
  config: FactusConfig,
  options: { ratePerMinute: number; timeoutMs?: number },
): EinvoiceProvider {
  const spacingMs = 60_000 / options.ratePerMinute;
  let nextSlot = 0;
  let token: Token | null = null;
  const municipalities = new Map<string, number>();

  /** Waits for this instance's next turn at the provider's rate. */
  async function slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + spacingMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  async function send(path: string, init: RequestInit): Promise<Answer> {
    await slot();
    const response = await fetch(`${config.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 429) nextSlot = Math.max(nextSlot, Date.now() + (retryAfter || 60) * 1000);
    return { status: response.status, body, ...(retryAfter ? { retryAfterSeconds: retryAfter } : {}) };
  }

  async function grant(fields: Record<string, string>): Promise<Token | null> {
    const form = new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      ...fields,
    });
    const answer = await send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
    const body = answer.status === 200 ? tokenAnswer.safeParse(answer.body).data : undefined;
    if (!body) return null;
    return {
      access: body.access_token,
      refresh: body.refresh_token ?? null,
      expiresAt: Date.now() + (body.expires_in || 600) * 1000,
    };
  }

  async function accessToken(): Promise<string | null> {
    if (token && Date.now() < token.expiresAt - TOKEN_MARGIN_MS) return token.access;
    const refreshed = token?.refresh
      ? await grant({ grant_type: 'refresh_token', refresh_token: token.refresh })
      : null;
    token =
      refreshed ??
      (await grant({ grant_type: 'password', username: config.username, password: config.password }));
    return token?.access ?? null;
  }

  /** An API call with the kept token; a 401 (the token ended early) gets a new token and one more try. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const access = await accessToken();
      if (!access) return { status: 401, body: { message: 'Factus no entregó un token de acceso' } };
      const answer = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${access}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      token = null;
    }
  }

  async function municipalityId(name: string): Promise<number | null> {
    const key = name.trim().toLowerCase();
    const known = municipalities.get(key);
    if (known !== undefined) return known;
    const answer = await call('GET', `/v1/municipalities?name=${encodeURIComponent(name.trim())}`);
    if (answer.status !== 200) throw new UnexpectedAnswer(answer);
    const list = municipalitiesAnswer.safeParse(answer.body).data?.data ?? [];
    const found = list.find((row) => row.name.toLowerCase() === key) ?? list[0];
    if (!found) return null;
    municipalities.set(key, found.id);
    return found.id;
  }

  /**
   * A document Factus already validated for `referenceCode` (a retry after an answer that never arrived): an
   * invoice from /v1/bills, a credit note from /v1/credit-notes, each listed by reference and then shown by number.
   */
  async function issuedFor(
    key: 'bill' | 'credit_note',
    referenceCode: string,
  ): Promise<ProviderAnswer | null> {
    const base = key === 'bill' ? '/v1/bills' : '/v1/credit-notes';
    const listed = await call('GET', `${base}?filter[reference_code]=${encodeURIComponent(referenceCode)}`);
    const number = listAnswer.safeParse(listed.body).data?.data.data[0]?.number;
    if (listed.status !== 200 || number === undefined) return null;
    const shown = await call('GET', `${base}/show/${encodeURIComponent(number)}`);
    return shown.status === 200 ? factusIssued(shown.body, key) : null;
  }

  async function validate(path: string, key: 'bill' | 'credit_note', payload: object, reference: string) {
    const answer = await call('POST', path, payload);
    if (answer.status === 200 || answer.status === 201)
      return (
        factusIssued(answer.body, key) ?? { kind: 'retry' as const, reason: 'Factus respondió sin CUFE' }
      );
    // 409: this reference_code was validated already (our earlier sending, its answer lost): that document.
    if (answer.status === 409) {
      const issued = await issuedFor(key, reference);
      if (issued) return issued;
    }
    return answerOf(answer);
  }

  return {
    name: 'factus',
    async issueInvoice(document: DocumentToSend): Promise<ProviderAnswer> {
      return guarded(async () => {
        const municipality = await municipalityId(document.buyer.municipality);
        if (municipality === null) return unknownMunicipality(document.buyer.municipality);
        const payload = {
          numbering_range_id: config.numberingRangeId,
          reference_code: document.referenceCode,
          observation: document.observation,
          payment_form: '1',
          payment_method_code: '10',
          customer: factusCustomer(document.buyer, municipality),
          items: factusItems(document.lines),
        };
        return validate('/v1/bills/validate', 'bill', payload, document.referenceCode);
      });
    },
    async issueCreditNote(document) {
      return guarded(async () => {
        const municipality = await municipalityId(document.buyer.municipality);
        if (municipality === null) return unknownMunicipality(document.buyer.municipality);
        const payload = {
          ...(config.creditNoteRangeId ? { numbering_range_id: config.creditNoteRangeId } : {}),
          correction_concept_code: 2,
          customization_id: 20,
          bill_id: Number(document.invoiceProviderId),
          reference_code: document.referenceCode,
          observation: document.observation,
          payment_method_code: '10',
          customer: factusCustomer(document.buyer, municipality),
          items: factusItems(document.lines),
        };
        return validate('/v1/credit-notes/validate', 'credit_note', payload, document.referenceCode);
      });
    },
    async download(number, format) {
      const answer = await call('GET', `/v1/bills/download-${format}/${encodeURIComponent(number)}`);
      const data = downloadAnswer.safeParse(answer.body).data?.data;
      const encoded = data?.[`${format}_base_64_encoded`];
      if (answer.status !== 200 || encoded === undefined) return null;
      return {
        fileName: `${data?.file_name ?? number}.${format}`,
        bytes: Buffer.from(encoded, 'base64'),
      };
    },
  };
}

// Factus's answers as read here: checked, not cast (an answer of another shape reads as none).
const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});
const municipalitiesAnswer = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
const listAnswer = z.object({ data: z.object({ data: z.array(z.object({ number: z.string() })) }) });
const downloadAnswer = z.object({
  data: z.object({
    file_name: z.string().optional(),
    pdf_base_64_encoded: z.string().optional(),
    xml_base_64_encoded: z.string().optional(),
  }),
});

/** An answer that stops a sending half-way (a lookup the provider failed). */
class UnexpectedAnswer extends Error {
  constructor(readonly answer: Answer) {
    super(`Factus respondió ${answer.status}`);
  }
}

/** A network failure or a timeout is a retry, told without the request (which may hold a token). */
async function guarded(send: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof UnexpectedAnswer) return answerOf(error.answer);
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'sin respuesta' : 'sin conexión';
    return { kind: 'retry', reason: `Factus ${reason}` };
  }
}

function answerOf(answer: Answer): ProviderAnswer {
  if (answer.status === 400 || answer.status === 422)
    return { kind: 'refused', refusals: factusRefusals(answer.body, answer.status) };
  const reason =
    answer.status === 401
      ? 'Factus rechazó las credenciales (FACTUS_CLIENT_ID, FACTUS_USERNAME…)'
      : `Factus respondió ${answer.status}`;
  return {
    kind: 'retry',
    reason,
    ...(answer.retryAfterSeconds ? { retryAfterSeconds: answer.retryAfterSeconds } : {}),
  };
}

const unknownMunicipality = (name: string): ProviderAnswer => ({
  kind: 'refused',
  refusals: [
    {
      code: 'municipality_id',
      message: `Factus no reconoce el municipio «${name}»: corrígelo en los datos de facturación del cliente.`,
    },
  ],
});
