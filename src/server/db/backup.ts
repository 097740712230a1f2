// Backups that work on both drivers: every table's rows in JSON (gzip), restored into an empty, migrated
// database of either kind. So a PGlite folder can also move to PostgreSQL, and back. Files in an S3 bucket travel
// as references and hashes; the bucket is backed up on its own (docs/OPERATIONS.md), and a restore checks it.
import { gunzipSync, gzipSync } from 'node:zlib';
import { count, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { objectStore } from '../files/store.ts';
import type { Database } from './open.ts';
import {
  appSetting,
  auditLog,
  authAccount,
  authSession,
  authUser,
  authVerification,
  billingData,
  cashCloses,
  collectionCorrections,
  collections,
  creditLedger,
  deliveries,
  deliveryAttempts,
  deliveryRoutes,
  dispatches,
  dispatchPackages,
  einvoices,
  files,
  invoiceTaxRates,
  lateCashCounts,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  lockerCounter,
  notices,
  onlinePaymentPackages,
  onlinePayments,
  outbox,
  packageChargeLines,
  packageCharges,
  packageEvents,
  packageRequestItems,
  packageRequests,
  packages,
  paymentEvents,
  paymentReceipts,
  pqrAttachments,
  pqrEvents,
  pqrReminders,
  pqrs,
  rateSettings,
  remittances,
  routeStops,
  settlementLines,
  settlements,
  users,
  whatsappConsent,
  whatsappConsentLog,
  whatsappInbound,
} from './schema.ts';

const BACKUP_FORMAT = 'casillero-backup';
const BACKUP_VERSION = 1;

/** In the order a restore inserts them: a table comes after the ones it refers to. Captchas and rate-limit
 * counters are short-lived and left out. */
export const BACKED_UP_TABLES: PgTable[] = [
  appSetting,
  authUser,
  authAccount,
  authSession,
  authVerification,
  users,
  lockerCounter,
  outbox,
  auditLog,
  packages,
  packageEvents,
  files,
  rateSettings,
  packageCharges,
  creditLedger,
  dispatches,
  dispatchPackages,
  pqrs,
  pqrEvents,
  pqrAttachments,
  pqrReminders,
  // The last mile and its money (issues 19 and 20); the proofs' photos travel in files.
  deliveryRoutes,
  routeStops,
  deliveries,
  deliveryAttempts,
  remittances,
  collections,
  collectionCorrections,
  cashCloses,
  paymentReceipts,
  lateCashCounts,
  settlements,
  // Online payments (issue 32): every payment, the packages it covers and every event received, checked or not.
  onlinePayments,
  onlinePaymentPackages,
  paymentEvents,
  // Electronic invoices (issue 33): the buyer's billing data, the dated taxes of each line, every invoice and note.
  billingData,
  invoiceTaxRates,
  einvoices,
  // Requests in Miami (issue 31): the requests and their packages, the charge's fee lines and their frozen copies.
  packageRequests,
  packageRequestItems,
  packageChargeLines,
  settlementLines,
  // WhatsApp notices (issue 22): the consent and its history are a legal record; the pace row is rebuilt by itself.
  whatsappConsent,
  whatsappConsentLog,
  notices,
  whatsappInbound,
  // The ledger (issue 45): its accounts, transactions and postings; a restore checks each transaction balances.
  ledgerAccounts,
  ledgerTransactions,
  ledgerPostings,
];
// Computed by PostgreSQL from the row (a payment's reference from its id): never written back.
const GENERATED = new Set(['searchText', 'paymentReference']);
/** Tables whose `id` a sequence gives (a bigserial or an identity): after a restore the sequence continues after the
 * highest id. */
const SERIAL_TABLES = BACKED_UP_TABLES.filter((table) => {
  const id = getTableColumns(table).id;
  return id !== undefined && (id.getSQLType() === 'bigserial' || id.generatedIdentity !== undefined);
});
/** Rows a new database already has (the generated secret, the default rates): the backup's replace them. */
const SEEDED_TABLES = [appSetting, rateSettings, invoiceTaxRates];

interface Backup {
  format: string;
  version: number;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

const backupSchema = z.object({
  format: z.string(),
  version: z.number(),
  createdAt: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
}) satisfies z.ZodType<Backup>;

export async function createBackup(db: Database): Promise<Buffer> {
  const backup: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    tables: {},
  };
  // One snapshot for every table, so the backup is consistent while the app keeps running on PostgreSQL.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const table of BACKED_UP_TABLES) {
      const rows = await tx.select().from(table);
      backup.tables[getTableName(table)] = rows.map((selected) => {
        const row: Record<string, unknown> = { ...selected };
        for (const key of GENERATED) delete row[key];
        // File bytes travel as base64, not in JSON arrays of numbers.
        for (const [key, value] of Object.entries(row))
          if (Buffer.isBuffer(value)) row[key] = value.toString('base64');
        return row;
      });
    }
  });
  return gzipSync(JSON.stringify(backup));
}

export class RestoreError extends Error {}

/** Restores into `db`, which must be migrated and hold no accounts; everything happens in one transaction. */
export async function restoreBackup(db: Database, file: Buffer): Promise<Record<string, number>> {
  let backup: Backup;
  try {
    backup = backupSchema.parse(JSON.parse(gunzipSync(file).toString('utf8')));
  } catch {
    throw new RestoreError('El archivo no es una copia de seguridad válida (JSON comprimido con gzip).');
  }
  if (backup.format !== BACKUP_FORMAT || backup.version !== BACKUP_VERSION)
    throw new RestoreError(`Formato de copia desconocido: ${backup.format} v${backup.version}.`);
  const [existing] = await db.select({ n: count() }).from(authUser);
  if ((existing?.n ?? 0) > 0)
    throw new RestoreError('La base de datos de destino ya tiene cuentas: restaura en una vacía.');

  await checkObjects(backup.tables[getTableName(files)] ?? []);
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const table of SEEDED_TABLES) await tx.delete(table);
    for (const table of BACKED_UP_TABLES) {
      const name = getTableName(table);
      const rows = (backup.tables[name] ?? []).map((row) => revive(table, row));
      for (let start = 0; start < rows.length; start += 500) {
        await tx.insert(table).values(rows.slice(start, start + 500));
      }
      counts[name] = rows.length;
    }
    for (const table of SERIAL_TABLES) {
      const name = getTableName(table);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      );
    }
    await tx.execute(
      sql`select setval('package_number_seq', coalesce((select max(number) from ${packages}), 100000) + 1, false)`,
    );
    // A radicado is never given twice: the sequence continues after the highest restored.
    await tx.execute(
      sql`select setval('pqr_number_seq', coalesce((select max(number) from ${pqrs}), 0) + 1, false)`,
    );
    // Receipts number themselves ('Comprobante de pago'): the next one continues after the highest restored.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('payment_receipts', 'number'), coalesce((select max(number) from ${paymentReceipts}), 0) + 1, false)`,
    );
  });
  return counts;
}

/**
 * Files in a bucket travel as references (their id, size and SHA-256), not bytes: a restore goes ahead only when the
 * configured bucket holds every one of them.
 */
async function checkObjects(rows: Record<string, unknown>[]) {
  const ids = rows.flatMap((row) => (row.bytes == null && typeof row.id === 'string' ? [row.id] : []));
  if (ids.length === 0) return;
  const store = objectStore();
  if (!store)
    throw new RestoreError(
      `La copia tiene ${ids.length} archivos en un bucket S3: configura FILES_S3_* con ese bucket para restaurarla.`,
    );
  const missing: string[] = [];
  for (let start = 0; start < ids.length; start += 16) {
    const batch = ids.slice(start, start + 16);
    const found = await Promise.all(batch.map((id) => store.exists(id)));
    missing.push(...batch.filter((_, index) => !found[index]));
  }
  if (missing.length > 0)
    throw new RestoreError(
      `Faltan ${missing.length} de ${ids.length} archivos en el ${store.where} (por ejemplo files/${missing[0]}): restaura el bucket primero (docs/OPERATIONS.md).`,
    );
}

/** JSON turned timestamps into strings and file bytes into base64; Drizzle wants Dates and Buffers back. */
function revive(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const revived: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column || GENERATED.has(key)) continue;
    if (column.columnType === 'PgTimestamp' && typeof value === 'string') revived[key] = new Date(value);
    else if (column.getSQLType() === 'bytea' && typeof value === 'string')
      revived[key] = Buffer.from(value, 'base64');
    else revived[key] = value;
  }
  return revived;
}
