/** /api/admin/attributes: names of attribute groups and options per language (ADR 041; permission `catalog`, roles.ts). */
import { attributeTextsBody } from '@/lib/contract/admin/name-texts';
import { idParam } from '@/lib/contract/admin/fields';
import { readNameTexts, saveNameTexts } from '../services/admin/catalog/name-texts.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';

export const adminAttributesApp = createAdminRouter()
  .get('/groups/:id/texts', validate('param', idParam), async (c) =>
    ok(c, await readNameTexts(c.var.db, 'group', c.req.valid('param').id)),
  )
  .put('/groups/:id/texts', validate('param', idParam), validate('json', attributeTextsBody), async (c) =>
    ok(c, await saveNameTexts(c.var.db, c.var.user!, 'group', c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.namesSaved'),
    }),
  )
  .get('/options/:id/texts', validate('param', idParam), async (c) =>
    ok(c, await readNameTexts(c.var.db, 'option', c.req.valid('param').id)),
  )
  .put('/options/:id/texts', validate('param', idParam), validate('json', attributeTextsBody), async (c) =>
    ok(c, await saveNameTexts(c.var.db, c.var.user!, 'option', c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.namesSaved'),
    }),
  );
