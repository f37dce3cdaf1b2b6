/** Request schemas of /api/admin/faqs (ADR 013, 018). */
import { z } from 'zod';
import { flag, htmlField, languageIdField, nonEmptyPatch, positionField, titleField } from './fields';

export const createBody = z.strictObject(
  {
    title: titleField(255),
    content: htmlField,
    is_popular: flag('is_popular').optional(),
    published: flag('published').optional(),
    position: positionField.optional(),
  },
  { message: 'Unknown field.' },
);
export const patchBody = nonEmptyPatch(
  z.strictObject(
    {
      language_id: languageIdField.optional(),
      title: titleField(255).optional(),
      content: htmlField.optional(),
      is_popular: flag('is_popular').optional(),
      published: flag('published').optional(),
      position: positionField.optional(),
    },
    { message: 'Unknown field.' },
  ),
);
