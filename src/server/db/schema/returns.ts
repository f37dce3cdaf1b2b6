/**
 * Returns (issue 31): a customer sends back lines of a shipped order within the withdrawal period.
 * requested (the customer opened it) → received (staff have the parcel and chose per line whether
 * it goes back into stock) → refunded (a refund row names it); or rejected by staff with a reason
 * (from requested, or received with nothing put back into stock; ADR 037). Stock moves
 * through order_items.restocked_quantity, under the order's lock, so a unit comes back once.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './commerce';
import { users } from './users';

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    /** What the customer writes on the parcel: R-{order number}-{n}. */
    returnNr: varchar('return_nr', { length: 48 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** requested | received | refunded | rejected */
    status: varchar('status', { length: 16 }).notNull().default('requested'),
    /** One of RETURN_REASONS (lib/rules/returns.ts). */
    reason: varchar('reason', { length: 32 }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff's reason for a rejection, shown to the customer and mailed to them. */
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('requested', 'received')`),
    check('returns_status', sql`${t.status} in ('requested', 'received', 'refunded', 'rejected')`),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Staff's choice on receipt; null until received. */
    restock: boolean('restock'),
  },
  (t) => [
    unique('return_lines_item_uq').on(t.returnId, t.orderItemId),
    check('return_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
