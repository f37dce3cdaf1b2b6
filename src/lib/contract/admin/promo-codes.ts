/**
 * Staff promo codes (ADR 026): request schemas, answers and routes of /api/admin/promo-codes.
 * A code takes either an amount (EUR cents) or a percentage off; dates are whole UTC days (valid
 * from the start of `valid_from` to the end of `valid_to`).
 */
import { z } from 'zod';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { flag, idParam } from './fields';

const CODE = 'The code may have 2 to 64 letters, digits, dashes or underscores.';
const codeField = z
  .string({ message: CODE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,64}$/, CODE);
const AMOUNT = 'The amount off must be a whole number of cents from 1 to 100000000.';
const amountField = z.number({ message: AMOUNT }).int(AMOUNT).min(1, AMOUNT).max(100_000_000, AMOUNT);
const PERCENT = 'The percentage off must be a whole number from 1 to 100.';
const percentField = z.number({ message: PERCENT }).int(PERCENT).min(1, PERCENT).max(100, PERCENT);
const DAY = 'Dates are written YYYY-MM-DD.';
const dayField = z
  .string({ message: DAY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY)
  // A real calendar day (2026-02-30 is not); the refinement also runs on text the pattern refused.
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, DAY)
  .nullable();
const limitField = (name: string) => {
  const message = `${name} must be a whole number from 1 to 10000000, or empty for no limit.`;
  return z.number({ message }).int(message).min(1, message).max(10_000_000, message).nullable();
};
const descriptionField = z
  .string({ message: 'The description must be text.' })
  .max(500, 'The description may have at most 500 characters.');

const fields = {
  description: descriptionField.optional(),
  amount_cents: amountField.optional(),
  percent: percentField.optional(),
  applies_to_delivery: flag('applies_to_delivery').optional(),
  valid_from: dayField.optional(),
  valid_to: dayField.optional(),
  usage_limit: limitField('The usage limit').optional(),
  per_customer_limit: limitField('The limit per customer').optional(),
  first_order_only: flag('first_order_only').optional(),
  active: flag('active').optional(),
};

const ONE_DISCOUNT = 'Give either an amount off or a percentage off, not both.';
function checkDiscount(
  value: { amount_cents?: number; percent?: number; valid_from?: string | null; valid_to?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.amount_cents !== undefined && value.percent !== undefined)
    ctx.addIssue({ code: 'custom', message: ONE_DISCOUNT, path: ['percent'] });
  if (value.valid_from && value.valid_to && value.valid_to < value.valid_from)
    ctx.addIssue({ code: 'custom', message: 'The last day comes before the first.', path: ['valid_to'] });
}

export const createBody = z
  .strictObject({ code: codeField, ...fields }, { message: 'Unknown field.' })
  .superRefine(checkDiscount)
  .refine((value) => value.amount_cents !== undefined || value.percent !== undefined, {
    message: 'Give an amount off or a percentage off.',
    path: ['amount_cents'],
  });
export type PromoCreate = z.infer<typeof createBody>;

export const patchBody = z
  .strictObject({ code: codeField.optional(), ...fields }, { message: 'Unknown field.' })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'Nothing to change.' })
  .superRefine(checkDiscount);
export type PromoPatch = z.infer<typeof patchBody>;

export const promoListQuery = z.strictObject(
  {
    q: z
      .string({ message: 'The search must be one text.' })
      .max(64, 'The search may have at most 64 characters.')
      .optional(),
  },
  { message: 'Unknown parameter.' },
);

export const adminPromoSchema = z.object({
  id,
  code: z.string(),
  description: z.string(),
  amount_cents: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  applies_to_delivery: z.boolean(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  per_customer_limit: z.number().int().nullable(),
  first_order_only: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminPromo = z.infer<typeof adminPromoSchema>;

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tag = 'Admin: promo codes';

export const adminPromoRoutes = {
  list: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/promo-codes',
    tag,
    summary: 'Promo codes, newest first (search by code)',
    query: promoListQuery,
    response: okBody(z.array(adminPromoSchema)),
  }),
  create: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/promo-codes',
    tag,
    summary: 'Create a promo code',
    body: createBody,
    response: okBody(adminPromoSchema),
    status: 201,
  }),
  get: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/promo-codes/:id',
    tag,
    summary: 'One promo code',
    params: idParam,
    response: okBody(adminPromoSchema),
  }),
  update: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/promo-codes/:id',
    tag,
    summary: 'Change a promo code',
    params: idParam,
    body: patchBody,
    response: okBody(adminPromoSchema),
  }),
  delete: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/promo-codes/:id',
    tag,
    summary: 'Delete an unused code (a used one is deactivated, its history kept)',
    params: idParam,
    response: okBody(adminPromoSchema.nullable()),
  }),
} as const;
