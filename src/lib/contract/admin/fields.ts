/** Shared zod pieces of the /api/admin bodies: clear English messages for the admin forms. */
import { z } from 'zod';
import { slugProblem } from '@/lib/rules/slug';

/**
 * A row id as text (path or query): plain digits within the integer column. Number() would also read
 * "1e1", "0x10" or " 1 " as ids, and a fraction or an overflow would get zod's default wording.
 */
export const idText = (message: string) =>
  z
    .string({ message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, message);

export const idParam = z.object({ id: idText('Invalid id.') });

export const slugField = z
  .string({ message: 'The slug is required.' })
  .trim()
  .superRefine((slug, ctx) => {
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

const LANGUAGE_ID = 'language_id must be a language id.';
export const languageIdField = z.number({ message: LANGUAGE_ID }).int(LANGUAGE_ID).positive(LANGUAGE_ID);
export const positionField = z
  .number({ message: 'The order must be a whole number.' })
  .int('The order must be a whole number.')
  .min(0, 'The order must be 0 or more.')
  .max(100_000, 'The order may be at most 100000.');
export const flag = (name: string) => z.boolean({ message: `${name} must be true or false.` });

/** A patch must change something; language_id alone only names the language of the texts. */
export function nonEmptyPatch<T extends z.ZodObject>(schema: T) {
  return schema.refine((value) => Object.entries(value).some(([key, v]) => key !== 'language_id' && v !== undefined), {
    message: 'Nothing to change.',
  });
}
