import { z } from 'zod';
import { MAX_QUANTITY, MAX_TYPED_QUANTITY, MIN_QUANTITY } from '../rules/quantity';
import { route } from './define';
import { amount, id, okOrWarningBody } from './envelope';
import { vatIdField, vatRatesSchema, vatSchemeSchema } from './vat';

/**
 * /api/cart/* (accounts spec §3 "Cart item", "Totals"; §4 "Cart add", "Quantity changes";
 * ADR 010): the signed-in customer's server cart. Every change answers the fresh cart.
 */

export const CART_MESSAGES = {
  id: 'The id must be a positive whole number.',
  count: `The quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
  isVariation: 'is_variation must be true or false.',
} as const;

/** Whole numbers, also as digit strings (form posts); anything else fails the schema. */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message),
  );

const idField = wholeNumber(CART_MESSAGES.id).pipe(
  z.number().min(1, CART_MESSAGES.id).max(2_147_483_647, CART_MESSAGES.id),
);
/** The count of one line, bounded by the rule the cart page clamps to (lib/rules/quantity.ts). */
export const countField = wholeNumber(CART_MESSAGES.count).pipe(
  z.number().min(MIN_QUANTITY, CART_MESSAGES.count).max(MAX_QUANTITY, CART_MESSAGES.count),
);
const isVariationField = z.preprocess(
  (v) =>
    v === undefined || v === null
      ? false
      : v === 1 || v === '1' || v === 'true'
        ? true
        : v === 0 || v === '0' || v === 'false'
          ? false
          : v,
  z.boolean({ error: CART_MESSAGES.isVariation }),
);

export const cartAddBody = z.object({
  id: idField,
  count: z.preprocess((v) => v ?? 1, countField),
  is_variation: isVariationField,
});
/** A typed quantity: above the line limit the update answers WARNING (the limit), not 422. */
const typedCountField = wholeNumber(CART_MESSAGES.count).pipe(
  z.number().min(MIN_QUANTITY, CART_MESSAGES.count).max(MAX_TYPED_QUANTITY, CART_MESSAGES.count),
);
export const cartUpdateBody = z.object({ id: idField, count: typedCountField, is_variation: isVariationField });
export const cartRemoveBody = z.object({ id: idField, is_variation: isVariationField });

const CART_ITEMS_MESSAGE = 'cart_items must be a list of {item: {sku}, count}.';
const cartItemsSchema = z
  .array(
    z.object(
      {
        item: z.object(
          { sku: z.string().max(64, 'A cart item sku may be at most 64 characters.') },
          { error: CART_ITEMS_MESSAGE },
        ),
        count: z
          .number({ error: CART_MESSAGES.count })
          .int(CART_MESSAGES.count)
          .min(0, CART_MESSAGES.count)
          .max(10_000, CART_MESSAGES.count),
      },
      { error: CART_ITEMS_MESSAGE },
    ),
    { error: CART_ITEMS_MESSAGE },
  )
  .max(500, 'cart_items may list at most 500 items.')
  .optional()
  .nullable();

const COUNTRY_MESSAGE = 'Please select a valid country.';

const optionalShort = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be text.` })
    .max(max, `The ${field} may be at most ${max} characters.`)
    .optional()
    .nullable();

/** POST /api/cart/calculate-totals: the address the totals depend on, and the cart the client shows. */
export const totalsBody = z.object({
  country: z.union(
    [
      z.string().max(96, COUNTRY_MESSAGE),
      z.number().int(COUNTRY_MESSAGE).positive(COUNTRY_MESSAGE).max(2_147_483_647, COUNTRY_MESSAGE),
    ],
    { error: COUNTRY_MESSAGE },
  ),
  postCode: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'Invalid postcode: a post code is required.' }).max(64, 'Invalid postcode: it is too long.'),
  ),
  promoCode: z
    .string({ error: 'The promo code must be text.' })
    .max(256, 'The promo code may be at most 256 characters.')
    .optional()
    .nullable(),
  cart_items: cartItemsSchema,
  vat_id: vatIdField,
  // Shipping fields the spec's payload carries; the totals do not depend on them (checkout checks them).
  name: optionalShort('name', 255),
  surname: optionalShort('surname', 255),
  email: optionalShort('email', 254),
  phone: optionalShort('phone', 250),
  address: optionalShort('address', 255),
  city: optionalShort('city', 255),
});

export const cartLineSchema = z.object({
  id: id.meta({ description: 'The cart line.' }),
  item_id: id.meta({ description: 'The product or variation id (see is_variation).' }),
  count: z.number().int(),
  is_variation: z.boolean(),
  base_product_id: id,
  available_stock: z.number().int(),
  item: z.object({
    sku: z.string(),
    name: z.string(),
    image_url: z.string(),
    price: amount.meta({ description: 'Unit price in the request currency.' }),
    categories: z.array(z.object({ name: z.string(), parent: z.object({ name: z.string() }).nullable() })),
    variation_attributes: z.array(z.object({ id, name: z.string(), attribute_group: z.object({ name: z.string() }) })),
  }),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Every cart call answers the whole cart: lines that can be bought, and those that cannot now. */
export const cartBody = okOrWarningBody(z.array(cartLineSchema), { unavailableItems: z.array(cartLineSchema) });
export type CartBody = z.infer<typeof cartBody>;

export const totalsBlockSchema = z.object({
  cart_total: amount,
  delivery_cost: amount.nullable(),
  discount_amount: amount,
  vat: amount,
  vat_rates: vatRatesSchema,
  final_amount: amount,
  currency: z.string(),
  currency_symbol: z.string(),
  cart: z.object({ items: z.number().int(), totalAmount: amount }),
});
export type TotalsBlock = z.infer<typeof totalsBlockSchema>;

/** The totals of spec §3 "Totals": in the base currency (original) and the request currency (converted). */
export const totalsSchema = z.object({
  original: totalsBlockSchema,
  converted: totalsBlockSchema,
  vat_rate: z.number().meta({
    description: "The cart's rate; the highest of a mixed cart (each in vat_rates); 0 for an export or reverse charge.",
  }),
  vat_scheme: vatSchemeSchema,
  is_delivery_unavailable: z.boolean(),
  warning_message: z.string().nullable(),
});
export type Totals = z.infer<typeof totalsSchema>;

export const totalsReplyBody = totalsSchema.extend({ status: z.literal('OK'), message: z.null() });

const tag = 'Cart';

export const cartRoutes = {
  contents: route({
    method: 'GET',
    path: '/api/cart/contents',
    tag,
    access: 'session',
    summary: 'The cart',
    response: cartBody,
  }),
  add: route({
    method: 'POST',
    path: '/api/cart/add',
    tag,
    access: 'verified',
    summary: 'Add a product or variation',
    description: 'WARNING (nothing changed) when the stock does not allow the count.',
    body: cartAddBody,
    response: cartBody,
    errors: [404, 422],
  }),
  update: route({
    method: 'POST',
    path: '/api/cart/update',
    tag,
    access: 'verified',
    summary: 'Set the count of a line',
    body: cartUpdateBody,
    response: cartBody,
    errors: [404, 422],
  }),
  remove: route({
    method: 'POST',
    path: '/api/cart/remove',
    tag,
    access: 'verified',
    summary: 'Remove a line',
    body: cartRemoveBody,
    response: cartBody,
    errors: [422],
  }),
  clear: route({
    method: 'POST',
    path: '/api/cart/clear',
    tag,
    access: 'verified',
    summary: 'Empty the cart',
    response: cartBody,
  }),
  totals: route({
    method: 'POST',
    path: '/api/cart/calculate-totals',
    tag,
    access: 'session',
    summary: 'Totals for a delivery address and promo code',
    body: totalsBody,
    response: totalsReplyBody,
    errors: [422],
    rateLimited: true,
  }),
} as const;
