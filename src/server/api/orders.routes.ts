import { z } from 'zod';
import { HISTORY_PER_PAGE_DEFAULT, HISTORY_PER_PAGE_MAX } from '../services/orders/history';
import { listOrderHistory } from '../services/orders/history.server';
import { requireVerified } from './auth-guards';
import { createRouter } from './env';
import { ok } from './envelope';
import { translatorFor } from './form';
import { validate } from './validate';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const wholeNumber = (field: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z
      .string(`The ${field} must be a whole number.`)
      .trim()
      .regex(/^\d{1,9}$/, `The ${field} must be a whole number.`)
      .transform(Number)
      .pipe(z.number().min(min, `The ${field} must be at least ${min}.`).max(max, `The ${field} may not be greater than ${max}.`))
      .optional(),
  );

/** Page 0 and pages past the end are clamped like the catalogue's; non-numbers are 422. */
export const historyQuery = z.looseObject({
  page: wholeNumber('page', 0, 1_000_000),
  per_page: wholeNumber('per_page', 1, HISTORY_PER_PAGE_MAX),
});

/**
 * /api/orders/*. History needs a verified address (docs/decisions/009-accounts.md); amounts are
 * in each order's own currency (docs/decisions/011-orders-history-and-contact.md).
 */
export const ordersApp = createRouter().get('/history', requireVerified(), validate('query', historyQuery), async (c) => {
  c.header('Cache-Control', 'no-store');
  const q = c.req.valid('query');
  const t = await translatorFor(c);
  const result = await listOrderHistory(c.var.db, c.var.user!.id, {
    page: q.page ?? 1,
    perPage: q.per_page ?? HISTORY_PER_PAGE_DEFAULT,
    texts: { unnamedProduct: t('orders.unnamedProduct'), fallbackCategory: t('orders.fallbackCategory') },
  });
  return ok(c, result.orders, { extra: { pagination: result.pagination } });
});
