// 'Datos de facturación': read with the registration's cédula, name and first address standing in until the
// customer saves their own, and saved (audited) after the shared schema's checks.
import { eq, inArray } from 'drizzle-orm';
import type { BillingDataView } from '../../shared/einvoice/api-types.ts';
import type { BillingData } from '../../shared/einvoice/billing-data.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Reader } from '../collections/sums.ts';
import type { Database } from '../db/open.ts';
import { billingData, users } from '../db/schema.ts';
import { NotFound } from '../errors.ts';

/** The billing data of `userIds` as invoices see them, by user id (the registration's where none was saved). */
export async function billingDataOf(db: Reader, userIds: string[]): Promise<Map<string, BillingDataView>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ user: users, saved: billingData })
    .from(users)
    .leftJoin(billingData, eq(billingData.userId, users.id))
    .where(inArray(users.id, userIds));
  const found = new Map<string, BillingDataView>();
  for (const { user, saved } of rows) {
    found.set(user.id, {
      documentType: saved?.documentType ?? 'CC',
      // A cédula typed with dots or spaces at registration is still the same number.
      documentNumber: saved?.documentNumber ?? user.cedula.replace(/[.\s]/g, ''),
      name: saved?.name ?? user.name,
      address: saved?.address ?? user.direccion1,
      municipality: saved?.municipality ?? user.ciudad1,
      email: user.email,
      saved: saved !== null,
    });
  }
  return found;
}

export async function billingDataView(db: Reader, userId: string): Promise<BillingDataView> {
  const view = (await billingDataOf(db, [userId])).get(userId);
  if (!view) throw new NotFound('No encontramos tu cuenta.', 'user_not_found');
  return view;
}

export async function saveBillingData(db: Database, userId: string, data: BillingData, ip: string) {
  await db.transaction(async (tx) => {
    const values = { ...data, updatedAt: new Date() };
    await tx
      .insert(billingData)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: billingData.userId, set: values });
    await recordAudit(tx, {
      action: 'billing_data_saved',
      actorId: userId,
      subjectId: userId,
      ip,
      detail: { documentType: data.documentType },
    });
  });
}
