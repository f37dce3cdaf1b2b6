import { z } from 'zod';
import { featuredCategorySchema } from '../catalog';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idParam } from './fields';
import { body as editorBody } from './editors';
import { createBody as faqCreate, patchBody as faqPatch } from './faqs';
import { createBody as featuredCreate, patchBody as featuredPatch } from './featured';
import {
  blockTextsBody,
  blocksBody,
  createBody as pageCreate,
  draftBody,
  draftSchema,
  patchBody as pagePatch,
  previewLinkBody,
  scheduleBody,
  seoBody,
  versionParams,
} from './pages';
import { previewBody } from './preview';
import { heroBody, settingsBody } from './settings';
import { query as translationsQuery, saveBody as translationBody } from './translations';

/**
 * The back office's API (ADR 013): editors edit content, admins grant the editor role. Every
 * write is audited and empties the caches it touches.
 */

const textsSchema = z.array(
  z.object({ language_id: id, code: z.string(), title: z.string(), own: z.boolean() }).loose(),
);

export const adminPageSummarySchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  is_terms: z.boolean(),
  is_privacy: z.boolean(),
  is_cookie: z.boolean(),
  /** The home page record (ADR 027): its blocks are the home page's hero and featured area. */
  is_home: z.boolean(),
  published: z.boolean(),
  position: z.number().int(),
  updated_at: z.string(),
});
export const adminPageSchema = adminPageSummarySchema.omit({ title: true }).extend({
  texts: z.array(
    z.object({ language_id: id, code: z.string(), title: z.string(), content: z.string(), own: z.boolean() }),
  ),
});
export const pageVersionSummarySchema = z.object({
  version: z.number().int(),
  action: z.string(),
  summary: z.string(),
  created_at: z.string(),
  editor: z.object({ id, email: z.string() }).nullable(),
});

export const adminFaqSummarySchema = z.object({
  id,
  title: z.string(),
  is_popular: z.boolean(),
  published: z.boolean(),
  position: z.number().int(),
});
export const adminFaqSchema = z
  .object({ id, is_popular: z.boolean(), published: z.boolean(), position: z.number().int(), texts: textsSchema })
  .loose();

export const adminFeaturedSummarySchema = featuredCategorySchema
  .omit({ order: true })
  .extend({ position: z.number().int() });
export const adminFeaturedSchema = z
  .object({ id, image_url: z.string(), url: z.string(), position: z.number().int(), texts: textsSchema })
  .loose();

export const adminSettingsSchema = z.object({
  shop_name: z.string().meta({
    description:
      "Header, page titles, mails (subject, sender name, signature) and JSON-LD; '' shows the app.name text.",
  }),
  legal_name: z.string(),
  vat_id: z.string().meta({ description: 'Capitals without spaces, dots or hyphens, e.g. DE123456789.' }),
  contact_phone: z.string(),
  invoice_prefix: z.string().meta({ description: 'Invoices are numbered {prefix}{year}-{n} without gaps (ADR 032).' }),
  credit_note_prefix: z
    .string()
    .meta({ description: 'Credit notes are numbered {prefix}{year}-{n}, a sequence of their own.' }),
  home_country_id: id.nullable().meta({ description: 'Phone pickers and address forms start on this country.' }),
  default_currency: z.string().nullable().meta({ description: 'The code of the currency new visitors see first.' }),
  requisites: z.string(),
  copyright: z.string(),
  support_email: z.string(),
  company_address: z.string(),
  phone_payment_global: z.string(),
  phone_payment_uk_eu: z.string(),
  vat_percent: z.number(),
  low_stock_threshold: z.number().int().meta({
    description:
      'Below this many units a choice (a product or one variation) is low stock; products may set their own.',
  }),
  uses_oss: z.boolean(),
  is_reg_enabled: z.boolean(),
  google_tag: z.string(),
  /** Balance adjustments above this many cents (either way) need an admin (issue 27). */
  balance_adjust_limit_cents: z.number().int(),
  withdrawal_days: z.number().int(),
  staff_mail_to: z.string(),
  staff_mail_language: z.string(),
  staff_digest: z.boolean(),
  /** A signed-in customer's cart untouched this many hours is left behind (issue 32). */
  abandoned_cart_hours: z.number().int(),
  /** The reminder mail for carts left behind (off by default). */
  cart_reminders: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const homeHeroSchema = z.object({
  language_id: id,
  code: z.string(),
  hero_title: z.string().meta({ description: 'The text the language shows: its own, else the built-in one.' }),
  hero_subtitle: z.string(),
  default_title: z.string().meta({ description: 'The built-in text the language shows while its own is empty.' }),
  default_subtitle: z.string(),
});
export type HomeHero = z.infer<typeof homeHeroSchema>;

export const translationListSchema = z.object({
  language_id: id,
  code: z.string(),
  total: z.number().int(),
  missing: z.number().int(),
  items: z.array(
    z.object({ key: z.string(), value: z.string().nullable(), english: z.string(), missing: z.boolean() }),
  ),
});

export const staffSchema = z.object({
  id,
  email: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  role: z.string(),
});

const backOffice = { access: 'back_office', errors: [422] } as const;
const tagPages = 'Admin: static pages';
const tagFaqs = 'Admin: FAQ';
const tagFeatured = 'Admin: featured categories';
const tagSettings = 'Admin: settings';
const deleted = okBody(z.null());

export const adminRoutes = {
  pages: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/static-pages',
    tag: tagPages,
    summary: 'Every static page',
    response: okBody(z.array(adminPageSummarySchema)),
  }),
  createPage: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/static-pages',
    tag: tagPages,
    summary: 'Create a page',
    body: pageCreate,
    response: okBody(adminPageSchema),
    status: 201,
  }),
  page: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/static-pages/:id',
    tag: tagPages,
    summary: 'One page with its texts per language',
    params: idParam,
    response: okBody(adminPageSchema),
    errors: [404, 422],
  }),
  updatePage: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id',
    tag: tagPages,
    summary: 'Change a page (a new version)',
    params: idParam,
    body: pagePatch,
    response: okBody(adminPageSchema),
    errors: [404, 409, 422],
  }),
  deletePage: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/static-pages/:id',
    tag: tagPages,
    summary: 'Delete a page',
    params: idParam,
    response: deleted,
    errors: [404, 422],
  }),
  pageVersions: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/static-pages/:id/versions',
    tag: tagPages,
    summary: "A page's versions",
    params: idParam,
    response: okBody(z.array(pageVersionSummarySchema)),
    errors: [404, 422],
  }),
  pageVersion: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/static-pages/:id/versions/:version',
    tag: tagPages,
    summary: 'One version of a page',
    params: versionParams,
    response: okBody(z.object({}).loose()),
    errors: [404, 422],
  }),
  pageBlocks: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/static-pages/:id/blocks',
    tag: tagPages,
    summary: "A page's layout, blocks and every language's block texts",
    params: idParam,
    response: okBody(
      z.object({
        layout: z.string(),
        blocks: z.array(z.unknown()),
        texts: z.record(z.string(), z.unknown()),
        draft: draftSchema.nullable(),
      }),
    ),
    errors: [404, 422],
  }),
  savePageDraft: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id/draft',
    tag: tagPages,
    summary:
      "Save unpublished changes: the layout and blocks, or another language's texts (visitors keep seeing the published page)",
    params: idParam,
    body: draftBody,
    response: okBody(draftSchema),
    errors: [404, 422],
  }),
  publishPageDraft: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/static-pages/:id/draft/publish',
    tag: tagPages,
    summary: 'Publish the unpublished changes (a new version)',
    params: idParam,
    response: okBody(adminPageSchema),
    errors: [404, 409, 422],
  }),
  discardPageDraft: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/static-pages/:id/draft',
    tag: tagPages,
    summary: 'Discard the unpublished changes',
    params: idParam,
    response: deleted,
    errors: [404, 409, 422],
  }),
  savePageBlocks: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id/blocks',
    tag: tagPages,
    summary: 'Save the layout and blocks (a new version)',
    params: idParam,
    body: blocksBody,
    response: okBody(adminPageSchema),
    errors: [404, 422],
  }),
  savePageBlockTexts: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id/block-texts',
    tag: tagPages,
    summary: "Save another language's block texts (a new version)",
    params: idParam,
    body: blockTextsBody,
    response: okBody(adminPageSchema),
    errors: [404, 422],
  }),
  schedulePage: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id/schedule',
    tag: tagPages,
    summary: 'Plan when the page goes up and comes down',
    params: idParam,
    body: scheduleBody,
    response: okBody(z.object({ publish_at: z.string().nullable(), unpublish_at: z.string().nullable() })),
    errors: [404, 422],
  }),
  pageSeo: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/static-pages/:id/seo',
    tag: tagPages,
    summary: 'Meta title and description (per language), sharing photo, noindex',
    params: idParam,
    body: seoBody,
    response: okBody(z.object({}).loose()),
    errors: [404, 422],
  }),
  pagePreviewLink: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/static-pages/:id/preview-link',
    tag: tagPages,
    summary: 'A signed link that shows the page as it is now to anyone, until it expires',
    params: idParam,
    body: previewLinkBody,
    response: okBody(z.object({ url: z.string(), expires_at: z.string() })),
    status: 201,
    errors: [404, 422],
  }),
  homePage: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/home-page',
    tag: tagPages,
    summary:
      'The home page record, built from blocks and edited like a page: created on the first call (201) with the home page as it is shown, then the same record (200)',
    response: okBody(adminPageSchema),
    status: 201,
  }),
  restorePageVersion: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/static-pages/:id/versions/:version/restore',
    tag: tagPages,
    summary: 'Restore a version (as a new version)',
    params: versionParams,
    response: okBody(adminPageSchema),
    errors: [404, 409, 422],
  }),

  faqs: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/faqs',
    tag: tagFaqs,
    summary: 'Every FAQ entry',
    response: okBody(z.array(adminFaqSummarySchema)),
  }),
  createFaq: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/faqs',
    tag: tagFaqs,
    summary: 'Create an entry',
    body: faqCreate,
    response: okBody(adminFaqSchema),
    status: 201,
  }),
  faq: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/faqs/:id',
    tag: tagFaqs,
    summary: 'One entry with its texts per language',
    params: idParam,
    response: okBody(adminFaqSchema),
    errors: [404, 422],
  }),
  updateFaq: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/faqs/:id',
    tag: tagFaqs,
    summary: 'Change an entry',
    params: idParam,
    body: faqPatch,
    response: okBody(adminFaqSchema),
    errors: [404, 422],
  }),
  deleteFaq: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/faqs/:id',
    tag: tagFaqs,
    summary: 'Delete an entry',
    params: idParam,
    response: deleted,
    errors: [404, 422],
  }),

  featured: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/featured-categories',
    tag: tagFeatured,
    summary: 'Every featured tile',
    response: okBody(z.array(adminFeaturedSummarySchema)),
  }),
  createFeatured: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/featured-categories',
    tag: tagFeatured,
    summary: 'Create a tile',
    body: featuredCreate,
    response: okBody(adminFeaturedSchema),
    status: 201,
  }),
  featuredOne: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/featured-categories/:id',
    tag: tagFeatured,
    summary: 'One tile with its texts per language',
    params: idParam,
    response: okBody(adminFeaturedSchema),
    errors: [404, 422],
  }),
  updateFeatured: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/featured-categories/:id',
    tag: tagFeatured,
    summary: 'Change a tile',
    params: idParam,
    body: featuredPatch,
    response: okBody(adminFeaturedSchema),
    errors: [404, 422],
  }),
  deleteFeatured: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/featured-categories/:id',
    tag: tagFeatured,
    summary: 'Delete a tile',
    params: idParam,
    response: deleted,
    errors: [404, 422],
  }),

  settings: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/settings',
    tag: tagSettings,
    summary: 'The shop settings',
    response: okBody(adminSettingsSchema),
  }),
  updateSettings: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/settings',
    tag: tagSettings,
    summary: 'Change settings',
    body: settingsBody,
    response: okBody(adminSettingsSchema),
  }),
  homeHero: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/home-hero',
    tag: tagSettings,
    summary: "The home page's hero texts in every language",
    response: okBody(z.array(homeHeroSchema)),
  }),
  updateHomeHero: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/home-hero',
    tag: tagSettings,
    summary: "Change one language's hero texts (without language_id: the default language's; empty: the built-in text)",
    body: heroBody,
    response: okBody(homeHeroSchema),
  }),
  translations: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/translations',
    tag: 'Admin: translations',
    summary: 'UI texts of a language (search, missing only)',
    query: translationsQuery,
    response: okBody(translationListSchema),
  }),
  saveTranslation: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/translations',
    tag: 'Admin: translations',
    summary: 'Save one UI text',
    body: translationBody,
    response: okBody(z.object({}).loose()),
  }),
  preview: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/preview',
    tag: 'Admin: static pages',
    summary: 'The HTML a public page would show for this source',
    body: previewBody,
    response: okBody(z.object({ html: z.string() })),
  }),
  editors: route({
    method: 'GET',
    path: '/api/admin/editors',
    tag: 'Admin: editors',
    access: 'back_office',
    summary: 'Staff accounts',
    response: okBody(z.array(staffSchema)),
  }),
  setEditor: route({
    method: 'PUT',
    path: '/api/admin/editors',
    tag: 'Admin: editors',
    access: 'back_office',
    summary: 'Grant or take the editor role',
    body: editorBody,
    response: okBody(z.object({}).loose()),
    errors: [404, 422],
  }),
} as const;
