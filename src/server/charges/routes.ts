// Charges' API: the public rates and estimate behind 'Calcula tu envío', the customer's 'Tus referidos', and the
// admin's 'Tarifas' (history, a new set from a date) and the explicit recomputation of one package's charge.

import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/charges/api-types.ts';
import { type Charge, computeCharge } from '../../shared/charges/charge.ts';
import { calculatorSchema, ratesFormSchema } from '../../shared/charges/rates-form.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { Invalid } from '../errors.ts';
import { clientIp, readBody } from '../http.ts';
import { packageNumberParam } from '../packages/list-query.ts';
import { recomputeCharge, saveRates } from './admin.ts';
import { referralSummary } from './credit.ts';
import { feesOf, isTodayOrLater, type RateRow, rateHistory, ratesInForce, settingsOf } from './rates.ts';

const publicRates = (row: RateRow) => ({
  id: row.id,
  effectiveFrom: row.effectiveFrom.toISOString(),
  ...settingsOf(row),
  ...feesOf(row),
});

export function chargeRoutes({ db, auth, config }: { db: Database; auth: Auth; config: Config }) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const recordOf = (c: Context<SessionEnv>) => c.get('caller').record;

  routes.get('/rates', async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(publicRates(await ratesInForce(db)) satisfies Api.Rates);
  });

  // The calculator's figures from the server too (the screen computes the same with the shared module).
  routes.get('/charges/estimate', async (c) => {
    const query = c.req.query();
    const parsed = calculatorSchema.safeParse({
      weight: query.peso ?? '',
      measures: [query.largo ?? '', query.ancho ?? '', query.alto ?? ''],
      value: query.valor ?? '',
    });
    if (!parsed.success) throw new Invalid('invalid', parsed.error.issues[0]?.message ?? 'Revisa los datos.');
    const rates = await ratesInForce(db);
    const { weight, measures, value } = parsed.data;
    return c.json(
      computeCharge(
        { weightHundredthsLb: weight, measuresTenthsIn: measures, declaredValueCents: value },
        settingsOf(rates),
      ) satisfies Charge,
    );
  });

  routes.get('/me/referrals', requireCaller(auth, db), async (c) => {
    const record = recordOf(c);
    c.header('cache-control', 'no-store');
    return c.json((await referralSummary(db, record.id, record.refCode)) satisfies Api.Referrals);
  });

  routes.get('/admin/rates', admin, async (c) => {
    const [current, history] = await Promise.all([ratesInForce(db), rateHistory(db)]);
    c.header('cache-control', 'no-store');
    return c.json({ currentId: current.id, history: history.map(publicRates) } satisfies Api.RateHistory);
  });

  routes.post('/admin/rates', admin, async (c) => {
    const { effectiveFrom, settings } = await readBody(c, ratesFormSchema);
    if (!isTodayOrLater(effectiveFrom))
      throw new Invalid('invalid', 'La fecha debe ser hoy o posterior: las tarifas pasadas no se cambian.', {
        field: 'effectiveFrom',
      });
    const record = recordOf(c);
    const row = await saveRates(db, effectiveFrom, settings, record.id, clientIp(c, config.trustProxy));
    return c.json(
      {
        rates: publicRates(row),
        message: `Tarifas guardadas: rigen desde el ${effectiveFrom}.`,
      } satisfies Api.RatesSaved,
      201,
    );
  });

  routes.post('/admin/packages/:number/charge', admin, async (c) => {
    const number = packageNumberParam(c);
    const record = recordOf(c);
    const charge = await recomputeCharge(db, number, record.id, clientIp(c, config.trustProxy));
    return c.json({
      charge,
      message: 'Cobro recalculado con las tarifas del día en que se recibió.',
    } satisfies Api.ChargeRecomputed);
  });

  return routes;
}
