import { findUsablePromo, PROMO_MESSAGES, toPromoJson } from '../services/pricing/promo.server';
import { createRouter } from './env';
import { ok } from './envelope';
import { jsonObject } from './form';
import { rateLimit } from './rate-limit';

/**
 * /api/promocodes/check {code}: whether a code can be used now (spec §7). Guests may ask too
 * (nothing personal is revealed); a per-address limit keeps codes from being guessed. For a
 * signed-in customer the code's own rules (uses per customer, first order only) are checked as
 * well; checkout checks them again under its lock.
 */
export const PROMO_CHECK_LIMIT = { name: 'promo-check', limit: 30, windowSeconds: 60 } as const;

export const promoApp = createRouter().post('/check', rateLimit(PROMO_CHECK_LIMIT), async (c) => {
  const body = await jsonObject(c);
  const promo = await findUsablePromo(c.var.db, body.code, { field: 'code', userId: c.var.user?.id ?? null });
  c.header('Cache-Control', 'no-store');
  return ok(c, toPromoJson(promo, c.var.currency), { message: PROMO_MESSAGES.applied });
});
