/** /api/admin/promo-codes (ADR 026): staff promo codes; the service holds the rules. */
import { createBody, patchBody, promoListQuery } from '@/lib/contract/admin/promo-codes';
import { idParam } from '@/lib/contract/admin/fields';
import {
  PROMO_NOT_FOUND,
  createPromoCode,
  deletePromoCode,
  getPromoCode,
  listPromoCodes,
  updatePromoCode,
} from '../services/admin/catalog/promo-codes.server';
import { spokenText } from '../services/localized';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

export const adminPromoCodesApp = createAdminRouter()
  .get('/', validate('query', promoListQuery), async (c) =>
    ok(c, await listPromoCodes(c.var.db, c.req.valid('query').q ?? '')),
  )
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createPromoCode(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.promoCreated'),
    }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const promo = await getPromoCode(c.var.db, c.req.valid('param').id);
    if (!promo) throw new HttpError(404, PROMO_NOT_FOUND);
    return ok(c, promo);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updatePromoCode(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.promoSaved'),
    }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    const done = await deletePromoCode(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, done.kept, { message: spokenText(c.var.at, done.message) });
  });
