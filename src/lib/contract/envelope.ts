import { z } from 'zod';
import { errorCodeSchema } from './error-codes';

/**
 * The envelope every /api answer wears (ADR 022; accounts spec §7): success is
 * `{status:'OK', payload, message}`, failure `{status:'ERROR', code, message, errors?}` where
 * `code` is what programs decide on (error-codes.ts), `message` what people read, and `errors`
 * maps a request field to its messages (the 422 shape forms put under inputs).
 */

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({
  description: 'Field name → messages, in the request language; root-level problems are filed under `_root`.',
});
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z
  .object({
    status: z.literal('ERROR'),
    code: errorCodeSchema,
    message: z.string(),
    errors: fieldErrorsSchema.optional(),
  })
  .meta({ description: 'Every failure: a stable code, a readable message, and the field problems of a 422.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{status, payload, message}` plus the top-level siblings some calls carry (pagination, unavailableItems). */
export function okBody<P extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(payload: P, extra?: X) {
  return z.object({
    status: z.literal('OK'),
    payload,
    message: z.string().nullable(),
    ...(extra ?? ({} as X)),
  });
}

/** An answer that may also be a WARNING with the same shape (cart changes beyond the stock). */
export function okOrWarningBody<P extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(
  payload: P,
  extra?: X,
) {
  return z.object({
    status: z.enum(['OK', 'WARNING']),
    payload,
    message: z.string().nullable(),
    ...(extra ?? ({} as X)),
  });
}

export type OkBody<T> = { status: 'OK'; payload: T; message: string | null };

/** A number the server gives with 2 decimals (money in the request currency). */
export const amount = z.number().meta({ description: 'Amount in the request currency, 2 decimals.' });

/** Database ids. */
export const id = z.number().int().positive();

/** The page block of paged lists (catalogue, order history); from/to are 1-based, null when empty. */
export const paginationSchema = z.object({
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  current_page: z.number().int(),
  per_page: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
