/** /api/admin/media: uploaded photos (ADR 026), for the product editor, the media library and the import. */
import { z } from 'zod';
import { MEDIA_LIMITS, UPLOAD_MESSAGES } from '@/lib/images/upload-limits';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idText } from './fields';

export const mediaAssetSchema = z.object({
  id,
  hash: z.string().describe('sha256 of the stored original (EXIF stripped), hex'),
  url: z.string().describe('What product_images.url stores: the largest JPEG variant, /media/{hash}/{width}.jpg'),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  original_name: z.string(),
  created_at: z.string(),
});
export type MediaAssetJson = z.infer<typeof mediaAssetSchema>;

export const uploadForm = z.object({
  file: z
    .file({ error: UPLOAD_MESSAGES.missing })
    .max(MEDIA_LIMITS.maxBytes, UPLOAD_MESSAGES.tooLarge)
    .describe('JPEG, PNG, WebP or AVIF (recognised from its bytes), at most 15 MB, 40 megapixels and 12000 px a side'),
});

export const listQuery = z.object({
  before: idText('before must be the `next` of the previous page.').optional(),
  limit: z
    .string({ message: 'limit must be a whole number from 1 to 100.' })
    .regex(/^(100|[1-9]\d?)$/, 'limit must be a whole number from 1 to 100.')
    .transform(Number)
    .optional(),
});

export const libraryQuery = z.strictObject(
  {
    q: z
      .string({ message: 'The search must be one text.' })
      .max(120, 'The search may have at most 120 characters.')
      .optional(),
    before: idText('before must be the `next` of the previous page.').optional(),
  },
  { message: 'Unknown parameter.' },
);
const ALT = 'An alternative text may have at most 300 characters.';
export const altBody = z.strictObject(
  {
    alt: z.record(z.string().regex(/^[a-z]{2,8}$/), z.string({ message: ALT }).max(300, ALT), {
      message: 'alt must map language codes to texts.',
    }),
  },
  { message: 'Unknown field.' },
);
export const libraryItemSchema = z.object({
  id,
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  original_name: z.string(),
  alt: z.record(z.string(), z.string()),
  usage: z.object({ products: z.number().int(), pages: z.number().int(), categories: z.number().int() }),
  created_at: z.string(),
});

const access = { access: 'back_office', tag: 'Admin: media' } as const;

export const adminMediaRoutes = {
  upload: route({
    ...access,
    method: 'POST',
    path: '/api/admin/media',
    summary: 'Upload a photo (multipart form, field `file`); the same photo twice is one asset',
    description: 'Answers 422 for a file that is not an acceptable image, with the reason in `errors.file`.',
    consumes: 'multipart',
    body: uploadForm,
    response: okBody(mediaAssetSchema),
    errors: [422],
  }),
  list: route({
    ...access,
    method: 'GET',
    path: '/api/admin/media',
    summary: 'Uploaded photos, newest first, in pages',
    query: listQuery,
    response: okBody(z.object({ assets: z.array(mediaAssetSchema), next: z.number().int().nullable() })),
    errors: [422],
  }),
  library: route({
    ...access,
    method: 'GET',
    path: '/api/admin/media/library',
    summary: 'The media library: photos by name, newest first, with their alternative texts and where they are used',
    query: libraryQuery,
    response: okBody(z.object({ items: z.array(libraryItemSchema), next: z.number().int().nullable() })),
    errors: [422],
  }),
  setAlt: route({
    ...access,
    method: 'PUT',
    path: '/api/admin/media/:id/alt',
    summary: "A photo's alternative texts per language (the default language's required)",
    params: z.object({ id: idText('Invalid id.') }),
    body: altBody,
    response: okBody(z.record(z.string(), z.string())),
    errors: [404, 422],
  }),
  delete: route({
    ...access,
    method: 'DELETE',
    path: '/api/admin/media/:id',
    summary: 'Delete a photo nothing uses',
    params: z.object({ id: idText('Invalid id.') }),
    response: okBody(z.null()),
    errors: [404, 409, 422],
  }),
} as const;
