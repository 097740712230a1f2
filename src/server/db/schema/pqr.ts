// PQR (design/pqr.md): each petición, queja, reclamo or solicitud de indemnización with its radicado, the thread of its
// events (nothing is edited or deleted: a correction is a new event), its attachments, and the morning reminders
// sent (one per PQR per day, whichever instance sends it).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { PqrDecision, PqrEventKind } from '../../../shared/pqr/api-types.ts';
import type { AnswerChannel, PqrState, PqrType } from '../../../shared/pqr/states.ts';
import { outbox, userRef } from './accounts.ts';
import { instant, serialId } from './columns.ts';
import { files, packageRef } from './packages.ts';

/** The radicado's number: a sequence, so a number is never given twice nor reused after a rolled-back filing. */
export const pqrNumberSeq = pgSequence('pqr_number_seq', { startWith: 1 });

export type PqrActorRole = 'customer' | 'visitor' | 'staff' | 'system';

export const pqrs = pgTable(
  'pqrs',
  {
    number: integer('number').primaryKey().default(sql`nextval('pqr_number_seq')`),
    /** 'PQR-2026-000123' (format: setting PQR_RADICADO_FORMAT). Stored, never edited. */
    radicado: text('radicado').notNull().unique(),
    type: text('type').$type<PqrType>().notNull(),
    /** The current state beside its history (the 'estado' and action events). */
    state: text('state').$type<PqrState>().notNull(),
    /** The customer, or null for a visitor. */
    userId: userRef(),
    /** Who filed it, as they were when they filed (a visitor's form, a customer's record). */
    name: text('name').notNull(),
    idNumber: text('id_number').notNull(),
    /** Cleared when the account is deleted (name, ID and radicado are kept). */
    email: text('email').notNull(),
    packageNumber: packageRef(),
    /** The visitor's 'Guía' (a customer's package has its own). */
    guide: text('guide').notNull().default(''),
    description: text('description').notNull(),
    channel: text('channel').$type<AnswerChannel>().notNull(),
    noGuide: boolean('no_guide').notNull().default(false),
    /** Stored, never edited. */
    filedAt: instant('filed_at').notNull().defaultNow(),
    /** The answer's legal due day ('YYYY-MM-DD', Bogotá). Stored, never edited. */
    dueDate: text('due_date').notNull(),
    /**
     * The due day of the answer now awaited: the filing's, then a review's (stored on its event too). What the
     * inbox orders by; it moves only when a review is filed.
     */
    runningDue: text('running_due').notNull(),
    /** When the first answer was notified, its mail sent (set once, by the same trigger): 'answered on time'. */
    firstAnsweredAt: instant('first_answered_at'),
    /** The key of a visitor's follow-up link (random, 192 bits), mailed with every message to them. */
    visitorKey: text('visitor_key'),
    /** Lower-cased searchable fields joined by U+001F: the inbox's search by radicado, name, e-mail, ID or package. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(radicado || chr(31) || name || chr(31) || email || chr(31) || id_number || chr(31) || guide || chr(31) || coalesce(package_number::text, ''))`,
      ),
  },
  (table) => [
    // The inbox: by due day, all or one state or one tipo, and the open ones (awaiting an answer) alone.
    index('pqrs_due_idx').on(table.runningDue, table.number),
    index('pqrs_state_due_idx').on(table.state, table.runningDue, table.number),
    index('pqrs_type_due_idx').on(table.type, table.runningDue, table.number),
    index('pqrs_type_state_due_idx').on(table.type, table.state, table.runningDue, table.number),
    index('pqrs_open_due_idx')
      .on(table.runningDue, table.number)
      .where(sql`state in ('radicada', 'en_tramite', 'en_reposicion')`),
    index('pqrs_user_idx').on(table.userId, table.number),
    index('pqrs_filed_idx').on(table.filedAt),
    index('pqrs_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Every step of a PQR, who and when: its thread (notes are staff-only). Rows are only ever added. */
export const pqrEvents = pgTable(
  'pqr_events',
  {
    id: serialId(),
    pqrNumber: integer('pqr_number')
      .notNull()
      .references(() => pqrs.number),
    kind: text('kind').$type<PqrEventKind>().notNull(),
    at: instant('at').notNull().defaultNow(),
    actorId: text('actor_id'),
    actorRole: text('actor_role').$type<PqrActorRole>().notNull(),
    /** A staff member's name as it was (the customer reads 'Servicio al cliente'). */
    actorName: text('actor_name').notNull().default(''),
    text: text('text').notNull().default(''),
    /** The state the PQR moved to with this event, if it moved. */
    state: text('state').$type<PqrState>(),
    /**
     * 'respuesta': when it was notified, the moment its mail was sent (not queued): written once by the outbox's
     * trigger (drizzle/0020_pqr_answer_notified.sql) when the mail's `sent_at` is set, never edited. Null while the
     * mail waits or fails (staff see why). It starts the review term and is printed in the 'Expediente'.
     */
    notifiedAt: instant('notified_at'),
    /** 'respuesta': the outbox row of its mail (null with no address to mail, or once an erased account's mail goes). */
    mailId: bigint('mail_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    /** 'reposicion': 'Apelación' en subsidio asked for. */
    appeal: boolean('appeal'),
    /** 'reposicion': its due day. */
    dueDate: text('due_date'),
    decision: jsonb('decision').$type<PqrDecision>(),
  },
  (table) => [
    index('pqr_events_pqr_idx').on(table.pqrNumber, table.id),
    index('pqr_events_mail_idx').on(table.mailId).where(sql`mail_id is not null`),
  ],
);

/** Attachments: the file (in `files`, owner null so an account's deletion keeps it), and where it belongs. */
export const pqrAttachments = pgTable(
  'pqr_attachments',
  {
    fileId: text('file_id')
      .primaryKey()
      .references(() => files.id),
    /** Null until a filing, review or answer claims the upload. */
    pqrNumber: integer('pqr_number').references(() => pqrs.number),
    eventId: bigint('event_id', { mode: 'number' }).references(() => pqrEvents.id),
    /** Who uploaded it: a signed-in person, or null for a visitor. */
    uploaderId: text('uploader_id'),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
  },
  (table) => [index('pqr_attachments_pqr_idx').on(table.pqrNumber)],
);

/** The morning reminders sent: the key (PQR, Bogotá day) makes each PQR's reminder once a day across instances. */
export const pqrReminders = pgTable(
  'pqr_reminders',
  {
    pqrNumber: integer('pqr_number')
      .notNull()
      .references(() => pqrs.number),
    day: text('day').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pqrNumber, table.day] })],
);
