/** /api/admin/featured-categories: the home page's featured tiles. */
import {
  FEATURED_NOT_FOUND,
  createFeatured,
  deleteFeatured,
  getAdminFeatured,
  listAdminFeatured,
  updateFeatured,
} from '../services/admin/content/featured.server';
import { idParam } from '@/lib/contract/admin/fields';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';
import { createBody, patchBody } from '@/lib/contract/admin/featured';

export const adminFeaturedApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listAdminFeatured(c.var.db)))
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createFeatured(c.var.db, c.var.user!, c.req.valid('json')), { status: 201 }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const found = await getAdminFeatured(c.var.db, c.req.valid('param').id);
    if (!found) throw new HttpError(404, FEATURED_NOT_FOUND);
    return ok(c, found);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updateFeatured(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteFeatured(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.featuredDeleted') });
  });
