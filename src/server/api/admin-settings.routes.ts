/** /api/admin/settings and /api/admin/home-hero (both rows of the settings table). */
import { z } from 'zod';
import { googleTagProblem } from '../services/admin/google-tag-rules';
import { getAdminSettings, getHomeHero, updateHomeHero, updateSettings } from '../services/admin/settings.server';
import { flag, nonEmptyPatch } from './admin-schemas';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

const text = (name: string, max: number) => z.string({ message: `${name} must be text.` }).trim().max(max, `${name} may have at most ${max} characters.`);
const PHONE_MESSAGE = 'A phone number may contain only digits, spaces, +, ( ) and -, 5 to 32 characters.';
const phone = z
  .string({ message: PHONE_MESSAGE })
  .trim()
  .refine((v) => v === '' || /^\+?[0-9 ()-]{5,32}$/.test(v), PHONE_MESSAGE);

const settingsBody = nonEmptyPatch(
  z.strictObject(
    {
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
      is_reg_enabled: flag('is_reg_enabled').optional(),
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

const heroBody = nonEmptyPatch(
  z.strictObject(
    {
      hero_title: text('The hero title', 120).optional(),
      hero_subtitle: text('The hero subtitle', 300).optional(),
    },
    { message: 'Unknown field.' },
  ),
);

export const adminSettingsApp = createRouter()
  .get('/', async (c) => ok(c, await getAdminSettings(c.var.db)))
  .put('/', validate('json', settingsBody), async (c) => ok(c, await updateSettings(c.var.db, c.var.user!, c.req.valid('json'))));

export const adminHomeHeroApp = createRouter()
  .get('/', async (c) => ok(c, await getHomeHero(c.var.db)))
  .put('/', validate('json', heroBody), async (c) => ok(c, await updateHomeHero(c.var.db, c.var.user!, c.req.valid('json'))));
