// The packages' part of the person's rights (design/packages.md 'Privacy'): their packages in the export of 'Mis
// datos', and what happens to them when the account is deleted.
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { FINAL_STATES, type PackageState, STAFF_ONLY_STATES } from '../../shared/packages/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageEvents, packages } from '../db/schema.ts';
import { deleteFilesOf, filesOfPackages } from '../files/store.ts';

export const ACTIVE_PACKAGES_MESSAGE =
  'No puedes eliminar tu cuenta mientras tengas paquetes en curso. Cancela tus prealertas o espera a que tus paquetes se entreguen o se devuelvan, y vuelve a intentarlo.';

/** The customer's packages with their history and the list of their files, oldest first, for the export. */
export async function packagesForExport(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(packages)
    .where(eq(packages.userId, userId))
    .orderBy(asc(packages.number));
  const numbers = rows.map((row) => row.number);
  const [events, fileRows] = await Promise.all([
    numbers.length
      ? db
          .select()
          .from(packageEvents)
          .where(inArray(packageEvents.packageNumber, numbers))
          .orderBy(asc(packageEvents.id))
      : [],
    filesOfPackages(db, numbers),
  ]);
  const shown = (state: PackageState) => (STAFF_ONLY_STATES.has(state) ? 'prealertado' : state);
  return rows.map((row) => ({
    numero: row.number,
    guia: row.guide,
    transportadora: row.carrier ?? '',
    tienda: row.store,
    contenido: row.content,
    valorDeclaradoCentavos: row.declaredValueCents,
    cantidad: row.quantity,
    direccionEntrega: row.deliveryAddress,
    instrucciones: row.instructions,
    estado: shown(row.state),
    pesoLb: row.weightLb,
    creado: row.createdAt.toISOString(),
    historial: events
      .filter((event) => event.packageNumber === row.number && !STAFF_ONLY_STATES.has(event.state))
      .map((event) => ({ estado: event.state, fecha: event.at.toISOString(), nota: event.note })),
    archivos: fileRows
      .filter((file) => file.packageNumber === row.number && file.kind !== 'thumbnail')
      .map((file) => ({
        tipo: file.kind,
        formato: file.mime,
        bytes: file.size,
        fecha: file.createdAt.toISOString(),
      })),
  }));
}

/** How many of the customer's packages are still with us or on their way (not delivered, returned or cancelled). */
export async function activePackageCount(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.userId, userId), notInArray(packages.state, [...FINAL_STATES])));
  return row?.n ?? 0;
}

/**
 * On deletion: the packages' personal data (address, instructions) is erased and their invoices and photos
 * deleted; numbers, guides, weights, states and charges stay for the accounts the law requires us to keep.
 * Returns the deleted files' ids: their objects (with a bucket) go once the transaction has committed.
 */
export async function erasePackagesOf(tx: Transaction, userId: string): Promise<string[]> {
  await tx
    .update(packages)
    .set({ deliveryAddress: '', instructions: '', updatedAt: new Date() })
    .where(eq(packages.userId, userId));
  return deleteFilesOf(tx, userId);
}
