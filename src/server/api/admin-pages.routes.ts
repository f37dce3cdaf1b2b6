/** /api/admin/static-pages: static pages with versions (ADR 013). */
import { z } from 'zod';
import {
  PAGE_NOT_FOUND,
  VERSION_NOT_FOUND,
  createPage,
  deletePage,
  getAdminPage,
  getPageVersion,
  listAdminPages,
  listPageVersions,
  restorePageVersion,
  updatePage,
} from '../services/admin/static-pages.server';
import { flag, htmlField, idParam, languageIdField, nonEmptyPatch, idText, positionField, slugField, titleField } from './admin-schemas';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const fields = {
  slug: slugField,
  is_terms: flag('is_terms'),
  is_privacy: flag('is_privacy'),
  is_cookie: flag('is_cookie'),
  published: flag('published'),
  position: positionField,
};

const createBody = z.strictObject(
  {
    ...fields,
    title: titleField(191),
    content: htmlField,
    is_terms: fields.is_terms.optional(),
    is_privacy: fields.is_privacy.optional(),
    is_cookie: fields.is_cookie.optional(),
    published: fields.published.optional(),
    position: fields.position.optional(),
  },
  { message: 'Unknown field.' },
);

const patchBody = nonEmptyPatch(
  z.strictObject(
    {
      slug: fields.slug.optional(),
      is_terms: fields.is_terms.optional(),
      is_privacy: fields.is_privacy.optional(),
      is_cookie: fields.is_cookie.optional(),
      published: fields.published.optional(),
      position: fields.position.optional(),
      language_id: languageIdField.optional(),
      title: titleField(191).optional(),
      content: htmlField.optional(),
    },
    { message: 'Unknown field.' },
  ),
);

const versionParams = idParam.extend({ version: idText('Invalid version.') });

export const adminPagesApp = createRouter()
  .get('/', async (c) => ok(c, await listAdminPages(c.var.db)))
  .post('/', validate('json', createBody), async (c) => ok(c, await createPage(c.var.db, c.var.user!, c.req.valid('json')), { status: 201 }))
  .get('/:id', validate('param', idParam), async (c) => {
    const page = await getAdminPage(c.var.db, c.req.valid('param').id);
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
    return ok(c, page);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updatePage(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deletePage(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: 'Page deleted.' });
  })
  .get('/:id/versions', validate('param', idParam), async (c) => {
    const versions = await listPageVersions(c.var.db, c.req.valid('param').id);
    if (!versions) throw new HttpError(404, PAGE_NOT_FOUND);
    return ok(c, versions);
  })
  .get('/:id/versions/:version', validate('param', versionParams), async (c) => {
    const { id, version } = c.req.valid('param');
    const found = await getPageVersion(c.var.db, id, version);
    if (!found) throw new HttpError(404, VERSION_NOT_FOUND);
    return ok(c, found);
  })
  .post('/:id/versions/:version/restore', validate('param', versionParams), async (c) => {
    const { id, version } = c.req.valid('param');
    return ok(c, await restorePageVersion(c.var.db, c.var.user!, id, version), { message: `Version ${version} restored.` });
  });
