/** Shared zod pieces of the /api/admin bodies: clear English messages for the admin forms. */
import { z } from 'zod';
import { slugProblem } from '../services/admin/slug';

export const idParam = z.object({ id: z.coerce.number({ message: 'Invalid id.' }).int().positive('Invalid id.').max(2_147_483_647, 'Invalid id.') });

export const slugField = z.string({ message: 'The slug is required.' }).trim().superRefine((slug, ctx) => {
  const problem = slugProblem(slug);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const titleField = (max: number) =>
  z
    .string({ message: 'The title is required.' })
    .trim()
    .min(1, 'The title is required.')
    .max(max, `The title may have at most ${max} characters.`);

/** HTML source; sanitised by the service on save (and again when rendered). */
export const htmlField = z
  .string({ message: 'The content must be text (HTML).' })
  .max(200_000, 'The content may have at most 200000 characters.');

export const languageIdField = z.number({ message: 'language_id must be a language id.' }).int().positive();
export const positionField = z
  .number({ message: 'The order must be a whole number.' })
  .int('The order must be a whole number.')
  .min(0, 'The order must be 0 or more.')
  .max(100_000, 'The order may be at most 100000.');
export const flag = (name: string) => z.boolean({ message: `${name} must be true or false.` });

export function nonEmptyPatch<T extends z.ZodObject>(schema: T) {
  return schema.refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'Nothing to change.' });
}
