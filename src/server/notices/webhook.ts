// The Cloud API's webhook (design/notices.md): the GET verification, and POSTs signed with X-Hub-Signature-256 over the
// raw body. Statuses move the notice forward (never back); customers' messages are kept once by their wamid, and
// 'BAJA'/'STOP'/'ALTA' change the consent and are answered once. A repeated webhook changes nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { inboundAction, NOTICE_STATES } from '../../shared/notices/templates.ts';
import type { Database } from '../db/open.ts';
import { notices, users, whatsappInbound } from '../db/schema.ts';
import { logWarning } from '../observability/log.ts';
import { postMessage, textBody } from './cloud-api.ts';
import type { WhatsappConfig } from './config.ts';
import { setConsent } from './consent.ts';
import { failNotice } from './outcome.ts';

export const OPTED_OUT_REPLY =
  'Listo: no te enviaremos más avisos por WhatsApp. Si quieres volver a recibirlos, escribe ALTA.';
export const OPTED_IN_REPLY =
  'Listo: volverás a recibir por WhatsApp los avisos de tus paquetes. Para dejarlos, escribe BAJA.';

/** 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function validSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

const unixTime = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()])
  .transform((s) => new Date(Number(s) * 1000));
const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  timestamp: unixTime,
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
      }),
    )
    .optional(),
});
const messageSchema = z.object({
  from: z.string().regex(/^\d{6,15}$/),
  id: z.string().min(1).max(200),
  timestamp: unixTime,
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
});
const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z.array(
          z.object({
            field: z.string(),
            value: z.object({
              metadata: z.object({ phone_number_id: z.string() }).optional(),
              statuses: z.array(z.unknown()).optional(),
              messages: z.array(z.unknown()).optional(),
            }),
          }),
        ),
      }),
    )
    .max(100),
});

const RANK = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const;

async function applyStatus(db: Database, status: z.output<typeof statusSchema>) {
  const at = status.timestamp;
  if (status.status === 'failed') {
    const error = status.errors?.[0];
    const [row] = await db.select({ id: notices.id }).from(notices).where(eq(notices.wamid, status.id));
    if (row)
      await db.transaction((tx) =>
        failNotice(
          tx,
          row.id,
          error?.code ?? null,
          `WhatsApp: ${error?.code ?? ''} ${error?.title ?? error?.message ?? 'falló'}`.trim(),
        ),
      );
    return;
  }
  const next =
    status.status === 'read'
      ? 'read'
      : status.status === 'delivered'
        ? 'delivered'
        : status.status === 'sent'
          ? 'sent'
          : null;
  if (!next) return;
  const earlier = NOTICE_STATES.filter((state) => RANK[state] < RANK[next]);
  await db
    .update(notices)
    .set({
      sentAt: sql`coalesce(${notices.sentAt}, ${at})`,
      ...(next !== 'sent' ? { deliveredAt: sql`coalesce(${notices.deliveredAt}, ${at})` } : {}),
      ...(next === 'read' ? { readAt: sql`coalesce(${notices.readAt}, ${at})` } : {}),
      state: sql`case when ${notices.state} in ${earlier} then ${next} else ${notices.state} end`,
    })
    .where(eq(notices.wamid, status.id));
}

async function applyMessage(
  db: Database,
  config: WhatsappConfig,
  message: z.output<typeof messageSchema>,
  log: (line: string) => void,
) {
  const body = message.type === 'text' ? (message.text?.body ?? '') : '';
  const action = message.type === 'text' ? inboundAction(body) : 'soporte';
  const reply = await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.telefono, `+${message.from}`), isNull(users.deletedAt)));
    const [kept] = await tx
      .insert(whatsappInbound)
      .values({
        wamid: message.id,
        fromPhone: message.from,
        userId: owners[0]?.id ?? null,
        kind: message.type,
        body,
        action,
        sentAt: message.timestamp,
      })
      .onConflictDoNothing()
      .returning({ id: whatsappInbound.id });
    // A repeated webhook: already applied.
    if (!kept || action === 'soporte') return null;
    for (const owner of owners)
      await setConsent(tx, owner.id, action === 'alta', 'mensaje', { phone: `+${message.from}` });
    // Notices still queued for them go by mail instead: the worker checks consent before each send.
    return action === 'baja' ? OPTED_OUT_REPLY : OPTED_IN_REPLY;
  });
  if (reply) {
    const outcome = await postMessage(config, textBody(message.from, reply));
    if (outcome.kind !== 'sent')
      log(`[whatsapp] No se pudo responder a un ${action.toUpperCase()}: ${outcome.reason}`);
  }
}

export function whatsappWebhookRoutes({
  db,
  config,
  log = (line) => logWarning('whatsapp_webhook', line),
}: {
  db: Database;
  config: WhatsappConfig | null;
  log?: (line: string) => void;
}) {
  const routes = new Hono();
  routes.get('/whatsapp/webhook', (c) => {
    const challenge = c.req.query('hub.challenge') ?? '';
    const token = Buffer.from(c.req.query('hub.verify_token') ?? '');
    const expected = Buffer.from(config?.verifyToken ?? '');
    const tokenOk = config !== null && token.length === expected.length && timingSafeEqual(token, expected);
    if (c.req.query('hub.mode') !== 'subscribe' || !tokenOk || !/^[\w.-]{1,200}$/.test(challenge))
      return c.text('Forbidden', 403);
    return c.text(challenge, 200);
  });
  routes.post('/whatsapp/webhook', async (c) => {
    if (!config) return c.text('Not found', 404);
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (!validSignature(raw, c.req.header('x-hub-signature-256'), config.appSecret))
      return c.text('Invalid signature', 401);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return c.text('Bad request', 400);
    }
    const payload = payloadSchema.safeParse(json);
    // Another shape (or another product's event): acknowledged, so Meta does not repeat it, and ignored.
    if (!payload.success) return c.text('Ignored', 200);
    for (const entry of payload.data.entry)
      for (const change of entry.changes) {
        if (change.field !== 'messages') continue;
        if (change.value.metadata && change.value.metadata.phone_number_id !== config.phoneNumberId) continue;
        for (const item of change.value.statuses ?? []) {
          const status = statusSchema.safeParse(item);
          if (status.success) await applyStatus(db, status.data);
        }
        for (const item of change.value.messages ?? []) {
          const message = messageSchema.safeParse(item);
          if (message.success) await applyMessage(db, config, message.data, log);
        }
      }
    return c.text('OK', 200);
  });
  return routes;
}
