// A local stand-in of the WhatsApp Cloud API (design/notices.md 'Tests'): it checks each request as Meta does (bearer
// token, phone number id, body shape, template name, language and parameter count, E.164 recipient) and answers
// like it (a wamid, Graph API error objects, 429 with Retry-After), and sends the app signed webhooks.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEMPLATES, type TemplateName } from '../../src/shared/notices/templates.ts';
import {
  errorBody,
  GRAPH_ERRORS,
  type GraphErrorShape,
  STAND_IN_APP_SECRET,
  STAND_IN_PHONE_NUMBER_ID,
  STAND_IN_TOKEN,
  STAND_IN_VERIFY_TOKEN,
  signBody,
} from './whatsapp-graph.ts';

export * from './whatsapp-graph.ts';

export interface ReceivedMessage {
  at: number;
  wamid: string;
  to: string;
  type: string;
  template?: TemplateName;
  parameters: string[];
  text?: string;
}

/** How the stand-in hands a webhook to the app: a URL, or the app's own request function (tests in-process). */
export type WebhookTarget = string | ((raw: string, headers: Record<string, string>) => Promise<Response>);

export async function startWhatsappStandIn(options: { port?: number; webhook?: WebhookTarget } = {}) {
  const received: ReceivedMessage[] = [];
  const rejected: Array<{ at: number; code: number; to: string }> = [];
  /** Recipients whose messages are answered with an error, and a queue of one-off answers for the next requests. */
  const failFor = new Map<string, GraphErrorShape>();
  const nextAnswers: GraphErrorShape[] = [];
  let webhook = options.webhook;
  let sequence = 0;

  function answer(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function fail(response: ServerResponse, error: GraphErrorShape, to = '') {
    rejected.push({ at: Date.now(), code: error.code, to });
    answer(
      response,
      error.status,
      errorBody(error),
      error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {},
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match)
      return fail(response, {
        status: 400,
        code: 100,
        message: 'Unknown path components',
        type: 'OAuthException',
      });
    if (request.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`)
      return fail(response, {
        status: 401,
        code: 190,
        message: 'Invalid OAuth access token - Cannot parse access token',
      });
    if (match[1] !== STAND_IN_PHONE_NUMBER_ID)
      return fail(response, {
        status: 400,
        code: 100,
        type: 'GraphMethodException',
        message: `Unsupported post request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      });
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return fail(response, {
        status: 400,
        code: 100,
        message: '(#100) Invalid parameter',
        details: 'Request body is not JSON',
      });
    }
    const to = typeof body?.to === 'string' ? body.to : '';
    if (body?.messaging_product !== 'whatsapp')
      return fail(
        response,
        { status: 400, code: 100, message: '(#100) The parameter messaging_product is required.' },
        to,
      );
    if (!/^[1-9]\d{7,14}$/.test(to))
      return fail(
        response,
        {
          status: 400,
          code: 100,
          message: '(#100) Invalid parameter',
          details: 'Parameter "to" must be a phone number in E.164 digits',
        },
        to,
      );
    const queued = nextAnswers.shift();
    if (queued) return fail(response, queued, to);
    const forRecipient = failFor.get(to);
    if (forRecipient) return fail(response, forRecipient, to);
    const message: ReceivedMessage = {
      at: Date.now(),
      wamid: '',
      to,
      type: String(body.type),
      parameters: [],
    };
    if (body.type === 'template') {
      const template = TEMPLATES[body.template?.name as TemplateName];
      if (!template || body.template?.language?.code !== template.language)
        return fail(response, GRAPH_ERRORS.templateMissing, to);
      const components: any[] = Array.isArray(body.template.components) ? body.template.components : [];
      const parameters: any[] = components.find((component) => component?.type === 'body')?.parameters ?? [];
      if (parameters.length !== template.parameters.length)
        return fail(response, GRAPH_ERRORS.paramMismatch, to);
      for (const parameter of parameters)
        if (
          parameter?.type !== 'text' ||
          typeof parameter.text !== 'string' ||
          !parameter.text ||
          /[\n\t]| {5,}/.test(parameter.text)
        )
          return fail(
            response,
            {
              status: 400,
              code: 100,
              message: '(#100) Invalid parameter',
              details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
            },
            to,
          );
      message.template = template.name;
      message.parameters = parameters.map((parameter) => parameter.text);
    } else if (body.type === 'text') {
      if (typeof body.text?.body !== 'string' || !body.text.body)
        return fail(response, GRAPH_ERRORS.unsupportedType, to);
      message.text = body.text.body;
    } else return fail(response, GRAPH_ERRORS.unsupportedType, to);
    message.wamid = `wamid.HBgM${Buffer.from(`${to}-${++sequence}-${randomBytes(6).toString('hex')}`).toString('base64')}`;
    received.push(message);
    answer(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: message.wamid, ...(message.template ? { message_status: 'accepted' } : {}) }],
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, errorBody(GRAPH_ERRORS.server)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function envelope(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: STAND_IN_PHONE_NUMBER_ID },
                ...value,
              },
            },
          ],
        },
      ],
    };
  }

  /** Posts a webhook signed with the app secret (or as told) and returns the app's answer. */
  async function sendWebhook(payload: unknown, sign: string | null = null): Promise<Response> {
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature = sign ?? signBody(raw);
    if (signature) headers['x-hub-signature-256'] = signature;
    if (!webhook) throw new Error('the stand-in has no webhook target');
    if (typeof webhook === 'string') return fetch(webhook, { method: 'POST', headers, body: raw });
    return webhook(raw, headers);
  }

  const seconds = (date = new Date()) => String(Math.floor(date.getTime() / 1000));

  return {
    url,
    env: {
      WHATSAPP_API_URL: url,
      WHATSAPP_TOKEN: STAND_IN_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: STAND_IN_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: STAND_IN_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: STAND_IN_VERIFY_TOKEN,
    },
    received,
    rejected,
    /** Every message to `to` is answered with `error` (e.g. GRAPH_ERRORS.undeliverable). */
    failFor: (to: string, error: GraphErrorShape) => failFor.set(to, error),
    /** The next requests, in order, are answered with these errors. */
    answerNext: (...errors: GraphErrorShape[]) => nextAnswers.push(...errors),
    setWebhook: (target: WebhookTarget) => {
      webhook = target;
    },
    envelope,
    sendWebhook,
    /** A status webhook for a message the stand-in accepted. */
    sendStatus(
      wamid: string,
      status: 'sent' | 'delivered' | 'read' | 'failed',
      options: { at?: Date; code?: number } = {},
    ) {
      const message = received.find((item) => item.wamid === wamid);
      const error = Object.values(GRAPH_ERRORS).find((item) => item.code === options.code);
      return sendWebhook(
        envelope({
          statuses: [
            {
              id: wamid,
              status,
              timestamp: seconds(options.at),
              recipient_id: message?.to ?? '',
              ...(status === 'failed'
                ? {
                    errors: [
                      {
                        code: options.code ?? 131026,
                        title: error?.message ?? 'Message undeliverable',
                        error_data: {
                          details: (error && 'details' in error ? error.details : undefined) ?? '',
                        },
                      },
                    ],
                  }
                : {
                    conversation: { id: 'c0ffee', origin: { type: 'utility' } },
                    pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                  }),
            },
          ],
        }),
      );
    },
    /** A customer's text message to our number. */
    sendText(from: string, text: string, wamid = `wamid.IN${randomBytes(8).toString('hex')}`) {
      return sendWebhook(
        envelope({
          contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
          messages: [{ from, id: wamid, timestamp: seconds(), type: 'text', text: { body: text } }],
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WhatsappStandIn = Awaited<ReturnType<typeof startWhatsappStandIn>>;
