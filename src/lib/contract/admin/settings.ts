/** Request schemas of /api/admin/settings (ADR 013, 018). */
import { z } from 'zod';
import { flag, languageIdField, nonEmptyPatch } from './fields';
import { googleTagProblem } from '@/lib/rules/google-tag';
import { MAX_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { VAT_ID_MESSAGE, isVatIdFormat, normalizeVatId } from '@/lib/rules/vat-id';

const LOW_STOCK = `The low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}.`;

export const text = (name: string, max: number) =>
  z
    .string({ message: `${name} must be text.` })
    .trim()
    .max(max, `${name} may have at most ${max} characters.`);
export const PHONE_MESSAGE = 'A phone number may contain only digits, spaces, +, ( ) and -, 5 to 32 characters.';
export const phone = z
  .string({ message: PHONE_MESSAGE })
  .trim()
  .refine((v) => v === '' || /^\+?[0-9 ()-]{5,32}$/.test(v), PHONE_MESSAGE);

const PREFIX = 'A number prefix may have up to 16 letters, digits, dots, hyphens or underscores.';
const HOME_COUNTRY = 'Choose the home country from the list, or none.';
const CURRENCY_CODE = 'The default currency must be a currency code such as EUR.';

export const settingsBody = nonEmptyPatch(
  z.strictObject(
    {
      shop_name: text('The shop name', 96).optional(),
      legal_name: text('The legal company name', 191).optional(),
      vat_id: z
        .string({ message: 'The VAT id must be text.' })
        .max(64, VAT_ID_MESSAGE)
        .transform(normalizeVatId)
        .refine((v) => v.length <= 32 && isVatIdFormat(v), VAT_ID_MESSAGE)
        .optional(),
      contact_phone: phone.optional(),
      invoice_prefix: z
        .string({ message: PREFIX })
        .trim()
        .regex(/^[A-Za-z0-9._-]{0,16}$/, PREFIX)
        .optional(),
      credit_note_prefix: z
        .string({ message: PREFIX })
        .trim()
        .regex(/^[A-Za-z0-9._-]{0,16}$/, PREFIX)
        .optional(),
      home_country_id: z
        .number({ message: HOME_COUNTRY })
        .int(HOME_COUNTRY)
        .positive(HOME_COUNTRY)
        .max(2_147_483_647, HOME_COUNTRY)
        .nullable()
        .optional(),
      default_currency: z
        .string({ message: CURRENCY_CODE })
        .trim()
        .regex(/^[A-Za-z]{3}$/, CURRENCY_CODE)
        .transform((v) => v.toUpperCase())
        .optional(),
      requisites: text('Requisites', 2_000).optional(),
      copyright: text('Copyright', 255).optional(),
      support_email: z
        .string({ message: 'The support email must be an email address.' })
        .trim()
        .max(254, 'The support email may have at most 254 characters.')
        .pipe(z.union([z.literal(''), z.email('The support email must be an email address.')]))
        .optional(),
      company_address: text('The company address', 500).optional(),
      phone_payment_global: phone.optional(),
      phone_payment_uk_eu: phone.optional(),
      vat_percent: z
        .number({ message: 'VAT must be a number.' })
        .min(0, 'VAT must be between 0 and 100.')
        .max(100, 'VAT must be between 0 and 100.')
        .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'VAT may have at most 2 decimals.')
        .optional(),
      low_stock_threshold: z
        .number({ message: LOW_STOCK })
        .int(LOW_STOCK)
        .min(0, LOW_STOCK)
        .max(MAX_LOW_STOCK_THRESHOLD, LOW_STOCK)
        .optional(),
      is_reg_enabled: flag('is_reg_enabled').optional(),
      balance_adjust_limit_cents: z
        .number({ message: 'The balance adjustment limit must be a whole number of cents.' })
        .int('The balance adjustment limit must be a whole number of cents.')
        .min(0, 'The balance adjustment limit must be between 0 and 100000000 cents.')
        .max(100_000_000, 'The balance adjustment limit must be between 0 and 100000000 cents.')
        .optional(),
      withdrawal_days: z
        .number({ message: 'The withdrawal period must be a whole number of days from 14 to 365.' })
        .int('The withdrawal period must be a whole number of days from 14 to 365.')
        .min(14, 'The withdrawal period must be a whole number of days from 14 to 365.')
        .max(365, 'The withdrawal period must be a whole number of days from 14 to 365.')
        .optional(),
      staff_mail_to: z
        .string({ message: 'The staff mail address must be an email address.' })
        .trim()
        .max(254, 'The staff mail address may have at most 254 characters.')
        .pipe(z.union([z.literal(''), z.email('The staff mail address must be an email address.')]))
        .optional(),
      staff_mail_language: z
        .enum(['', 'en', 'de', 'fr'], {
          message: "The staff mail language is en, de, fr or empty (the shop's default).",
        })
        .optional(),
      staff_digest: flag('staff_digest').optional(),
      abandoned_cart_hours: z
        .number({ message: 'A cart is left behind after a whole number of hours from 1 to 720.' })
        .int('A cart is left behind after a whole number of hours from 1 to 720.')
        .min(1, 'A cart is left behind after a whole number of hours from 1 to 720.')
        .max(720, 'A cart is left behind after a whole number of hours from 1 to 720.')
        .optional(),
      cart_reminders: flag('cart_reminders').optional(),
      google_tag: z
        .string({ message: 'The Google tag must be text.' })
        .superRefine((value, ctx) => {
          const problem = googleTagProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
    },
    { message: 'Unknown field.' },
  ),
);

/** One language's hero texts; without language_id, the default language's. */
export const heroBody = nonEmptyPatch(
  z.strictObject(
    {
      language_id: languageIdField.optional(),
      hero_title: text('The hero title', 120).optional(),
      hero_subtitle: text('The hero subtitle', 300).optional(),
    },
    { message: 'Unknown field.' },
  ),
);
