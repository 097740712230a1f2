// The customer's PQR list ('/pqr'): theirs, newest first, each with its state, dates and last answer.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type * as Api from '../../shared/pqr/api-types.ts';
import type { UserRecord } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { packages, pqrEvents, pqrs } from '../db/schema.ts';
import { summaryOf } from './records.ts';
import type { PqrSettings } from './settings.ts';

export async function customerList(
  db: Database,
  settings: PqrSettings,
  user: UserRecord,
): Promise<Api.PqrList> {
  const now = new Date();
  const rows = await db
    .select({ pqr: pqrs, packageGuide: packages.guide })
    .from(pqrs)
    .leftJoin(packages, eq(packages.number, pqrs.packageNumber))
    .where(eq(pqrs.userId, user.id))
    .orderBy(desc(pqrs.number));
  const numbers = rows.map((row) => row.pqr.number);
  const answers =
    numbers.length === 0
      ? []
      : await db
          .select()
          .from(pqrEvents)
          .where(and(inArray(pqrEvents.pqrNumber, numbers), eq(pqrEvents.kind, 'respuesta')))
          .orderBy(pqrEvents.id);
  return {
    pqrs: rows.map(({ pqr, packageGuide }) =>
      summaryOf(
        pqr,
        pqr.guide || (packageGuide ?? ''),
        answers.filter((event) => event.pqrNumber === pqr.number),
        now,
      ),
    ),
    email: user.email,
    deadlines: { answerDays: settings.answerDays, reviewDays: settings.reviewDays },
  };
}
