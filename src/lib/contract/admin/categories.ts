/** The staff category tree (ADR 026): request schemas, answers and routes of /api/admin/categories. */
import { z } from 'zod';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idParam, languageIdField, slugField } from './fields';

const nameField = z
  .string({ message: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(128, 'The name may have at most 128 characters.');
const IMAGE = 'The image must be a path on this shop (starting with /) or an https:// address.';
const imageField = z
  .string({ message: IMAGE })
  .max(2000, IMAGE)
  .regex(/^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/, IMAGE)
  .nullable();
const PARENT = 'parent_id must be the id of a category (none for a top-level category).';
const parentField = z.number({ message: PARENT }).int(PARENT).positive(PARENT).nullable();

export const createBody = z.strictObject(
  { name: nameField, slug: slugField, parent_id: parentField.optional(), image_url: imageField.optional() },
  { message: 'Unknown field.' },
);
export type CategoryCreate = z.infer<typeof createBody>;

export const patchBody = z
  .strictObject(
    {
      language_id: languageIdField.optional(),
      name: nameField.optional(),
      slug: slugField.optional(),
      parent_id: parentField.optional(),
      image_url: imageField.optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((value) => Object.entries(value).some(([key, v]) => key !== 'language_id' && v !== undefined), {
    message: 'Nothing to change.',
  });
export type CategoryPatch = z.infer<typeof patchBody>;

export const moveBody = z.strictObject(
  { direction: z.enum(['up', 'down'], { message: 'direction must be up or down.' }) },
  { message: 'Unknown field.' },
);

const nodeSchema: z.ZodType = z.lazy(() =>
  z.object({
    id,
    parent_id: id.nullable(),
    slug: z.string(),
    name: z.string(),
    position: z.number().int(),
    image_url: z.string().nullable(),
    products: z.number().int(),
    children: z.array(nodeSchema),
  }),
);
export const adminCategorySchema = z.object({
  id,
  parent_id: id.nullable(),
  slug: z.string(),
  position: z.number().int(),
  image_url: z.string().nullable(),
  old_slugs: z.array(z.string()),
  texts: z.array(z.object({ language_id: id, code: z.string(), name: z.string(), own: z.boolean() })),
});

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tag = 'Admin: categories';
const answer = okBody(adminCategorySchema);

export const adminCategoryRoutes = {
  tree: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/categories',
    tag,
    summary: 'The category tree with product counts',
    response: okBody(z.array(nodeSchema)),
  }),
  create: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/categories',
    tag,
    summary: 'Create a category',
    body: createBody,
    response: answer,
    status: 201,
  }),
  get: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/categories/:id',
    tag,
    summary: 'One category with its names per language',
    params: idParam,
    response: answer,
  }),
  update: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/categories/:id',
    tag,
    summary: 'Rename, change the slug (old one answers 301), move, image',
    params: idParam,
    body: patchBody,
    response: answer,
  }),
  move: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/categories/:id/move',
    tag,
    summary: 'Move up or down among its siblings',
    params: idParam,
    body: moveBody,
    response: answer,
  }),
  delete: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/categories/:id',
    tag,
    summary: 'Delete an empty category',
    params: idParam,
    response: okBody(z.null()),
  }),
} as const;
