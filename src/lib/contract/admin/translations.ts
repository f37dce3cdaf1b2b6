/** Request schemas of /api/admin/translations (ADR 013, 018). */
import { z } from 'zod';
import { idText, languageIdField } from './fields';

export const query = z.object({
  language_id: idText('language_id must be a language id.'),
  q: z
    .string({ message: 'The search must be text.' })
    .max(191, 'The search may have at most 191 characters.')
    .optional(),
  missing: z.enum(['1', '0', 'true', 'false'], { message: 'missing must be 1 or 0.' }).optional(),
});

export const saveBody = z.strictObject(
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
