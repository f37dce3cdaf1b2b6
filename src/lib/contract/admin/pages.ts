/** Request schemas of /api/admin/pages (ADR 013, 018). */
import { z } from 'zod';
import { blockTextsSchema, blocksSchema } from '../blocks';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '../block-types';
import {
  flag,
  htmlField,
  idParam,
  idText,
  languageIdField,
  nonEmptyPatch,
  positionField,
  slugField,
  titleField,
} from './fields';

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
export const blockTextsBody = z.strictObject(
  { language_id: languageIdField, texts: blockTextsSchema },
  { message: 'Unknown field.' },
);

/** A draft's part (ADR 027): the layout and blocks, or one other language's texts. Visitors do not see it. */
export const draftBody = z
  .strictObject(
    {
      layout: z.enum(['html', 'blocks'], { message: 'layout must be html or blocks.' }).optional(),
      blocks: blocksSchema.optional(),
      language_id: languageIdField.optional(),
      texts: blockTextsSchema.optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => (v.language_id === undefined) === (v.texts === undefined), {
    message: "Another language's texts need both language_id and texts.",
  })
  .refine((v) => v.layout !== undefined || v.blocks !== undefined || v.texts !== undefined, {
    message: 'Nothing to change.',
  })
  .refine((v) => v.texts === undefined || (v.layout === undefined && v.blocks === undefined), {
    message: "Save the blocks and another language's texts separately.",
  });

export const draftSchema = z.object({
  layout: z.enum(['html', 'blocks']),
  blocks: z.array(z.unknown()),
  block_texts: z.record(z.string(), z.unknown()).describe("Other languages' block texts by language code"),
  saved_at: z.string(),
});

const WHEN = 'A time is an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.';
const when = z.iso.datetime({ offset: true, message: WHEN }).nullable();
/** When the page goes up and comes down (null cancels what was planned). */
export const scheduleBody = z
  .strictObject({ publish_at: when.optional(), unpublish_at: when.optional() }, { message: 'Unknown field.' })
  .refine((v) => v.publish_at !== undefined || v.unpublish_at !== undefined, { message: 'Nothing to change.' });

const HOURS = 'A preview link lasts 1 to 168 hours.';
export const previewLinkBody = z.strictObject(
  { hours: z.number({ message: HOURS }).int(HOURS).min(1, HOURS).max(168, HOURS).optional() },
  { message: 'Unknown field.' },
);

/** Search and sharing of a page (ADR 027): texts per language, the shared photo and noindex. */
export { META_DESCRIPTION_MAX, META_TITLE_MAX };
export const seoBody = z
  .strictObject(
    {
      language_id: languageIdField.optional(),
      meta_title: z
        .string({ message: 'The meta title must be text.' })
        .trim()
        .max(
          META_TITLE_MAX,
          `The meta title may have at most ${META_TITLE_MAX} characters (search results show about 60).`,
        )
        .optional(),
      meta_description: z
        .string({ message: 'The meta description must be text.' })
        .trim()
        .max(
          META_DESCRIPTION_MAX,
          `The meta description may have at most ${META_DESCRIPTION_MAX} characters (search results show about 155).`,
        )
        .optional(),
      og_asset_id: z
        .number({ message: 'og_asset_id must be an uploaded photo.' })
        .int('og_asset_id must be an uploaded photo.')
        .positive('og_asset_id must be an uploaded photo.')
        .nullable()
        .optional(),
      noindex: flag('noindex').optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => Object.entries(v).some(([key, value]) => key !== 'language_id' && value !== undefined), {
    message: 'Nothing to change.',
  });
