import type { Translator } from '@/lib/translator';
import { z } from 'zod';
import { vatIdField } from './vat';
import { CONTACT_LIMITS } from '../rules/contact';
import { type PasswordProblem as PasswordRuleProblem, passwordProblem } from '../rules/password';
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from '../rules/review';
import { type PhoneData, validatePhoneFields } from '../phone';

import { PAYMENT_METHODS } from '../rules/payment';
import { POST_CODE_MAX } from '../rules/postcode-pattern';

/**
 * Request bodies of the forms answered in the shopper's language (accounts spec §5 rules; ADR
 * 018): schema factories taking the request's translator, so the server checks with exactly
 * these schemas and the OpenAPI document shows them. The password confirmation is a refinement
 * here, the phone fields a schema of their own (phoneBody, given the shop's countries); only a
 * country id that exists (checked against the database) stays in the routes.
 */

/** The server's translator (src/server/i18n): message key → text in the request language. */
export type Translate = Translator;

/** Why a new password is refused: the shared rule (src/lib/rules/password.ts) or a stand-in. */
export type PasswordProblem = (password: string) => PasswordRuleProblem | null;

/** A trimmed string, required and at most `max` characters. */
export function requiredText(t: Translate, max: number) {
  const required = t('validation.required');
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: required }).min(1, required).max(max, t('validation.tooLong', { max })),
  );
}

/** A trimmed string or null: empty, missing and null all become null (spec §5 profile rules). */
export function optionalText(t: Translate, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v === undefined ? null : v),
    z
      .string({ error: t('validation.invalidValue') })
      .max(max, t('validation.tooLong', { max }))
      .nullable(),
  );
}

export function emailField(t: Translate) {
  const message = t('validation.invalidEmail');
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: message })
      .min(1, t('validation.required'))
      .max(254, message)
      .pipe(z.email({ error: message })),
  );
}

/** Passwords are taken as typed (no trimming): spaces may be part of one. */
export function passwordField(t: Translate, max = 128) {
  const required = t('validation.passwordRequired');
  return z.string({ error: required }).min(1, required).max(max, t('validation.tooLong', { max }));
}

/** A password being chosen: the rules of §5 plus a minimum length of 8. */
export function newPasswordField(t: Translate, problemOf: PasswordProblem) {
  return passwordField(t)
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: t(problem === 'length' ? 'validation.passwordLength' : 'validation.passwordRules'),
        });
      }
    })
    .meta({
      description:
        'A new password: at least 8 characters and the composition rules of accounts spec §5 (the form hint says which).',
    });
}

export const DEVICE_NAME_MESSAGE = 'The device_name must be text of 1 to 191 characters.';

export function loginBody(t: Translate) {
  const required = t('validation.emailPasswordRequired');
  return z.object({
    username: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(254, t('validation.invalidEmail'))
      .meta({ description: 'The email address.' }),
    password: z
      .string({ error: required })
      .min(1, required)
      .max(128, t('validation.tooLong', { max: 128 })),
    device_name: z
      .string({ error: DEVICE_NAME_MESSAGE })
      .trim()
      .min(1, DEVICE_NAME_MESSAGE)
      .max(191, DEVICE_NAME_MESSAGE)
      .optional()
      .meta({ description: 'API clients: answers a bearer token instead of setting cookies.' }),
  });
}

/** A refinement that runs even when fields failed: the form shows every problem at once. */
const evenWithFieldProblems = { when: () => true };

/**
 * The same password again under `confirm`: required, and equal to `password` (compared as typed,
 * whatever the password field's own problems; the mismatch is reported under `confirm`).
 */
function withConfirmation<T extends z.ZodRawShape, C extends string>(
  t: Translate,
  shape: T,
  password: keyof T & string,
  confirm: C,
) {
  const required = t('validation.passwordRequired');
  const again = z.string({ error: required }).min(1, required).meta({ description: 'The same password again.' });
  return z.object({ ...shape, [confirm]: again } as T & Record<C, typeof again>).superRefine((value, ctx) => {
    const fields = value as Record<string, unknown>;
    const repeated = fields[confirm];
    if (typeof repeated === 'string' && repeated !== '' && repeated !== fields[password]) {
      ctx.addIssue({ code: 'custom', path: [confirm], message: t('validation.passwordsMismatch') });
    }
  }, evenWithFieldProblems);
}

export function registerBody(t: Translate, problemOf: PasswordProblem) {
  return z.object({
    name: requiredText(t, 96),
    surname: requiredText(t, 96),
    email: emailField(t),
    password: newPasswordField(t, problemOf),
  });
}

/** The sign-up form: registerBody plus `passConfirm` (the route maps the spec's other spellings onto it). */
export function registerForm(t: Translate, problemOf: PasswordProblem) {
  return withConfirmation(t, registerBody(t, problemOf).shape, 'password', 'passConfirm');
}

export function resetRequestBody(t: Translate) {
  return z.object({ email: emailField(t) });
}

export function resetPasswordBody(t: Translate, problemOf: PasswordProblem) {
  const invalidLink = t('api.auth.resetInvalid');
  return z.object({
    token: z.string({ error: invalidLink }).min(1, invalidLink).max(128, invalidLink),
    email: emailField(t),
    password: newPasswordField(t, problemOf),
  });
}

/** The reset form: resetPasswordBody plus `password_confirmation`. */
export function resetPasswordForm(t: Translate, problemOf: PasswordProblem) {
  return withConfirmation(t, resetPasswordBody(t, problemOf).shape, 'password', 'password_confirmation');
}

/**
 * The change-password form. Each field is required, and blank after trimming counts as missing
 * (§5), while the password itself is kept as typed; the new one follows the password rule, the
 * repeat must equal it (compared only when both are given).
 */
export function changePasswordBody(t: Translate, problemOf: PasswordProblem) {
  const required = t('validation.passwordRequired');
  const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
  // Not `abort`: an explicitly aborting issue would skip the repeat check below.
  const present = z.string({ error: required }).refine(given, required);
  return z
    .object({
      cur_password: present,
      new_password: present.pipe(newPasswordField(t, problemOf)),
      repeat_password: present,
    })
    .superRefine((value, ctx) => {
      const { new_password: next, repeat_password: repeat } = value as Record<string, unknown>;
      if (given(next) && given(repeat) && next !== repeat) {
        ctx.addIssue({ code: 'custom', path: ['repeat_password'], message: t('validation.passwordsMismatch') });
      }
    }, evenWithFieldProblems);
}

/**
 * A review (src/lib/rules/review.ts, the limits the review form checks with reviewProblems; the
 * table test in tests/integration/reviews-api.test.ts keeps the two in step). A rating may come
 * as a one-digit string; a missing text is saved as ''. One message per field.
 */
export function reviewBody(t: Translate) {
  const ratingInvalid = { error: t('product.reviews.ratingInvalid'), abort: true };
  return z.object({
    rating: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v),
      z.number(ratingInvalid).int(ratingInvalid).min(RATING_MIN, ratingInvalid).max(RATING_MAX, ratingInvalid),
    ),
    text: z
      .string({ error: t('product.reviews.textInvalid') })
      .refine(
        (text) => [...text.trim()].length <= REVIEW_TEXT_MAX,
        t('product.reviews.textTooLong', { max: REVIEW_TEXT_MAX }),
      )
      .nullish()
      .transform((text) => text ?? ''),
  });
}

export function profileBody(t: Translate) {
  const invalidCountry = t('api.auth.invalidCountry');
  return z.object({
    name: requiredText(t, 96),
    surname: requiredText(t, 96),
    email: emailField(t),
    address: optionalText(t, 255),
    city: optionalText(t, 96),
    post_code: optionalText(t, POST_CODE_MAX),
    country_id: z.preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      z.coerce
        .number({ error: invalidCountry })
        .int(invalidCountry)
        .positive(invalidCountry)
        .max(2_147_483_647, invalidCountry)
        .nullable(),
    ),
  });
}

export const EXPECTED_TOTAL_MESSAGE = 'expected_total must be a non-negative number.';

export function checkoutBody(t: Translate) {
  const invalidCountry = t('api.auth.invalidCountry');
  return z.object({
    name: requiredText(t, 96),
    surname: requiredText(t, 96),
    email: emailField(t),
    country: z.union(
      [z.number().int(invalidCountry).positive(invalidCountry).max(2_147_483_647, invalidCountry), requiredText(t, 96)],
      {
        error: t('validation.required'),
      },
    ),
    city: requiredText(t, 96),
    address: requiredText(t, 255),
    postCode: requiredText(t, POST_CODE_MAX),
    promoCode: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string({ error: 'The promo code must be text.' })
        .trim()
        .max(64, 'The promo code may be at most 64 characters.')
        .nullable()
        .optional(),
    ),
    vat_id: vatIdField,
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose card or phone payment.' }).default('card'),
    expected_total: z
      .number({ error: EXPECTED_TOTAL_MESSAGE })
      .nonnegative(EXPECTED_TOTAL_MESSAGE)
      .max(1e9, EXPECTED_TOTAL_MESSAGE)
      .nullable()
      .optional()
      .meta({ description: 'The final amount the shopper saw; a difference answers PRICE_CHANGED.' }),
  });
}

/**
 * Trimmed and lower-cased before the check, so "  Ann@Example.COM " and "ann@example.com" are one
 * subscriber (the unique index is on the stored form). 254 is the longest usable address (RFC 5321).
 */
export const newsletterEmail = z
  .string({ error: 'The email field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The email field is required.')
  .max(254, 'The email must not be longer than 254 characters.')
  .pipe(z.email('Please enter a valid email address'));

/** The newsletter form: only the address is read. */
export const newsletterBody = z.looseObject({ email: newsletterEmail });

export function contactBody(t: Translate) {
  return z.object({
    name: requiredText(t, CONTACT_LIMITS.name),
    surname: requiredText(t, CONTACT_LIMITS.surname),
    email: emailField(t),
    topic: requiredText(t, CONTACT_LIMITS.topic),
    message: requiredText(t, CONTACT_LIMITS.message),
  });
}

/** A phone field as sent: text (a number is read as its digits), anything else as empty. */
const phoneText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').slice(0, max), z.string());

/** The phone fields as sent (register, profile, checkout, contact). */
export const phoneFields = {
  phone: phoneText(260).optional().meta({ description: 'The number as typed, or E.164.' }),
  phoneCountryCode: phoneText(8)
    .optional()
    .meta({ description: 'ISO country of the number (one the shop delivers to).' }),
  nationalNumber: phoneText(260).optional(),
};

/**
 * The phone fields checked with the phone input's own rules (src/lib/phone.ts) against the
 * countries the shop accepts (read from the database by the route); one problem, under `phone`.
 * Answers the normalised number, or null when none was given and none is required.
 */
export function phoneBody(t: Translate, allowedIsos: readonly string[], options: { required: boolean }) {
  return z.object(phoneFields).transform((fields, ctx): PhoneData | null => {
    const given = {
      phone: fields.phone ?? '',
      phoneCountryCode: fields.phoneCountryCode ?? '',
      nationalNumber: fields.nationalNumber ?? '',
    };
    const problem = (key: string) => {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: t(key) });
      return z.NEVER;
    };
    if (given.phone.trim() === '' && given.nationalNumber.trim() === '')
      return options.required ? problem('validation.required') : null;
    const result = validatePhoneFields(given, allowedIsos);
    if (result.ok) return result.value;
    return problem(
      result.error === 'country-not-supported'
        ? 'validation.countryNotSupported'
        : result.error === 'required'
          ? 'validation.required'
          : 'validation.invalidPhone',
    );
  });
}

/**
 * What the OpenAPI document is generated with: message keys stand for the texts (they come in
 * the request's language); the password rule is the shared one.
 */
export const documentTranslate: Translate = (key) => key;
export const documentPasswordProblem: PasswordProblem = passwordProblem;
