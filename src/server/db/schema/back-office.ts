/**
 * What the back office writes beside the orders (ADR 023): the order timeline that is also the
 * audit of every staff action on an order, refunds, the customer balance ledger and the payment
 * provider's events (each processed once).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders, payments } from './commerce';
import { returns } from './returns';
import { users } from './users';

/**
 * One row per thing that happened to an order, newest last: by the shop (`actor_id` null: placed,
 * paid through the gateway, expired) or by a staff member (marked paid, shipped, cancelled,
 * refunded, an internal note). `before`/`after` hold the fields the action changed, so the row is
 * the audit (who, when, what, before/after). `internal` rows (notes, balance details) are never
 * shown to the customer.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** placed | paid | payment_failed | expired | marked_paid | shipped | cancelled | refunded | note | … */
    type: varchar('type', { length: 32 }).notNull(),
    internal: boolean('internal').notNull().default(false),
    message: text('message').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * A refund of (part of) an order: to the card through the provider that took the payment, or to
 * the customer's shop balance, or paid back outside the shop (`external`: a bank transfer for a
 * phone payment, with staff's reference). `amount_cents` is EUR cents (what orders.refunded_cents sums);
 * `converted_cents` is the same in the order's currency, what the card gets back. `lines` says
 * which order lines (and how many of each) it covers; empty for an amount-only refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    destination: varchar('destination', { length: 16 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    convertedCents: integer('converted_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** `restock` true: the units went back into stock with this refund (order_items.restocked_quantity). */
    lines: jsonb('lines')
      .$type<{ order_item_id: number; quantity: number; restock?: boolean }[]>()
      .notNull()
      .default([]),
    /** pending (sent to the provider) | succeeded | failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    providerRef: varchar('provider_ref', { length: 128 }),
    /** An `external` refund's reference as staff typed it (the bank transfer's). */
    reference: varchar('reference', { length: 128 }),
    /** The return this refund settles, when it does (services/returns). */
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    reason: text('reason').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Idempotency-Key of the staff request: a retried click answers the same refund. */
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    unique('refunds_idempotency_uq').on(t.orderId, t.idempotencyKey),
    check('refunds_amount_positive', sql`${t.amountCents} > 0 and ${t.convertedCents} >= 0`),
    check('refunds_destination', sql`${t.destination} in ('card', 'balance', 'external')`),
    check('refunds_external_reference', sql`${t.destination} <> 'external' or ${t.reference} is not null`),
  ],
);

/**
 * Every change of users.balance_cents, written in the transaction that changes it:
 * `balance_after_cents` is the balance once this row applied. Kinds: opening (the balance the
 * account had when the ledger began), top_up, refund, adjustment (staff, with a reason).
 */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    deltaCents: integer('delta_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_ledger_user_idx').on(t.userId, t.id)],
);

/**
 * A payment provider's notifications as received (demo gateway, Stripe): the provider's event
 * id is unique, so a redelivered event is recognised and processed once; `processed_at` is set in
 * the transaction that acted on it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 32 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What the shop did with it: settled, ignored (and why), failed. */
    outcome: text('outcome').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    unique('payment_events_provider_event_uq').on(t.provider, t.eventId),
    index('payment_events_order_idx').on(t.orderId),
  ],
);
