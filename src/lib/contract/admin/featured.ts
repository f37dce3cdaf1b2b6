/** Request schemas of /api/admin/featured (ADR 013, 018). */
import { z } from 'zod';
import { languageIdField, nonEmptyPatch, positionField, titleField } from './fields';

export const LINK_MESSAGE = 'The link must be a path on this shop (starting with /) or an https:// address.';
/** A shop path or an https URL; never javascript:, data: or protocol-relative. */
export const link = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(2_000, message)
    .refine((v) => /^\/(?!\/)[^\s<>"]*$/.test(v) || /^https:\/\/[^\s<>"]+$/i.test(v), message);

export const IMAGE_MESSAGE = 'The image must be a path on this shop (starting with /) or an https:// address.';
/** An image address, or '' for none. */
export const image = z.union([z.literal(''), link(IMAGE_MESSAGE)], { message: IMAGE_MESSAGE });

export const texts = {
  title: titleField(191),
  short_title: z
    .string({ message: 'The short title must be text.' })
    .trim()
    .max(96, 'The short title may have at most 96 characters.')
    .nullable(),
  description: z
    .string({ message: 'The description must be text.' })
    .trim()
    .max(1_000, 'The description may have at most 1000 characters.'),
};

export const createBody = z.strictObject(
  {
    ...texts,
    short_title: texts.short_title.optional(),
    description: texts.description.optional(),
    image_url: image.optional(),
    url: link(LINK_MESSAGE),
    position: positionField.optional(),
  },
  { message: 'Unknown field.' },
);
export const patchBody = nonEmptyPatch(
  z.strictObject(
    {
      language_id: languageIdField.optional(),
      title: texts.title.optional(),
      short_title: texts.short_title.optional(),
      description: texts.description.optional(),
      image_url: image.optional(),
      url: link(LINK_MESSAGE).optional(),
      position: positionField.optional(),
    },
    { message: 'Unknown field.' },
  ),
);
