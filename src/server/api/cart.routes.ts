import type { Context } from 'hono';
import {
  cartAddBody as addSchema,
  cartRemoveBody as removeSchema,
  cartUpdateBody as updateSchema,
  totalsBody as totalsSchema,
} from '@/lib/contract/cart';
import {
  addToCart,
  type CartChange,
  clearCart,
  getCartContents,
  removeFromCart,
  setCartCount,
} from '../services/cart/cart.server';
import { computeTotals } from '../services/pricing/totals.server';
import { requireAuth, requireVerified } from './auth-guards';
import { countryNotServedIn } from './country-not-served';
import { type ApiEnv, createRouter } from './env';
import { jsonObject, parseFields, translatorFor } from './form';
import { rateLimit } from './rate-limit';

/**
 * /api/cart/*: the signed-in customer's server cart (spec §3 Cart item, §4 Cart add / Quantity,
 * §7) and its totals. Reading needs a sign-in; changes need a verified address (ADR 009). Every
 * change answers the fresh cart (`payload` + `unavailableItems`), so the client needs no second
 * call. Decisions the spec leaves open: docs/decisions/010-cart-and-totals.md.
 */

export const TOTALS_LIMIT = { name: 'cart-totals', limit: 60, windowSeconds: 60 } as const;

async function cartReply(c: Context<ApiEnv>, change: CartChange = { status: 'OK', message: null }) {
  c.header('Cache-Control', 'no-store');
  const contents = await getCartContents(c.var.db, c.var.user!.id, {
    languageId: c.var.language.id,
    currency: c.var.currency,
  });
  return c.json(
    {
      status: change.status,
      payload: contents.payload,
      unavailableItems: contents.unavailableItems,
      message: change.message,
    },
    200,
  );
}

export const cartApp = createRouter()
  .get('/contents', requireAuth(), (c) => cartReply(c))

  .post('/add', requireVerified(), async (c) => {
    const input = parseFields(addSchema, await jsonObject(c));
    const change = await addToCart(
      c.var.db,
      c.var.user!.id,
      { id: input.id, count: input.count, isVariation: input.is_variation },
      c.var.language.id,
    );
    return cartReply(c, change);
  })

  .post('/update', requireVerified(), async (c) => {
    const input = parseFields(updateSchema, await jsonObject(c));
    const change = await setCartCount(
      c.var.db,
      c.var.user!.id,
      { id: input.id, count: input.count, isVariation: input.is_variation },
      c.var.language.id,
    );
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
      const t = await translatorFor(c);
      const totals = await computeTotals(c.var.db, {
        userId: c.var.user!.id,
        countryRef: input.country,
        postCode: input.postCode,
        promoCode: input.promoCode ?? null,
        currency: c.var.currency,
        languageId: c.var.language.id,
        clientItems: input.cart_items?.map((l) => ({ sku: l.item.sku, count: l.count })),
        vatId: input.vat_id ?? null,
      }).catch(countryNotServedIn(t));
      c.header('Cache-Control', 'no-store');
      return c.json({
        status: 'OK',
        original: totals.original,
        converted: totals.converted,
        vat_rate: totals.vat_rate,
        vat_scheme: totals.vat_scheme,
        is_delivery_unavailable: totals.is_delivery_unavailable,
        warning_message: totals.warning_message,
        message: null,
      });
    },
  );
