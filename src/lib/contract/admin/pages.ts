/** Request schemas of /api/admin/pages (ADR 013, 018). */
import { z } from 'zod';
import { blockTextsSchema, blocksSchema } from '../blocks';
import { flag, htmlField, idParam, idText, languageIdField, nonEmptyPatch, positionField, slugField, titleField } from './fields';

export const fields = {
  slug: slugField,
  is_terms: flag('is_terms'),
  is_privacy: flag('is_privacy'),
  is_cookie: flag('is_cookie'),
  published: flag('published'),
  position: positionField,
};

export const createBody = z.strictObject(
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

export const patchBody = nonEmptyPatch(
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

export const versionParams = idParam.extend({ version: idText('Invalid version.') });

/** A page's layout and blocks (ADR 027); the default language's texts are inside the blocks. */
export const blocksBody = z
  .strictObject(
    {
      layout: z.enum(['html', 'blocks'], { message: 'layout must be html or blocks.' }).optional(),
      blocks: blocksSchema.optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => v.layout !== undefined || v.blocks !== undefined, { message: 'Nothing to change.' });

/** Another language's texts of the page's blocks. */
export const blockTextsBody = z.strictObject({ language_id: languageIdField, texts: blockTextsSchema }, { message: 'Unknown field.' });
