import { createReview, listReviews } from '../services/reviews.server';
import { requireVerified } from './auth-guards';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { jsonObject, parseFields, translatorFor } from './form';
import { validate } from './validate';
import { reviewProductParam as idParam, reviewPageQuery as pageQuery } from '@/lib/contract/accounts';
import { reviewBody } from '@/lib/contract/forms';

/**
 * Product reviews (storefront §2 ProductDetailsPage), mounted beside productsApp at /api/products:
 * - GET  /{id}/reviews?page= → payload [review], summary {count, average} (newest first, 20 a page)
 * - POST /{id}/reviews {rating 1-5, text ≤ 2000} (verified customers, CSRF) → 201 review + summary;
 *   404 unknown product, 403 not bought (no successful order with it), 409 already reviewed,
 *   422 bad rating or text.
 */
export const reviewsApp = createRouter();

reviewsApp.get('/:id/reviews', validate('param', idParam), validate('query', pageQuery), async (c) => {
  const { reviews, summary } = await listReviews(c.var.db, Number(c.req.valid('param').id), {
    page: c.req.valid('query').page ?? 1,
  });
  return ok(c, reviews, { extra: { summary } });
});

reviewsApp.post('/:id/reviews', requireVerified(), validate('param', idParam), async (c) => {
  const t = await translatorFor(c);
  const input = parseFields(reviewBody(t), await jsonObject(c));

  const user = c.var.user!;
  const result = await createReview(c.var.db, user, Number(c.req.valid('param').id), input);
  if (!result.ok) {
    if (result.reason === 'not_found') throw new HttpError(404, t('product.error.notFound'));
    if (result.reason === 'not_bought') throw new HttpError(403, t('product.reviews.onlyBuyers'));
    throw new HttpError(409, t('product.reviews.already'));
  }
  c.header('Cache-Control', 'no-store');
  return ok(c, result.review, {
    status: 201,
    message: t('product.reviews.thanks'),
    extra: { summary: result.summary },
  });
});
