// 'Pagos en línea' for staff (issue 47 item 11; /admin/pagos): every online payment in every state, newest first,
// filtered by state, means and the day it began in Colombia, with what staff must look at (a flag, the customer's
// 'Reversión del pago'), and the same list in a CSV.
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { colombiaDayRange } from '../../shared/dates.ts';
import type { StaffPayment } from '../../shared/payments/api-types.ts';
import {
  ONLINE_METHODS,
  ONLINE_PAYMENT_STATES,
  STAFF_PAYMENT_STATE_LABELS,
} from '../../shared/payments/labels.ts';
import type { CsvColumns } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { onlinePaymentPackages, onlinePayments, pqrs, users } from '../db/schema.ts';
import { Invalid } from '../errors.ts';

export const DAY_MESSAGE = 'Día: escribe una fecha como 2026-12-01.';

/** The list's filters from the query ('estado', 'medio', 'dia'); an unknown state or means lists them all. */
export const staffPaymentFilters = z.object({
  state: z.enum(ONLINE_PAYMENT_STATES).nullable().catch(null),
  method: z.enum(ONLINE_METHODS).nullable().catch(null),
  day: z.iso.date().nullable(),
});
export type StaffPaymentFilters = z.infer<typeof staffPaymentFilters>;

/** The filters of a request's query; a day that is no day is a 400 on 'dia'. */
export function filtersOf(query: (name: string) => string | undefined): StaffPaymentFilters {
  const parsed = staffPaymentFilters.safeParse({
    state: query('estado') || null,
    method: query('medio') || null,
    day: query('dia') || null,
  });
  if (!parsed.success) throw new Invalid('invalid', DAY_MESSAGE, { field: 'dia' });
  return parsed.data;
}

export async function staffPayments(
  db: Database,
  filters: Partial<StaffPaymentFilters> & { packageNumber?: number } = {},
  limit = 200,
): Promise<StaffPayment[]> {
  const where: SQL[] = [];
  // A package's own payments (its staff view: '¿ya pagó?').
  if (filters.packageNumber !== undefined)
    where.push(
      inArray(
        onlinePayments.id,
        db
          .select({ id: onlinePaymentPackages.paymentId })
          .from(onlinePaymentPackages)
          .where(eq(onlinePaymentPackages.packageNumber, filters.packageNumber)),
      ),
    );
  if (filters.state) where.push(eq(onlinePayments.state, filters.state));
  if (filters.method) where.push(eq(onlinePayments.method, filters.method));
  if (filters.day) {
    const { start, end } = colombiaDayRange(filters.day, filters.day);
    where.push(gte(onlinePayments.createdAt, start), lt(onlinePayments.createdAt, end));
  }
  const rows = await db
    .select({ payment: onlinePayments, customerName: users.name })
    .from(onlinePayments)
    .innerJoin(users, eq(users.id, onlinePayments.userId))
    .where(and(...where))
    .orderBy(
      desc(sql`coalesce(${onlinePayments.decidedAt}, ${onlinePayments.createdAt})`),
      desc(onlinePayments.id),
    )
    .limit(limit);
  const ids = rows.map((row) => row.payment.id);
  const covered = ids.length
    ? await db.select().from(onlinePaymentPackages).where(inArray(onlinePaymentPackages.paymentId, ids))
    : [];
  const numbers = [...new Set(covered.map((row) => row.packageNumber))];
  const reversals = numbers.length
    ? await db
        .select({ radicado: pqrs.radicado, packageNumber: pqrs.packageNumber, userId: pqrs.userId })
        .from(pqrs)
        .where(and(eq(pqrs.type, 'reversion_pago'), inArray(pqrs.packageNumber, numbers)))
        .orderBy(asc(pqrs.number))
    : [];
  return rows.map(({ payment, customerName }) => {
    const packages = covered.filter((row) => row.paymentId === payment.id).map((row) => row.packageNumber);
    return {
      reference: payment.paymentReference,
      state: payment.state,
      amountCop: payment.amountCop,
      method: payment.method,
      transactionId: payment.transactionId,
      customerName,
      packages,
      flag: payment.flag,
      createdAt: payment.createdAt.toISOString(),
      decidedAt: payment.decidedAt?.toISOString() ?? null,
      // The payer's own claims on these packages (a package is one customer's, so theirs alone).
      reversals: reversals
        .filter((row) => row.userId === payment.userId && packages.includes(row.packageNumber ?? 0))
        .map((row) => row.radicado),
    };
  });
}

export const STAFF_PAYMENTS_CSV_COLUMNS: CsvColumns<StaffPayment> = [
  ['Referencia', (row) => row.reference],
  ['Iniciado', (row) => row.createdAt],
  ['Decidido', (row) => row.decidedAt],
  ['Cliente', (row) => row.customerName],
  ['Paquetes', (row) => row.packages.join(' ')],
  ['Valor (COP)', (row) => row.amountCop],
  ['Medio', (row) => row.method],
  ['Transacción de Wompi', (row) => row.transactionId],
  ['Estado', (row) => STAFF_PAYMENT_STATE_LABELS[row.state]],
  ['Marca', (row) => row.flag],
  ['Reversiones', (row) => row.reversals.join(' ')],
];
