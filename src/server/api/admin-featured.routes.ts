/** /api/admin/featured-categories: the home page's featured tiles. */
import { z } from 'zod';
import {
  FEATURED_NOT_FOUND,
  createFeatured,
  deleteFeatured,
  getAdminFeatured,
  listAdminFeatured,
  updateFeatured,
} from '../services/admin/featured.server';
import { idParam, languageIdField, nonEmptyPatch, positionField, titleField } from './admin-schemas';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const LINK_MESSAGE = 'The link must be a path on this shop (starting with /) or an https:// address.';
/** A shop path or an https URL; never javascript:, data: or protocol-relative. */
const link = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(2_000, message)
    .refine((v) => (/^\/(?!\/)[^\s<>"]*$/.test(v) || /^https:\/\/[^\s<>"]+$/i.test(v)), message);

const IMAGE_MESSAGE = 'The image must be a path on this shop (starting with /) or an https:// address.';
/** An image address, or '' for none. */
const image = z.union([z.literal(''), link(IMAGE_MESSAGE)], { message: IMAGE_MESSAGE });

const texts = {
  title: titleField(191),
  short_title: z.string({ message: 'The short title must be text.' }).trim().max(96, 'The short title may have at most 96 characters.').nullable(),
  description: z.string({ message: 'The description must be text.' }).trim().max(1_000, 'The description may have at most 1000 characters.'),
};

const createBody = z.strictObject(
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
const patchBody = nonEmptyPatch(
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

export const adminFeaturedApp = createRouter()
  .get('/', async (c) => ok(c, await listAdminFeatured(c.var.db)))
  .post('/', validate('json', createBody), async (c) => ok(c, await createFeatured(c.var.db, c.var.user!, c.req.valid('json')), { status: 201 }))
  .get('/:id', validate('param', idParam), async (c) => {
    const found = await getAdminFeatured(c.var.db, c.req.valid('param').id);
    if (!found) throw new HttpError(404, FEATURED_NOT_FOUND);
    return ok(c, found);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updateFeatured(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteFeatured(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: 'Featured category deleted.' });
  });
