/** /api/admin/faqs */
import {
  FAQ_NOT_FOUND,
  createFaq,
  deleteFaq,
  getAdminFaq,
  listAdminFaqs,
  updateFaq,
} from '../services/admin/content/faqs.server';
import { idParam } from '@/lib/contract/admin/fields';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';
import { createBody, patchBody } from '@/lib/contract/admin/faqs';

export const adminFaqsApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listAdminFaqs(c.var.db)))
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createFaq(c.var.db, c.var.user!, c.req.valid('json')), { status: 201 }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const faq = await getAdminFaq(c.var.db, c.req.valid('param').id);
    if (!faq) throw new HttpError(404, FAQ_NOT_FOUND);
    return ok(c, faq);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updateFaq(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteFaq(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.faqDeleted') });
  });
