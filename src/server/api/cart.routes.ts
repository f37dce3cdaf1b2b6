import type { Context } from 'hono';
import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../lib/rules/quantity';
import { addToCart, type CartChange, clearCart, getCartContents, removeFromCart, setCartCount } from '../services/cart/cart.server';
import { computeTotals } from '../services/pricing/totals.server';
import { requireAuth, requireVerified } from './auth-guards';
import { type ApiEnv, createRouter } from './env';
import { jsonObject, parseFields } from './form';
import { rateLimit } from './rate-limit';

/**
 * /api/cart/*: the signed-in customer's server cart (spec §3 Cart item, §4 Cart add / Quantity,
 * §7) and its totals. Reading needs a sign-in; changes need a verified address (ADR 009). Every
 * change answers the fresh cart (`payload` + `unavailableItems`), so the client needs no second
 * call. Decisions the spec leaves open: docs/decisions/010-cart-and-totals.md.
 */

export const CART_MESSAGES = {
  id: 'The id must be a positive whole number.',
  count: `The quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
  isVariation: 'is_variation must be true or false.',
} as const;

export const TOTALS_LIMIT = { name: 'cart-totals', limit: 60, windowSeconds: 60 } as const;

/** Whole numbers, also as digit strings (form posts); anything else fails the schema. */
const wholeNumber = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message));

const idField = wholeNumber(CART_MESSAGES.id).pipe(z.number().min(1, CART_MESSAGES.id).max(2_147_483_647, CART_MESSAGES.id));
/** The count of one line, bounded by the rule the cart page clamps to (lib/rules/quantity.ts). */
export const countField = wholeNumber(CART_MESSAGES.count).pipe(z.number().min(MIN_QUANTITY, CART_MESSAGES.count).max(MAX_QUANTITY, CART_MESSAGES.count));
const isVariationField = z.preprocess(
  (v) => (v === undefined || v === null ? false : v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: CART_MESSAGES.isVariation }),
);

const addSchema = z.object({ id: idField, count: z.preprocess((v) => v ?? 1, countField), is_variation: isVariationField });
const updateSchema = z.object({ id: idField, count: countField, is_variation: isVariationField });
const removeSchema = z.object({ id: idField, is_variation: isVariationField });

const CART_ITEMS_MESSAGE = 'cart_items must be a list of {item: {sku}, count}.';
const cartItemsSchema = z
  .array(
    z.object(
      {
        item: z.object({ sku: z.string().max(64, 'A cart item sku may be at most 64 characters.') }, { error: CART_ITEMS_MESSAGE }),
        count: z.number({ error: CART_MESSAGES.count }).int(CART_MESSAGES.count).min(0, CART_MESSAGES.count).max(10_000, CART_MESSAGES.count),
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
  z.string({ error: `The ${field} must be text.` }).max(max, `The ${field} may be at most ${max} characters.`).optional().nullable();

const totalsSchema = z.object({
  country: z.union(
    [z.string().max(96, COUNTRY_MESSAGE), z.number().int(COUNTRY_MESSAGE).positive(COUNTRY_MESSAGE).max(2_147_483_647, COUNTRY_MESSAGE)],
    { error: COUNTRY_MESSAGE },
  ),
  postCode: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Invalid postcode: a post code is required.' }).max(64, 'Invalid postcode: it is too long.')),
  promoCode: z.string({ error: 'The promo code must be text.' }).max(256, 'The promo code may be at most 256 characters.').optional().nullable(),
  cart_items: cartItemsSchema,
  // Shipping fields the spec's payload carries; the totals do not depend on them (checkout checks them).
  name: optionalShort('name', 255),
  surname: optionalShort('surname', 255),
  email: optionalShort('email', 254),
  phone: optionalShort('phone', 250),
  address: optionalShort('address', 255),
  city: optionalShort('city', 255),
});

async function cartReply(c: Context<ApiEnv>, change: CartChange = { status: 'OK', message: null }) {
  c.header('Cache-Control', 'no-store');
  const contents = await getCartContents(c.var.db, c.var.user!.id, { languageId: c.var.language.id, rate: c.var.currency.value });
  return c.json({ status: change.status, payload: contents.payload, unavailableItems: contents.unavailableItems, message: change.message }, 200);
}

export const cartApp = createRouter()
  .get('/contents', requireAuth(), (c) => cartReply(c))

  .post('/add', requireVerified(), async (c) => {
    const input = parseFields(addSchema, await jsonObject(c));
    const change = await addToCart(c.var.db, c.var.user!.id, { id: input.id, count: input.count, isVariation: input.is_variation }, c.var.language.id);
    return cartReply(c, change);
  })

  .post('/update', requireVerified(), async (c) => {
    const input = parseFields(updateSchema, await jsonObject(c));
    const change = await setCartCount(c.var.db, c.var.user!.id, { id: input.id, count: input.count, isVariation: input.is_variation }, c.var.language.id);
    return cartReply(c, change);
  })

  .post('/remove', requireVerified(), async (c) => {
    const input = parseFields(removeSchema, await jsonObject(c));
    await removeFromCart(c.var.db, c.var.user!.id, { id: input.id, isVariation: input.is_variation });
    return cartReply(c);
  })

  .post('/clear', requireVerified(), async (c) => {
    await clearCart(c.var.db, c.var.user!.id);
    return cartReply(c);
  })

  .post(
    '/calculate-totals',
    requireAuth(),
    rateLimit({ ...TOTALS_LIMIT, key: (c) => (c.var.user ? `user:${c.var.user.id}` : null) }),
    async (c) => {
      const input = parseFields(totalsSchema, await jsonObject(c));
      const totals = await computeTotals(c.var.db, {
        userId: c.var.user!.id,
        countryRef: input.country,
        postCode: input.postCode,
        promoCode: input.promoCode ?? null,
        currency: c.var.currency,
        languageId: c.var.language.id,
        clientItems: input.cart_items?.map((l) => ({ sku: l.item.sku, count: l.count })),
      });
      c.header('Cache-Control', 'no-store');
      return c.json({
        status: 'OK',
        original: totals.original,
        converted: totals.converted,
        vat_rate: totals.vat_rate,
        is_delivery_unavailable: totals.is_delivery_unavailable,
        warning_message: totals.warning_message,
        message: null,
      });
    },
  );
