/**
 * Returns (issue 31): the customer opens one from /account/orders/{nr} for lines of a shipped order
 * within the withdrawal period; staff mark it received (choosing per line whether it goes back
 * into stock) and refund it, or reject it with a reason. The staff actions live under the order's path, in the orders area.
 */
import { z } from 'zod';
import { RETURN_REASONS, RETURN_STATUSES } from '@/lib/rules/returns';
import { route } from './define';
import { id, okBody } from './envelope';
import { REFUND_DESTINATIONS, orderNrParam, staffOrderWithRefundsSchema } from './admin/orders';

const LINE_ID = 'order_item_id must be a line of this order.';
const QUANTITY = 'The quantity to return must be a whole number from 1.';
const lineId = z.number({ message: LINE_ID }).int(LINE_ID).positive(LINE_ID).max(2_147_483_647, LINE_ID);

// Not strict: the shop's client adds currency and lang_id to every write.
export const returnRequestBody = z.object({
  lines: z
    .array(
      z.strictObject(
        {
          order_item_id: lineId,
          quantity: z.number({ message: QUANTITY }).int(QUANTITY).min(1, QUANTITY).max(100_000, QUANTITY),
        },
        { message: 'Unknown field.' },
      ),
      {
        message: 'Choose the items to return.',
      },
    )
    .min(1, 'Choose at least one item to return.')
    .max(200, 'At most 200 lines can be returned at once.')
    .refine(
      (lines) => new Set(lines.map((l) => l.order_item_id)).size === lines.length,
      'Each line may be named once.',
    ),
  reason: z.enum(RETURN_REASONS, { message: 'Choose a reason for the return.' }),
  comment: z
    .string({ message: 'The comment must be text.' })
    .trim()
    .max(1000, 'The comment may have at most 1000 characters.')
    .optional(),
});
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

const RETURN_NR = 'Invalid return number.';
export const returnParams = orderNrParam.extend({
  returnNr: z.string({ message: RETURN_NR }).regex(/^R-[A-Z0-9-]{1,40}$/, RETURN_NR),
});

export const receiveReturnBody = z.strictObject(
  {
    /** Per line of the return: whether its units go back into stock; a line not named does not. */
    lines: z
      .array(
        z.strictObject(
          { order_item_id: lineId, restock: z.boolean({ message: 'restock must be true or false.' }) },
          { message: 'Unknown field.' },
        ),
        { message: 'The lines must be a list.' },
      )
      .max(200, 'At most 200 lines.')
      .default([]),
  },
  { message: 'Unknown field.' },
);

const DESTINATION = 'The refund goes to card, balance or external.';
export const refundReturnBody = z
  .strictObject(
    {
      destination: z.enum(REFUND_DESTINATIONS, { message: DESTINATION }),
      reference: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.string().trim().min(1).max(128, 'The reference may have at most 128 characters.').optional(),
      ),
      reason: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z
          .string()
          .trim()
          .min(3, 'The reason needs at least 3 characters.')
          .max(500, 'The reason may have at most 500 characters.')
          .optional(),
      ),
    },
    { message: 'Unknown field.' },
  )
  .superRefine((b, ctx) => {
    if (b.destination === 'external' && b.reference === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'An external refund needs the reference of the payment made outside the shop.',
        path: ['reference'],
      });
    if (b.destination !== 'external' && b.reference !== undefined)
      ctx.addIssue({ code: 'custom', message: 'A reference goes with an external refund only.', path: ['reference'] });
  });

/** Staff reject a return (ADR 037): the reason is mailed to the customer and shown on their order page. */
export const rejectReturnBody = z.strictObject(
  {
    reason: z
      .string({ message: 'Give the customer a reason for the rejection.' })
      .trim()
      .min(3, 'The reason needs at least 3 characters.')
      .max(500, 'The reason may have at most 500 characters.'),
  },
  { message: 'Unknown field.' },
);

export const returnSchema = z.object({
  id,
  return_nr: z.string(),
  order_nr: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  lines: z.array(
    z.object({ order_item_id: id, name: z.string(), quantity: z.number().int(), restock: z.boolean().nullable() }),
  ),
  created_at: z.string(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  /** Staff's reason, set once the return is rejected. */
  rejection_reason: z.string().nullable(),
});
export type ReturnJson = z.infer<typeof returnSchema>;

const staffAnswer = okBody(staffOrderWithRefundsSchema.extend({ return: returnSchema }));

export const returnRoutes = {
  open: route({
    method: 'POST',
    path: '/api/orders/:orderNr/returns',
    tag: 'Orders',
    access: 'verified',
    summary: 'Return lines of a shipped order within the withdrawal period (mails the return number and instructions)',
    params: orderNrParam,
    body: returnRequestBody,
    response: okBody(returnSchema),
    errors: [404, 409, 422],
  }),
  receive: route({
    access: 'back_office',
    method: 'POST',
    path: '/api/admin/orders/:orderNr/returns/:returnNr/receive',
    tag: 'Admin: orders',
    summary: 'Mark a return received; each line goes back into stock when restock is true (once)',
    params: returnParams,
    body: receiveReturnBody,
    response: staffAnswer,
    errors: [404, 409, 422],
  }),
  refund: route({
    access: 'back_office',
    method: 'POST',
    path: '/api/admin/orders/:orderNr/returns/:returnNr/refund',
    tag: 'Admin: orders',
    summary: "Refund a received return's lines to the card, the balance or outside the shop",
    params: returnParams,
    body: refundReturnBody,
    response: staffAnswer,
    errors: [404, 409, 422, 502],
  }),
  reject: route({
    access: 'back_office',
    method: 'POST',
    path: '/api/admin/orders/:orderNr/returns/:returnNr/reject',
    tag: 'Admin: orders',
    summary:
      'Reject a return with a reason (mailed to the customer); from requested, or received with nothing back in stock',
    params: returnParams,
    body: rejectReturnBody,
    response: staffAnswer,
    errors: [404, 409, 422],
  }),
} as const;
