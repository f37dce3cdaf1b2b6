/** /api/admin/translations: UI texts per language, search by key, missing keys. */
import { z } from 'zod';
import { listTranslations, saveTranslation } from '../services/admin/translations.server';
import { languageIdField, idText } from './admin-schemas';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

const query = z.object({
  language_id: idText('language_id must be a language id.'),
  q: z.string({ message: 'The search must be text.' }).max(191, 'The search may have at most 191 characters.').optional(),
  missing: z.enum(['1', '0', 'true', 'false'], { message: 'missing must be 1 or 0.' }).optional(),
});

const saveBody = z.strictObject(
  {
    language_id: languageIdField,
    key: z.string({ message: 'The key is required.' }).min(1, 'The key is required.').max(191, 'Unknown message key.'),
    value: z
      .string({ message: 'The text is required.' })
      .trim()
      .min(1, 'The text is required.')
      .max(2_000, 'The text may have at most 2000 characters.'),
  },
  { message: 'Unknown field.' },
);

export const adminTranslationsApp = createRouter()
  .get('/', validate('query', query), async (c) => {
    const { language_id, q, missing } = c.req.valid('query');
    return ok(c, await listTranslations(c.var.db, { language_id, q, missing: missing === '1' || missing === 'true' }));
  })
  .put('/', validate('json', saveBody), async (c) => ok(c, await saveTranslation(c.var.db, c.var.user!, c.req.valid('json'))));
