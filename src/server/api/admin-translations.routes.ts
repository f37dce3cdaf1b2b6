/** /api/admin/translations: UI texts per language, search by key, missing keys. */
import { listTranslations, saveTranslation } from '../services/admin/content/translations.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';
import { query, saveBody } from '@/lib/contract/admin/translations';

export const adminTranslationsApp = createAdminRouter()
  .get('/', validate('query', query), async (c) => {
    const { language_id, q, missing } = c.req.valid('query');
    return ok(c, await listTranslations(c.var.db, { language_id, q, missing: missing === '1' || missing === 'true' }));
  })
  .put('/', validate('json', saveBody), async (c) =>
    ok(c, await saveTranslation(c.var.db, c.var.user!, c.req.valid('json'))),
  );
