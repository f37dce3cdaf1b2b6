import { z } from 'zod';
import { CONTACT_LIMITS } from '../rules/contact';
import { type PasswordProblem as PasswordRuleProblem, passwordProblem } from '../rules/password';

/**
 * Request bodies of the forms answered in the shopper's language (accounts spec §5 rules; ADR
 * 018): schema factories taking the request's translator, so the server checks with exactly
 * these schemas and the OpenAPI document shows them. Checks across fields (confirmation,
 * phone, a country that exists) stay in the routes; the document lists those fields too.
 */

/** The server's translator (src/server/i18n): message key → text in the request language. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** Why a new password is refused: the shared rule (src/lib/rules/password.ts) or a stand-in. */
export type PasswordProblem = (password: string) => PasswordRuleProblem | null;

/** A trimmed string, required and at most `max` characters. */
export function requiredText(t: Translate, max: number) {
  const required = t('validation.required');
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: required })
      .min(1, required)
      .max(max, t('validation.tooLong', { max })),
  );
}

/** A trimmed string or null: empty, missing and null all become null (spec §5 profile rules). */
export function optionalText(t: Translate, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v === undefined ? null : v),
    z.string({ error: t('validation.invalidValue') }).max(max, t('validation.tooLong', { max })).nullable(),
  );
}

export function emailField(t: Translate) {
  const message = t('validation.invalidEmail');
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, t('validation.required')).max(254, message).pipe(z.email({ error: message })),
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
        ctx.addIssue({ code: 'custom', message: t(problem === 'length' ? 'validation.passwordLength' : 'validation.passwordRules') });
      }
    })
    .meta({ description: 'A new password: at least 8 characters and the composition rules of accounts spec §5 (the form hint says which).' });
}

export const DEVICE_NAME_MESSAGE = 'The device_name must be text of 1 to 191 characters.';

export function loginBody(t: Translate) {
  const required = t('validation.emailPasswordRequired');
  return z.object({
    username: z.string({ error: required }).trim().min(1, required).max(254, t('validation.invalidEmail')).meta({ description: 'The email address.' }),
    password: z.string({ error: required }).min(1, required).max(128, t('validation.tooLong', { max: 128 })),
    device_name: z
      .string({ error: DEVICE_NAME_MESSAGE })
      .trim()
      .min(1, DEVICE_NAME_MESSAGE)
      .max(191, DEVICE_NAME_MESSAGE)
      .optional()
      .meta({ description: 'API clients: answers a bearer token instead of setting cookies.' }),
  });
}

export function registerBody(t: Translate, problemOf: PasswordProblem) {
  return z.object({
    name: requiredText(t, 96),
    surname: requiredText(t, 96),
    email: emailField(t),
    password: newPasswordField(t, problemOf),
  });
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

export function profileBody(t: Translate) {
  const invalidCountry = t('api.auth.invalidCountry');
  return z.object({
    name: requiredText(t, 96),
    surname: requiredText(t, 96),
    email: emailField(t),
    address: optionalText(t, 255),
    city: optionalText(t, 96),
    post_code: optionalText(t, 16),
    country_id: z.preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      z.coerce.number({ error: invalidCountry }).int(invalidCountry).positive(invalidCountry).max(2_147_483_647, invalidCountry).nullable(),
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
    country: z.union([z.number().int(invalidCountry).positive(invalidCountry).max(2_147_483_647, invalidCountry), requiredText(t, 96)], {
      error: t('validation.required'),
    }),
    city: requiredText(t, 96),
    address: requiredText(t, 255),
    postCode: requiredText(t, 16),
    promoCode: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string({ error: 'The promo code must be text.' }).trim().max(64, 'The promo code may be at most 64 characters.').nullable().optional(),
    ),
    payment_method: z.enum(['card', 'phone'], { error: 'Choose card or phone payment.' }).default('card'),
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

/** Fields the routes check by hand (across fields, or against the database), for the document. */
export const phoneFields = {
  phone: z.string().optional().meta({ description: 'The number as typed, or E.164.' }),
  phoneCountryCode: z.string().optional().meta({ description: 'ISO country of the number (one the shop delivers to).' }),
  nationalNumber: z.string().optional(),
};
export const passwordConfirmation = (field: string) => ({ [field]: z.string().meta({ description: 'The same password again.' }) });

/**
 * What the OpenAPI document is generated with: message keys stand for the texts (they come in
 * the request's language); the password rule is the shared one.
 */
export const documentTranslate: Translate = (key) => key;
export const documentPasswordProblem: PasswordProblem = passwordProblem;
