import { z } from 'zod';
import { route } from './define';
import { blockSchema } from './blocks';
import { amount, id, okBody } from './envelope';

/** Shop content (storefront spec §3, §7; ADR 006): pages, FAQ, links, countries, settings, locales. */

export const staticPageSummarySchema = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  is_terms: z.boolean(),
  is_privacy: z.boolean(),
  is_cookie: z.boolean(),
});
export type StaticPageSummary = z.infer<typeof staticPageSummarySchema>;

export const staticPageSchema = staticPageSummarySchema.extend({
  content: z.string().meta({ description: 'Sanitised HTML.' }),
  layout: z
    .enum(['html', 'blocks'])
    .meta({ description: 'A page written in HTML (`content`) or built from blocks (`blocks`; ADR 027).' }),
  blocks: z.array(blockSchema).optional().meta({
    description:
      'Only for layout `blocks`: the blocks shown, in order (hidden ones left out), with their texts in the request language, each field falling back to the default language; rich text is sanitised HTML. Photos, FAQ entries and categories are ids.',
  }),
});
export type StaticPage = z.infer<typeof staticPageSchema>;

export const faqSchema = z.object({
  id,
  title: z.string(),
  content: z.string().meta({ description: 'Sanitised HTML.' }),
  is_popular: z.boolean(),
});
export type Faq = z.infer<typeof faqSchema>;

export const socialLinkSchema = z.object({ id, name: z.string(), url: z.string(), icon: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const countrySchema = z.object({ id, name: z.string(), iso: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const publicSettingsSchema = z.object({
  requisites: z.string(),
  copyright: z.string(),
  support_email: z.string(),
  is_reg_enabled: z.boolean(),
  min_top_up_amount: amount,
  vat_percent: z.number(),
  google_tag: z.string().meta({ description: 'Raw snippet; the page frame injects it after cookie consent.' }),
  company_address: z.string(),
  shop_name: z
    .string()
    .meta({ description: "The owner's shop name; '' while unset (the shop then shows its app.name text)." }),
  legal_name: z.string(),
  vat_id: z.string(),
  contact_phone: z.string(),
  home_country: countrySchema
    .omit({ name: true })
    .nullable()
    .meta({ description: 'Where the shop is based: phone pickers and address forms start on it; null until chosen.' }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const languageSchema = z.object({
  id,
  code: z.string(),
  title: z.string(),
  name: z.string(),
  default: z.union([z.literal(1), z.literal(0)]),
});
export type LanguageItem = z.infer<typeof languageSchema>;

export const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  value: z.number().meta({ description: 'Units per 1 EUR.' }),
  default: z.union([z.literal(1), z.literal(0)]),
});
export type CurrencyItem = z.infer<typeof currencySchema>;

const tag = 'Content';
const read = <P extends string, R extends z.ZodType>(path: P, summary: string, response: R) =>
  route({ method: 'GET', path, tag, access: 'public', summary, response });

export const contentRoutes = {
  staticPages: read('/api/static-pages', 'Static pages (titles and flags)', okBody(z.array(staticPageSummarySchema))),
  staticPage: route({
    method: 'GET',
    path: '/api/static-pages/:idOrSlug',
    tag,
    access: 'public',
    summary: 'One static page by id or slug',
    description: 'A renamed page answers 301 to its new slug.',
    params: z.object({ idOrSlug: z.string() }),
    response: okBody(staticPageSchema),
    errors: [404],
  }),
  socialLinks: read('/api/social-links', 'Social links of the footer', okBody(z.array(socialLinkSchema))),
  countries: read(
    '/api/countries',
    'Countries the shop sells to (not served ones are left out)',
    okBody(z.array(countrySchema)),
  ),
  settings: read('/api/settings', 'Public shop settings', okBody(publicSettingsSchema)),
  faqs: read(
    '/api/faqs',
    'The FAQ (answered under `faqs`, spec §7)',
    z.object({ status: z.literal('OK'), faqs: z.array(faqSchema), message: z.null() }),
  ),
  languages: read('/api/languages', 'Languages', okBody(z.array(languageSchema))),
  localizations: read(
    '/api/localizations',
    'UI texts of the request language (English fallback)',
    okBody(z.record(z.string(), z.string()).meta({ description: 'Message key → text.' })),
  ),
  currencies: read('/api/currencies', 'Currencies and their rates', okBody(z.array(currencySchema))),
} as const;
