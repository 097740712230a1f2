// The Cloud API's messages endpoint with plain fetch (design/notices.md 'The Cloud API, as it is'): a template to one
// number, or a text reply inside the customer-service window. Answers are sorted into sent, retry later, or never
// (the errors that mean it will not arrive). Nothing returned or thrown here carries the token.
import { z } from 'zod';
import { TEMPLATE_LANGUAGE, type TemplateName } from '../../shared/notices/templates.ts';
import type { WhatsappConfig } from './config.ts';

export type SendOutcome =
  | { kind: 'sent'; wamid: string }
  | { kind: 'retry'; reason: string; code: number | null; afterSeconds?: number }
  | { kind: 'never'; reason: string; code: number | null };

/**
 * Error codes that mean the message will never arrive as sent (Meta's error-code reference): 131026 undeliverable
 * (not on WhatsApp, old app, blocked us), 131047 re-engagement (outside the 24-hour window), 131051 unsupported
 * type, 132000 parameter count mismatch, 132001 template missing, 132005/132007/132012/132015/132016 template
 * problems, 131008/131009/100 bad parameters, 131021 same sender and recipient, 133010 number not registered,
 * 131050 the person stopped marketing messages. 130429/131056/131048/4/80007 are throttling, retried.
 */
export const NEVER_CODES: ReadonlySet<number> = new Set([
  100, 131008, 131009, 131021, 131026, 131047, 131050, 131051, 132000, 132001, 132005, 132007, 132012, 132015,
  132016, 133010,
]);
const THROTTLE_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131048, 131056]);

export interface TemplateMessage {
  to: string;
  template: TemplateName;
  parameters: string[];
}

export function templateBody(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: TEMPLATE_LANGUAGE },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

export function textBody(to: string, text: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { body: text },
  };
}

/** What the Graph API answers: the sent message's id, or the error; a part of another shape reads as none. */
const graphAnswer = z
  .object({
    messages: z.array(z.object({ id: z.unknown() })).catch([]),
    error: z
      .object({
        code: z.unknown(),
        message: z.unknown(),
        error_data: z.object({ details: z.unknown() }).optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .catch({ messages: [] });
type GraphError = z.output<typeof graphAnswer>;

/** POSTs one message; never throws (network errors are a retry). */
export async function postMessage(
  config: WhatsappConfig,
  body: object,
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome> {
  const url = `${config.apiUrl}/${config.apiVersion}/${config.phoneNumberId}/messages`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'error';
    return { kind: 'retry', reason: `sin respuesta de la API de WhatsApp (${reason})`, code: null };
  }
  const answer = graphAnswer.parse(await response.json().catch(() => ({})));
  const wamid = answer.messages?.[0]?.id;
  if (response.ok && typeof wamid === 'string' && wamid) return { kind: 'sent', wamid };
  const code = typeof answer.error?.code === 'number' ? answer.error.code : null;
  const reason = redact(
    `HTTP ${response.status}${code ? ` código ${code}` : ''}: ${describe(answer.error)}`.slice(0, 500),
    config,
  );
  if (response.status === 429 || (code !== null && THROTTLE_CODES.has(code))) {
    const after = Number(response.headers.get('retry-after'));
    return {
      kind: 'retry',
      reason,
      code,
      afterSeconds: Number.isFinite(after) && after > 0 ? after : undefined,
    };
  }
  if (response.status >= 500 || response.status === 408) return { kind: 'retry', reason, code };
  if (code !== null && NEVER_CODES.has(code)) return { kind: 'never', reason, code };
  // 401/403 (a token or permission problem) and unknown 4xx: retried later, with back-off, until an operator fixes it.
  return { kind: 'retry', reason, code };
}

function describe(error: GraphError['error']): string {
  const message = typeof error?.message === 'string' ? error.message : 'sin detalle';
  const details = typeof error?.error_data?.details === 'string' ? ` (${error.error_data.details})` : '';
  return `${message}${details}`;
}

/** A message echoed by the API never repeats a secret of ours. */
function redact(text: string, config: WhatsappConfig): string {
  let out = text;
  for (const secret of [config.token, config.appSecret, config.verifyToken])
    if (secret) out = out.split(secret).join('[oculto]');
  return out;
}
