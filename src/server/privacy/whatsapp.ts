// 'Mis datos': the WhatsApp notices switch (design/notices.md 'Consent first'). GET shows the choice with its date; PUT
// changes it, kept with its time and policy version. Turning it on needs a phone that can receive WhatsApp.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/notices/api-types.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { Invalid } from '../errors.ts';
import { readBody } from '../http.ts';
import { consentOf, setConsent, waDigits } from '../notices/consent.ts';

const choiceSchema = z.object({
  granted: z.boolean({ error: 'Indica si quieres recibir avisos por WhatsApp.' }),
});

export const WHATSAPP_ON = 'Listo: te avisaremos de tus paquetes por WhatsApp.';
export const WHATSAPP_OFF =
  'Listo: ya no te avisaremos por WhatsApp; seguirás recibiendo los avisos por correo.';
export const WHATSAPP_NEEDS_PHONE =
  'Para recibir avisos por WhatsApp, primero escribe en Teléfono un número válido con su indicativo, por ejemplo +573001234567.';

export function whatsappChoiceRoutes({
  db,
  auth,
  ipOf,
}: {
  db: Database;
  auth: Auth;
  ipOf: (c: Context) => string;
}) {
  const routes = new Hono<SessionEnv>();
  const signedIn = requireCaller(auth, db);

  async function choiceOf(userId: string, phone: string): Promise<Api.WhatsappChoice> {
    const choice = await consentOf(db, userId);
    return {
      granted: choice?.granted ?? false,
      at: choice?.at ?? null,
      policyVersion: choice?.policyVersion ?? null,
      source: choice?.source ?? null,
      phone,
    };
  }

  routes.get('/me/whatsapp', signedIn, async (c) => {
    const { record } = c.get('caller');
    c.header('cache-control', 'no-store');
    return c.json((await choiceOf(record.id, record.telefono)) satisfies Api.WhatsappChoice);
  });

  routes.put('/me/whatsapp', signedIn, async (c) => {
    const { record } = c.get('caller');
    const { granted } = await readBody(c, choiceSchema);
    if (granted && !waDigits(record.telefono))
      throw new Invalid('phone_required', WHATSAPP_NEEDS_PHONE, { field: 'granted' });
    await setConsent(db, record.id, granted, 'mis_datos', { phone: record.telefono, ip: ipOf(c) });
    return c.json({
      message: granted ? WHATSAPP_ON : WHATSAPP_OFF,
      choice: await choiceOf(record.id, record.telefono),
    } satisfies Api.WhatsappChoiceSaved);
  });

  return routes;
}
