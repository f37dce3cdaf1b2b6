import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { products, variations } from './catalog';
import { countries } from './geo';
import { users } from './users';
import type { VariationAttributeJson } from '@/lib/contract/purchasing';
import { ORDER_STATUSES } from '@/lib/rules/order-status';
import { PAYMENT_METHODS } from '@/lib/rules/payment';

export const discountType = pgEnum('discount_type', ['fixed', 'percent']);
/** The lists live in lib/rules, shared with the contract and the islands. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatus = pgEnum('payment_status', [
  'created',
  'requires_action',
  'succeeded',
  'declined',
  'failed',
]);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => variations.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_line_uq').on(t.userId, t.productId, t.variationId).nullsNotDistinct(),
    check('cart_items_count_positive', sql`${t.count} >= 1`),
  ],
);

/**
 * One reminder mail per cart left behind (issue 32, ADR 044). A cart is a customer's cart lines;
 * its state is the newest line's updated_at. The unique (user, cart_changed_at) is the claim: the
 * job inserts the row before sending, so parallel runs remind each idle cart state once, and a
 * cart changed after a reminder is a new state that may be reminded once it is idle again.
 * `lines` keep what was reminded so the mailed link can put them back into an emptied cart.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true }).notNull(),
    lines: jsonb('lines').$type<{ productId: number; variationId: number | null; count: number }[]>().notNull(),
    valueCents: integer('value_cents').notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_reminders_state_uq').on(t.userId, t.cartChangedAt),
    index('cart_reminders_sent_idx').on(t.sentAt),
  ],
);

/**
 * discountValue is EUR cents for a fixed code and a whole percent (1..100) for a percent code.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    description: text('description').notNull().default(''),
    discountType: discountType('discount_type').notNull().default('fixed'),
    discountValue: integer('discount_value').notNull(),
    appliesToDelivery: boolean('applies_to_delivery').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** How many orders one customer may place with the code; null: no limit of its own. */
    perCustomerLimit: integer('per_customer_limit'),
    /** Only for a customer's first order (no earlier order that is paid or waiting for payment). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('promo_codes_code_uq').on(t.code),
    // Shoppers' codes are looked up in any case: two codes may not differ only in case (ADR 026).
    uniqueIndex('promo_codes_code_lower_uq').on(sql`lower(${t.code})`),
    check('promo_codes_value_positive', sql`${t.discountValue} > 0`),
    check('promo_codes_per_customer_positive', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`),
  ],
);

/**
 * An order snapshots everything it needs to be shown later: address, amounts (EUR cents and the
 * shopper's currency), promo and the rate used.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNr: varchar('order_nr', { length: 32 }).notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull().default('Pending'),
    /** 'purchase' (items from the cart) or 'top_up' (balance credit; no items). */
    kind: varchar('kind', { length: 16 }).notNull().default('purchase'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    name: varchar('name', { length: 96 }).notNull(),
    surname: varchar('surname', { length: 96 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    countryName: varchar('country_name', { length: 96 }).notNull(),
    city: varchar('city', { length: 96 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    postCode: varchar('post_code', { length: 16 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    currencyRate: numeric('currency_rate', { precision: 18, scale: 6 }).notNull(),
    cartTotalCents: integer('cart_total_cents').notNull(),
    deliveryCostCents: integer('delivery_cost_cents'),
    discountCents: integer('discount_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull(),
    /** The cart's one rate, or the highest of a mixed cart (ADR 030); per line in order_items. */
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull(),
    /** How VAT was charged (ADR 030): home rates, the destination's (OSS), none on an export, reverse charge. */
    vatScheme: varchar('vat_scheme', { length: 16 })
      .$type<'home' | 'oss' | 'export' | 'reverse_charge'>()
      .notNull()
      .default('home'),
    /** The buyer's EU VAT id as entered (normalised) for a company purchase; null for consumers. */
    buyerVatId: varchar('buyer_vat_id', { length: 32 }),
    /** The delivery's share of the VAT and its rate; null on orders placed before per-line VAT. */
    deliveryVatPercent: numeric('delivery_vat_percent', { precision: 5, scale: 2 }),
    deliveryVatCents: integer('delivery_vat_cents'),
    finalCents: integer('final_cents').notNull(),
    /** final amount in the order's currency, in its minor units */
    convertedFinalCents: integer('converted_final_cents').notNull(),
    /**
     * The other amounts as charged in the order's currency (minor units; ADR 034: fixed prices and
     * rounding rules make them differ from a conversion of the EUR amounts); null on older orders.
     */
    convertedCartTotalCents: integer('converted_cart_total_cents'),
    convertedDeliveryCents: integer('converted_delivery_cents'),
    convertedDiscountCents: integer('converted_discount_cents'),
    convertedVatCents: integer('converted_vat_cents'),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: varchar('promo_code', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    stockReleased: boolean('stock_released').notNull().default(false),
    /** A failed card order's lines went back into the customer's cart (once). */
    cartRestored: boolean('cart_restored').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set by staff when the parcel leaves (ADR 023). */
    carrier: varchar('carrier', { length: 64 }),
    trackingNumber: varchar('tracking_number', { length: 64 }),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** EUR cents refunded so far (card and balance together); never above final_cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * A paid order of an erased account (GDPR, issue 31) keeps its buyer's data until this date (tax
     * law: 10 years); then the retention job anonymises it (anonymised_at).
     */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_refunded_within_paid', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.finalCents}`),
    // The back office's list (ADR 023): newest first, keyset on (created_at, id), per status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_final_idx').on(t.finalCents, t.id),
    // Prefix search of order numbers (LIKE 'x%' needs pattern ops under a non-C collation).
    index('orders_order_nr_pattern_idx').on(t.orderNr.op('text_pattern_ops')),
    // Search by part of a name or address: orders-list.server.ts matches exactly this expression.
    index('orders_who_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.surname} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_user_promo_idx')
      .on(t.userId, t.promoCodeId)
      .where(sql`${t.promoCodeId} is not null`),
    // Sales by the day they were paid (dashboard and reports, ADR 040).
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.kind} = 'purchase' and ${t.paidAt} is not null`),
    // New or returning customer (dashboard, ADR 040): did this buyer pay before? The expression is
    // dashboard.server.ts's CUSTOMER, so each of the period's buyers is one index probe.
    index('orders_customer_paid_idx')
      .on(sql`coalesce(${t.userId}::text, lower(${t.email}))`, t.paidAt)
      .where(sql`${t.kind} = 'purchase' and ${t.paidAt} is not null`),
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'Pending'`),
    unique('orders_idempotency_uq').on(t.userId, t.idempotencyKey),
  ],
);

/** Stored as the order history shows it (lib/contract/purchasing.ts). */
export type VariationAttributeSnapshot = VariationAttributeJson;

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variationId: integer('variation_id').references(() => variations.id, { onDelete: 'set null' }),
    sku: varchar('sku', { length: 64 }).notNull(),
    name: varchar('name', { length: 191 }).notNull(),
    categoryName: varchar('category_name', { length: 128 }),
    imageUrl: text('image_url'),
    priceCents: integer('price_cents').notNull(),
    /** The unit price charged in the order's currency (its minor units; a fixed price or the rounded conversion, ADR 034); null before per-currency prices. */
    convertedPriceCents: integer('converted_price_cents'),
    quantity: integer('quantity').notNull(),
    variationAttributes: jsonb('variation_attributes').$type<VariationAttributeSnapshot[]>().notNull().default([]),
    /** The line's VAT rate and the VAT in its share of the final amount (EUR cents; ADR 030); null before per-line VAT. */
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2 }),
    vatCents: integer('vat_cents'),
    /**
     * Units of this line put back into stock (a refund or return with restock, a cancel or an
     * expiry): raised under the order's lock and never above quantity, so a unit comes back once.
     */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_restocked_within', sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    status: paymentStatus('status').notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    providerRef: varchar('provider_ref', { length: 128 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * The demo card gateway's own ledger (it stands in for an outside provider, so it keeps its own
 * state and tells the shop only through the signed webhook).
 */
export const demoGatewayCharges = pgTable('demo_gateway_charges', {
  /** The shop's payment id, which the shop passed when it opened the charge. */
  paymentId: uuid('payment_id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  description: varchar('description', { length: 191 }).notNull(),
  /** open → requires_action → succeeded | declined; expired when the shop gave up on it. */
  state: varchar('state', { length: 16 }).notNull().default('open'),
  cardLast4: varchar('card_last4', { length: 4 }),
  returnUrl: text('return_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  /** What the shop has taken back through the gateway's refund call (minor units of `currency`). */
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
