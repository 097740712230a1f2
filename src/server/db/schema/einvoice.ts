// The electronic invoice (PAYMENTS.md 'The electronic invoice'): each customer's 'Datos de facturación'.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DocumentType } from '../../../shared/einvoice/billing-data.ts';
import { users } from './accounts.ts';

/** Who a customer's invoices are made out to; without a row the registration's cédula, name and address stand. */
export const billingData = pgTable('billing_data', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  documentType: text('document_type').$type<DocumentType>().notNull(),
  documentNumber: text('document_number').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  municipality: text('municipality').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
