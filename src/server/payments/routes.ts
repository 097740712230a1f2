// Online payments' API: 'Pagar en línea' / 'Pagar seleccionados' (POST /api/pagos), the return page's reading
// (GET /api/pagos/:referencia, asking Wompi when its event is late) and Wompi's events
// (POST /api/pagos/wompi/eventos, checked or answered 401 changing nothing).
import { Hono } from 'hono';
import type * as Api from '../../shared/payments/api-types.ts';
import { paymentMessages, refundSchema, startPaymentSchema } from '../../shared/payments/forms.ts';
import type { Auth } from '../auth/auth.ts';
import { auditActor, requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { csvFile } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { Conflict } from '../errors.ts';
import { ApiError, clientIp, readBody } from '../http.ts';
import { logWarning } from '../observability/log.ts';
import { applyVerdict } from './apply.ts';
import { receiveEvent } from './events.ts';
import { paymentOf, paymentView, startPayment } from './payments.ts';
import type { PaymentProvider } from './port.ts';
import { refundPayment } from './refunds.ts';
import { filtersOf, STAFF_PAYMENTS_CSV_COLUMNS, staffPayments } from './staff-list.ts';

export const EVENT_REFUSED = 'La firma del evento no es válida.';

export function paymentRoutes({
  db,
  auth,
  config,
  provider,
  wakeEvents,
}: {
  db: Database;
  auth: Auth;
  config: Config;
  provider: PaymentProvider | null;
  /** Wakes this instance's worker of stored events (start.ts). */
  wakeEvents: () => void;
}) {
  const routes = new Hono<SessionEnv>();
  const customer = requireCaller(auth, db);
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const on = () => {
    if (!provider) throw new Conflict('payments_off', paymentMessages.off);
    return provider;
  };

  routes.post('/pagos', customer, async (c) => {
    const payments = on();
    const { packages } = await readBody(c, startPaymentSchema);
    const record = c.get('caller').record;
    const caller = { id: record.id, email: record.email, ip: clientIp(c, config.trustProxy) };
    return c.json(
      (await startPayment(db, payments, caller, packages, config.appUrl)) satisfies Api.PaymentStarted,
    );
  });

  routes.get('/pagos/:referencia', customer, async (c) => {
    c.header('cache-control', 'no-store');
    const payment = await paymentOf(db, c.get('caller').record.id, c.req.param('referencia'));
    // The return page names Wompi's transaction (?id=): while no event has said, Wompi is asked.
    const transactionId = c.req.query('id');
    if (payment.state === 'pendiente' && transactionId && provider) {
      try {
        const transaction = await provider.transaction(transactionId);
        if (transaction?.reference === payment.paymentReference) {
          await applyVerdict(db, transaction, config);
          return c.json(
            (await paymentView(
              db,
              await paymentOf(db, payment.userId, payment.paymentReference),
            )) satisfies Api.PaymentView,
          );
        }
      } catch (error) {
        logWarning('payments', `No se pudo consultar la transacción ${transactionId}: ${String(error)}`);
      }
    }
    return c.json((await paymentView(db, payment)) satisfies Api.PaymentView);
  });

  routes.get('/admin/pagos', admin, async (c) => {
    const filters = filtersOf((name) => c.req.query(name));
    c.header('cache-control', 'no-store');
    return c.json({ payments: await staffPayments(db, filters) } satisfies { payments: Api.StaffPayment[] });
  });

  routes.get('/admin/pagos.csv', admin, async (c) => {
    const filters = filtersOf((name) => c.req.query(name));
    const listed = await staffPayments(db, filters, 100_000);
    return csvFile(c, `pagos-en-linea-${filters.day ?? 'todos'}.csv`, STAFF_PAYMENTS_CSV_COLUMNS, listed);
  });

  routes.post('/admin/pagos/:referencia/reembolso', admin, async (c) => {
    const payments = on();
    const form = await readBody(c, refundSchema);
    const actor = auditActor(c, config.trustProxy);
    const done = await refundPayment(db, payments, actor, c.req.param('referencia'), form);
    return c.json(done satisfies Api.PaymentRefunded);
  });

  routes.post('/pagos/wompi/eventos', async (c) => {
    if (!provider) throw new ApiError(404, 'not_found', paymentMessages.off);
    const raw = await c.req.text();
    const event = provider.verifyEvent(raw, { checksum: c.req.header('x-event-checksum') });
    if (!event) {
      logWarning('payments', 'Evento de Wompi con firma inválida: rechazado');
      throw new ApiError(401, 'invalid_signature', EVENT_REFUSED);
    }
    // Stored, answered, then applied by the worker: Wompi reads 200 as soon as the event cannot be lost.
    const outcome = await receiveEvent(db, event.transaction);
    if (outcome === 'recibido') wakeEvents();
    return c.json({ ok: true, outcome });
  });

  return routes;
}
