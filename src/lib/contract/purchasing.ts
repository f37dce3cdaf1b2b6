import { ORDER_STATUSES } from '@/lib/rules/order-status';
import { z } from 'zod';
import { vatRatesSchema, vatSchemeSchema } from './vat';
import { totalsSchema } from './cart';
import { route } from './define';
import { amount, id, okBody, type Pagination, paginationSchema } from './envelope';
import { PAYMENT_METHODS } from '../rules/payment';
import { checkoutBody, documentTranslate, phoneFields } from './forms';
import { wholeNumber } from './query';

/**
 * Promo codes, checkout, payments, balance top-up and the order history (accounts spec §3, §4,
 * §7; ADR 011, 012).
 */

export const promoSchema = z.object({
  id,
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(['fixed', 'percent']),
  discount_amount: z.number().meta({ description: 'fixed: the amount in the request currency; percent: the percent.' }),
  applies_to_delivery: z.boolean(),
});
export type PromoJson = z.infer<typeof promoSchema>;

export const variationAttributeSnapshotSchema = z.object({
  id,
  name: z.string(),
  attribute_group: z.object({ name: z.string() }),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const orderItemSchema = z.object({
  id,
  product_id: z.number().int().nullable(),
  variation_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  price: amount.meta({ description: "Unit price in the order's currency." }),
  total: amount,
  image_url: z.string().nullable(),
  name: z.string(),
  category: z.object({ name: z.string() }),
  variation_attributes: z.array(variationAttributeSnapshotSchema),
  vat_percent: z
    .number()
    .nullable()
    .meta({ description: "The line's VAT rate; null on orders placed before per-line VAT." }),
  vat: amount.nullable().meta({ description: "The VAT in the line's share of the total." }),
});
export type OrderItemJson = z.infer<typeof orderItemSchema>;

export const deliveryAddressSchema = z.object({
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  post_code: z.string(),
});
export type DeliveryAddressJson = z.infer<typeof deliveryAddressSchema>;

/** One order of the history; amounts are in the order's own currency (ADR 011). */
export const orderSchema = z.object({
  id,
  order_nr: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  amount,
  currency: z.string(),
  currency_symbol: z.string(),
  sum: amount,
  image_url: z.string().nullable(),
  name: z.string(),
  items: z.array(orderItemSchema),
  order_price: amount,
  delivery: amount.nullable().meta({ description: 'null when delivery could not be priced at checkout (N/A).' }),
  promo_code: z.string().nullable(),
  promo_discount: amount,
  vat: amount,
  vat_percent: z.number(),
  vat_rates: vatRatesSchema,
  vat_scheme: vatSchemeSchema,
  buyer_vat_id: z.string().nullable(),
  total_amount: amount,
  delivery_address: deliveryAddressSchema,
  can_complete: z.boolean().meta({ description: 'A Pending phone order can be paid now.' }),
  can_pay_now: z
    .boolean()
    .meta({ description: 'A Pending card order: Pay now (POST /api/orders/{nr}/pay) and Cancel offered (issue 29).' }),
});
export type OrderJson = z.infer<typeof orderSchema>;
export type OrderStatus = OrderJson['status'];
/** A variation attribute as the order kept it when it was placed. */
export type VariationAttributeJson = OrderItemJson['variation_attributes'][number];
export type { PaymentMethod } from '../rules/payment';

export type HistoryPagination = Pagination;

export const phonePaymentConfigSchema = z.object({
  phone_number_global: z.string().meta({ description: 'US and global customers.' }),
  phone_number_uk_eu: z.string().meta({ description: 'UK and EU customers.' }),
  phone_number: z.string().meta({ description: 'The single number of spec §7 (the global line).' }),
});
export type PhonePaymentConfig = z.infer<typeof phonePaymentConfigSchema>;

const orderData = z.object({ order_nr: z.string(), amount, currency: z.string() });

/** A card order goes to the payment page; a phone order shows the number to call (spec §4). */
export const checkoutReplyBody = z.union([
  z.object({
    status: z.literal('OK'),
    payment_type: z.literal('card'),
    message: z.null(),
    redirect_url: z.string(),
    order_data: orderData,
  }),
  z.object({
    status: z.literal('OK'),
    payment_type: z.literal('phone'),
    message: z.null(),
    order_data: orderData.extend({ phone_number: z.string() }),
  }),
  z.object({ status: z.literal('PRICE_CHANGED'), message: z.string(), new_totals: totalsSchema }),
]);
export type CheckoutReply = z.infer<typeof checkoutReplyBody>;

/** Orders per page of the history: 5 unless asked (the Orders tab), at most 50. */
export const HISTORY_PER_PAGE_DEFAULT = 5;
export const HISTORY_PER_PAGE_MAX = 50;

/** Page 0 and pages past the end are clamped like the catalogue's; non-numbers are 422. */
export const historyQuery = z.looseObject({
  page: wholeNumber('page', 0, 1_000_000),
  per_page: wholeNumber('per_page', 1, HISTORY_PER_PAGE_MAX),
});

/** The demo gateway's notification (checked after its signature). */
export const paymentNotification = z.object({
  type: z.literal('charge.completed'),
  payment_id: z.uuid(),
  outcome: z.enum(['succeeded', 'declined']),
  amount_cents: z.number().int().nonnegative(),
  currency: z.string().length(3),
});

/**
 * The top-up form: an amount (a number, or its text) of whole cents; with the day's limits, inside
 * them. Every problem answers the one `message`, which names the limits.
 */
export function topUpBody(message: string, limits?: { minCents: number; maxCents: number }) {
  const withinLimits = (amount: number) => {
    const cents = Math.round(amount * 100);
    if (Math.abs(amount * 100 - cents) > 1e-6) return false;
    return !limits || (cents >= limits.minCents && cents <= limits.maxCents);
  };
  return z.object({
    amount: z
      .union([z.number(), z.string()], { error: message })
      .transform(Number)
      .pipe(z.number({ error: message }).refine(withinLimits, message))
      .meta({
        description:
          "In the request currency, whole cents, between the profile's min_top_up_amount and the day's maximum.",
      }),
  });
}

/** An invoice or credit note of an order (ADR 032): `{prefix}{year}-{n}`. */
export const DOCUMENT_NUMBER = /^[A-Za-z0-9._-]{1,48}$/;
export const documentParams = z.object({
  orderNr: z.string().regex(/^[A-Z0-9-]{1,32}$/, 'Invalid order number.'),
  number: z.string().regex(DOCUMENT_NUMBER, 'Invalid document number.'),
});

/** One of the customer's orders by its number (pay now, cancel). */
export const orderNrParams = documentParams.pick({ orderNr: true });

export const purchasingRoutes = {
  promoCheck: route({
    method: 'POST',
    path: '/api/promocodes/check',
    tag: 'Promo codes',
    access: 'public',
    summary: 'Whether a promo code can be used now',
    body: z.object({ code: z.string().max(256) }),
    response: okBody(promoSchema),
    errors: [422],
    rateLimited: true,
  }),
  checkout: route({
    method: 'POST',
    path: '/api/orders/checkout',
    tag: 'Orders',
    access: 'verified',
    summary: 'Place the order of the cart',
    description: 'Totals are recomputed; stock is reserved in one transaction. 409 when an item is out of stock.',
    body: checkoutBody(documentTranslate).extend(phoneFields),
    headers: {
      'Idempotency-Key': '8-128 letters, digits or . _ : -; a repeated checkout with the same key creates one order.',
    },
    response: checkoutReplyBody,
    errors: [409, 422],
    rateLimited: true,
  }),
  history: route({
    method: 'GET',
    path: '/api/orders/history',
    tag: 'Orders',
    access: 'verified',
    summary: "The customer's orders, newest first",
    query: historyQuery,
    response: okBody(z.array(orderSchema), { pagination: paginationSchema }),
    errors: [422],
  }),
  document: route({
    method: 'GET',
    path: '/api/orders/:orderNr/documents/:number',
    tag: 'Orders',
    access: 'verified',
    summary: "An invoice or credit note of one of the customer's orders, as its stored PDF",
    description:
      "The PDF issued when the order was paid (or refunded), unchanged since; 404 for another customer's order.",
    params: documentParams,
    produces: 'pdf',
    response: z.string(),
    errors: [404, 422],
  }),
  payNow: route({
    method: 'POST',
    path: '/api/orders/:orderNr/pay',
    tag: 'Orders',
    access: 'verified',
    summary: "A payment page for one of the customer's card orders still waiting for payment",
    description:
      'The same order, a payment session the shopper can use now (a parallel request gets the same one). 409 when the order is no longer a pending card order.',
    params: orderNrParams,
    response: okBody(z.object({ order_nr: z.string(), redirect_url: z.string() })),
    errors: [404, 409, 422, 502],
    rateLimited: true,
  }),
  cancelPending: route({
    method: 'POST',
    path: '/api/orders/:orderNr/cancel',
    tag: 'Orders',
    access: 'verified',
    summary: "Cancel one of the customer's card orders still waiting for payment",
    description:
      'Its units go back on the shelf and its lines back into the cart at once; 409 when the order is no longer a pending card order (a second cancel).',
    params: orderNrParams,
    response: okBody(z.object({ order_nr: z.string(), restored_lines: z.number().int() })),
    errors: [404, 409, 422],
    rateLimited: true,
  }),
  phonePayment: route({
    method: 'GET',
    path: '/api/processing/config/phone-payment',
    tag: 'Payments',
    access: 'public',
    summary: 'The phone numbers of phone payment',
    response: okBody(phonePaymentConfigSchema, { phone_number: z.string() }),
  }),
  paymentStatus: route({
    method: 'GET',
    path: '/api/payments/:id/status',
    tag: 'Payments',
    access: 'public',
    summary: 'The state of a payment (the processing page polls it); only its buyer may read it',
    params: z.object({ id: z.string() }),
    response: okBody(
      z.object({
        state: z.enum(['success', 'pending', 'failed']),
        order_nr: z.string(),
        order_status: orderStatusSchema,
      }),
    ),
    errors: [404],
  }),
  demoWebhook: route({
    method: 'POST',
    path: '/api/payments/demo/webhook',
    tag: 'Payments',
    access: 'signed',
    summary: "The demo gateway's signed notification",
    body: paymentNotification,
    headers: { 'X-Demo-Signature': 'HMAC of the raw body with the gateway secret.' },
    response: okBody(z.object({ result: z.string() })),
    errors: [400, 404, 422],
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    tag: 'Payments',
    access: 'signed',
    summary: "Stripe's signed webhook events (Checkout Session completed, expired, async payment outcome)",
    description:
      'Only with PAYMENT_PROVIDER=stripe (404 otherwise). Register <PUBLIC_URL>/api/payments/stripe/webhook in the Stripe dashboard (ADR 024). Each event id is processed once.',
    body: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({}).loose() }) }).loose(),
    headers: { 'Stripe-Signature': 't=<unix time>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>' },
    response: okBody(z.object({ result: z.enum(['processed', 'duplicate', 'ignored']) })),
    errors: [400, 404],
  }),
  topUp: route({
    method: 'POST',
    path: '/api/balance/top-up',
    tag: 'Account',
    access: 'verified',
    summary: 'Top up the balance by card',
    body: topUpBody('Enter an amount between the least and the most top-up of the day.'),
    response: z.object({
      status: z.literal('OK'),
      payment_type: z.literal('card'),
      message: z.null(),
      redirect_url: z.string(),
      order_data: orderData,
    }),
    errors: [422],
    rateLimited: true,
  }),
} as const;
