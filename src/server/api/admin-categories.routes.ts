/** /api/admin/categories (ADR 026): the staff category tree; the service holds the rules. */
import { createBody, moveBody, patchBody } from '@/lib/contract/admin/categories';
import { idParam } from '@/lib/contract/admin/fields';
import {
  CATEGORY_NOT_FOUND,
  adminCategoryTree,
  createCategory,
  deleteCategory,
  getAdminCategory,
  moveCategory,
  updateCategory,
} from '../services/admin/catalog/categories.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

export const adminCategoriesApp = createAdminRouter()
  .get('/', async (c) => ok(c, await adminCategoryTree(c.var.db)))
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createCategory(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.categoryCreated'),
    }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const category = await getAdminCategory(c.var.db, c.req.valid('param').id);
    if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
    return ok(c, category);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updateCategory(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.categorySaved'),
    }),
  )
  .post('/:id/move', validate('param', idParam), validate('json', moveBody), async (c) =>
    ok(c, await moveCategory(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json').direction), {
      message: c.var.at('admin.api.orderSaved'),
    }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteCategory(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.categoryDeleted') });
  });
