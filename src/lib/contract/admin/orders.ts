/**
 * The staff actions on orders and customers' balances (ADR 023): request schemas, the answers and
 * the route table. Every action answers the order (or the balance) as it is after the action; a
 * repeated action that finds its work already done answers 200 with the unchanged order and a
 * message saying so.
 */
import { z } from 'zod';
import { documentParams } from '../purchasing';
import { ORDER_STATUSES } from '@/lib/rules/order-status';
import { PAYMENT_METHODS } from '@/lib/rules/payment';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idText } from './fields';

/** `external`: paid back outside the shop (a bank transfer for a phone payment), with a reference. */
export const REFUND_DESTINATIONS = ['card', 'balance', 'external'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** The Idempotency-Key of a refund: a retried click answers the same refund. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,128}$/;

const ORDER_NR = 'Invalid order number.';
export const orderNrParam = z.object({
  orderNr: z.string({ message: ORDER_NR }).regex(/^[A-Z0-9-]{1,32}$/, ORDER_NR),
});
export const customerIdParam = z.object({ id: idText('Invalid customer id.') });

const text = (name: string, min: number, max: number) =>
  z
    .string({ message: `${name} is required.` })
    .trim()
    .min(min, min > 1 ? `${name} needs at least ${min} characters.` : `${name} is required.`)
    .max(max, `${name} may have at most ${max} characters.`);

/** An empty form field means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const TRACKING_URL = 'The tracking link must be an https:// address.';
export const shipBody = z.strictObject(
  {
    carrier: text('The carrier', 1, 64),
    tracking_number: text('The tracking number', 1, 64).regex(
      /^[\w ./-]+$/,
      'The tracking number may contain only letters, digits, spaces and . / - _',
    ),
    tracking_url: z.preprocess(
      blankToUndefined,
      z
        .string({ message: TRACKING_URL })
        .trim()
        .max(500, 'The tracking link may have at most 500 characters.')
        .refine((v) => {
          try {
            const url = new URL(v);
            return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
          } catch {
            return false;
          }
        }, TRACKING_URL)
        .optional(),
    ),
  },
  { message: 'Unknown field.' },
);

const DESTINATION = 'The refund goes to card, balance or external.';
const REFERENCE_NEEDED = 'An external refund needs the reference of the payment made outside the shop.';
const REFERENCE_ONLY_EXTERNAL = 'A reference goes with an external refund only.';
const reference = z.preprocess(blankToUndefined, text('The reference', 1, 128).optional());
/** An external refund names its reference; no other refund has one. */
const referenceRule = <T extends { reference?: string }>(
  body: T,
  destination: string | undefined,
  ctx: z.RefinementCtx,
) => {
  if (destination === 'external' && body.reference === undefined)
    ctx.addIssue({ code: 'custom', message: REFERENCE_NEEDED, path: ['reference'] });
  if (destination !== 'external' && body.reference !== undefined)
    ctx.addIssue({ code: 'custom', message: REFERENCE_ONLY_EXTERNAL, path: ['reference'] });
};

export const cancelBody = z
  .strictObject(
    {
      reason: text('The reason', 3, 500),
      refund_to: z.preprocess(blankToUndefined, z.enum(REFUND_DESTINATIONS, { message: DESTINATION }).optional()),
      reference,
    },
    { message: 'Unknown field.' },
  )
  .superRefine((b, ctx) => referenceRule(b, b.refund_to, ctx));

const LINE_ID = 'order_item_id must be a line of this order.';
const LINE_QUANTITY = 'The quantity to refund must be a whole number from 1.';
export const refundLine = z.strictObject(
  {
    order_item_id: z.number({ message: LINE_ID }).int(LINE_ID).positive(LINE_ID).max(2_147_483_647, LINE_ID),
    quantity: z.number({ message: LINE_QUANTITY }).int(LINE_QUANTITY).min(1, LINE_QUANTITY).max(100_000, LINE_QUANTITY),
    /** The refunded units go back into stock (once per unit). */
    restock: z.boolean({ message: 'restock must be true or false.' }).optional(),
  },
  { message: 'Unknown field.' },
);
const AMOUNT = 'The amount must be a whole number of cents from 1.';
export const refundBody = z
  .strictObject(
    {
      destination: z.enum(REFUND_DESTINATIONS, { message: DESTINATION }),
      lines: z.preprocess(
        blankToUndefined,
        z
          .array(refundLine, { message: 'The lines must be a list of order lines and quantities.' })
          .min(1, 'Choose at least one line to refund.')
          .max(200, 'At most 200 lines can be refunded at once.')
          .refine(
            (lines) => new Set(lines.map((l) => l.order_item_id)).size === lines.length,
            'Each line may be named once.',
          )
          .optional(),
      ),
      amount_cents: z.preprocess(
        blankToUndefined,
        z
          .number({ message: AMOUNT })
          .int(AMOUNT)
          .min(1, AMOUNT)
          .max(100_000_000, 'The amount may be at most 100000000 cents.')
          .optional(),
      ),
      reason: text('The reason', 3, 500),
      reference,
      /** Every refunded line's units go back into stock; without lines, every unit not yet back. */
      restock: z.boolean({ message: 'restock must be true or false.' }).optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((b) => b.lines === undefined || b.amount_cents === undefined, {
    message: 'Refund either lines or an amount, not both.',
    path: ['amount_cents'],
  })
  .refine((b) => !(b.restock && b.amount_cents !== undefined), {
    message: 'Restocking goes with lines (or a full refund), not with an amount.',
    path: ['restock'],
  })
  .superRefine((b, ctx) => referenceRule(b, b.destination, ctx));

export const noteBody = z.strictObject({ text: text('The note', 1, 2000) }, { message: 'Unknown field.' });

const DELTA = 'The change must be a whole number of cents, not 0.';
export const balanceBody = z.strictObject(
  {
    delta_cents: z
      .number({ message: DELTA })
      .int(DELTA)
      .refine((v) => v !== 0, DELTA)
      .refine((v) => Math.abs(v) <= 100_000_000, 'The change may be at most 100000000 cents either way.'),
    reason: text('The reason', 3, 500),
  },
  { message: 'Unknown field.' },
);

export type ShipBody = z.infer<typeof shipBody>;
export type CancelBody = z.infer<typeof cancelBody>;
export type RefundBody = z.infer<typeof refundBody>;
export type RefundLineInput = z.infer<typeof refundLine>;

const timestamp = z.string().nullable().meta({ description: 'ISO 8601, null when it has not happened.' });

/** An order as staff see it after an action (amounts in EUR cents; converted_* in the order's currency). */
export const staffOrderSchema = z.object({
  id,
  order_nr: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  customer_id: id.nullable(),
  email: z.string(),
  currency: z.string(),
  final_cents: z.number().int(),
  converted_final_cents: z.number().int(),
  refunded_cents: z.number().int(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  paid_at: timestamp,
  shipped_at: timestamp,
  cancelled_at: timestamp,
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const refundSchema = z.object({
  id,
  destination: z.enum(REFUND_DESTINATIONS),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount_cents: z.number().int(),
  converted_cents: z.number().int(),
  currency: z.string(),
  lines: z.array(z.object({ order_item_id: id, quantity: z.number().int(), restock: z.boolean().optional() })),
  reference: z.string().nullable().meta({ description: "An external refund's reference; null for the others." }),
  return_nr: z.string().nullable().meta({ description: 'The return this refund settles; null when none.' }),
  reason: z.string(),
  created_at: z.string(),
});
export type RefundJson = z.infer<typeof refundSchema>;

export const staffOrderWithRefundsSchema = staffOrderSchema.extend({ refunds: z.array(refundSchema) });
export type StaffOrderWithRefunds = z.infer<typeof staffOrderWithRefundsSchema>;

export const customerBalanceSchema = z.object({
  customer_id: id,
  balance_cents: z.number().int(),
  entry: z.object({
    id,
    kind: z.string(),
    delta_cents: z.number().int(),
    balance_after_cents: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
  }),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tag = 'Admin: orders';
const orderAnswer = okBody(staffOrderWithRefundsSchema);

export const adminOrderRoutes = {
  markPaid: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/orders/:orderNr/mark-paid',
    tag,
    summary: 'Mark a pending phone order paid (settles as a gateway success would)',
    params: orderNrParam,
    response: orderAnswer,
  }),
  ship: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/orders/:orderNr/ship',
    tag,
    summary: 'Ship a paid order with its tracking number (mails the customer)',
    params: orderNrParam,
    body: shipBody,
    response: orderAnswer,
  }),
  cancel: route({
    ...backOffice,
    errors: [404, 409, 422, 502],
    method: 'POST',
    path: '/api/admin/orders/:orderNr/cancel',
    tag,
    summary: 'Cancel an unshipped order: stock and promo use back, a paid order refunded',
    params: orderNrParam,
    body: cancelBody,
    response: orderAnswer,
  }),
  refund: route({
    ...backOffice,
    errors: [404, 409, 422, 502],
    method: 'POST',
    path: '/api/admin/orders/:orderNr/refund',
    tag,
    summary:
      'Refund all, some lines or an amount, to the card, the shop balance or outside the shop (external, with a reference); lines can go back into stock',
    params: orderNrParam,
    body: refundBody,
    headers: {
      'Idempotency-Key':
        '8-128 letters, digits or . _ : -; a retried refund with the same key answers the same refund.',
    },
    response: okBody(staffOrderWithRefundsSchema.extend({ refund: refundSchema })),
  }),
  document: route({
    ...backOffice,
    errors: [404, 422],
    method: 'GET',
    path: '/api/admin/orders/:orderNr/documents/:number',
    tag,
    summary: 'An invoice or credit note of the order, as its stored PDF',
    params: documentParams,
    produces: 'pdf',
    response: z.string(),
  }),
  note: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/orders/:orderNr/notes',
    tag,
    summary: "Add an internal note to the order's timeline",
    params: orderNrParam,
    body: noteBody,
    response: orderAnswer,
  }),
  balance: route({
    ...backOffice,
    errors: [404, 422],
    method: 'POST',
    path: '/api/admin/customers/:id/balance',
    tag: 'Admin: customers',
    summary: "Adjust a customer's shop balance with a reason (audited)",
    params: customerIdParam,
    body: balanceBody,
    response: okBody(customerBalanceSchema),
  }),
} as const;
