import { z } from 'zod';

/** Query-string pieces shared by the list routes (catalogue, order history). */

/** An empty query value (`?price_max=`) means "not given", as the list page's inputs send it. */
export const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional whole number within [min, max], given as digits. */
export const wholeNumber = (field: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z
      .string(`The ${field} must be a whole number.`)
      .trim()
      .regex(/^\d{1,9}$/, `The ${field} must be a whole number.`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, `The ${field} must be at least ${min}.`)
          .max(max, `The ${field} may not be greater than ${max}.`),
      )
      .optional(),
  );
