import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { refunds } from './back-office';
import { bytea } from './types';
import type { InvoiceDocument } from '@/server/services/invoices/document';

/**
 * The last number given per kind and year (ADR 032). The paying (or refunding) transaction bumps
 * its row with an upsert, which locks the row until that transaction ends: a rolled-back payment
 * gives its number back, so the sequence has no gaps and no repeats under any concurrency.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: varchar('kind', { length: 16 }).$type<DocumentKind>().notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export type DocumentKind = 'invoice' | 'credit_note';

/**
 * An issued invoice or credit note: its number and what it says (`document`), written in the
 * paying or refunding transaction; the PDF drawn from it and its SHA-256 (also on the order's
 * timeline), written once just after that transaction commits (never inside it: drawing takes
 * long enough to make concurrent payments queue on the counter). Never changed after that.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 16 }).$type<DocumentKind>().notNull(),
    number: varchar('number', { length: 48 }).notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id'),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    language: varchar('language', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The document's total in the order's currency (minor units), positive for both kinds. */
    totalCents: integer('total_cents').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /** Null only between the commit that issued the document and the drawing of its PDF. */
    pdf: bytea('pdf'),
    sha256: varchar('sha256', { length: 64 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_number_uq').on(t.number),
    unique('invoices_kind_year_seq_uq').on(t.kind, t.year, t.seq),
    // One invoice per order; credit notes as many as refunds.
    uniqueIndex('invoices_one_per_order_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_uq').on(t.refundId),
    index('invoices_order_idx').on(t.orderId, t.id),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_pdf_with_hash', sql`(${t.pdf} is null) = (${t.sha256} is null)`),
    index('invoices_pdf_pending_idx')
      .on(t.orderId)
      .where(sql`${t.pdf} is null`),
  ],
);
