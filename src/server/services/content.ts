/**
 * Shop content as the API answers it (spec storefront §3/§7): plain functions over the database
 * returning JSON-ready objects, so Astro pages call them directly and the API routes only wrap
 * them in the envelope. Translated text falls back to the base row (the default language) when a
 * translation is missing or empty; stored HTML always leaves through sanitizeHtml.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { centsToNumber, convertCents } from '@/lib/money';
import type { Db } from '../db/client';
import {
  countries,
  faqs,
  faqTranslations,
  featuredCategories,
  featuredCategoryTranslations,
  socialLinks,
  staticPages,
  staticPageTranslations,
} from '../db/schema/index';
import { localCountryName } from './country-names';
import { renderStoredHtml } from './html';
import { ttlCache } from './ttl-cache';
import { type CurrencyOption, type ShopBasics, loadShopBasics } from './request-context';
import type { FeaturedCategory } from '@/lib/contract/catalog';
import type {
  Country,
  CurrencyItem,
  Faq,
  LanguageItem,
  PublicSettings,
  SocialLink,
  StaticPage,
  StaticPageSummary,
} from '@/lib/contract/content';

// The answers' shapes are the API contract's (src/lib/contract/); pages import them from here too.
export type {
  Country,
  CurrencyItem,
  Faq,
  FeaturedCategory,
  LanguageItem,
  PublicSettings,
  SocialLink,
  StaticPage,
  StaticPageSummary,
};

/** The translation's text unless it is missing or blank, else the base row's. */
function translated(translation: AnyPgColumn, base: AnyPgColumn): SQL<string> {
  return sql<string>`coalesce(nullif(${translation}, ''), ${base})`;
}

function pageTranslation(languageId: number) {
  return and(eq(staticPageTranslations.pageId, staticPages.id), eq(staticPageTranslations.languageId, languageId));
}

const pageSummaryColumns = {
  id: staticPages.id,
  title: translated(staticPageTranslations.title, staticPages.title),
  slug: staticPages.slug,
  is_terms: staticPages.isTerms,
  is_privacy: staticPages.isPrivacy,
  is_cookie: staticPages.isCookie,
};

/** Every page's footer reads this list; it is kept 30 s (invalidateStaticPages after an edit). */
const pageLists = ttlCache<number, StaticPageSummary[]>(30_000);

export function invalidateStaticPages(db?: Db): void {
  pageLists.invalidate(db);
}

/** Published pages in footer order (position, then id). */
export function listStaticPages(db: Db, languageId: number): Promise<StaticPageSummary[]> {
  return pageLists.get(db, languageId, () =>
    db
      .select(pageSummaryColumns)
      .from(staticPages)
      .leftJoin(staticPageTranslations, pageTranslation(languageId))
      // The home page record (ADR 027) is the home page's blocks, not a page of its own.
      .where(and(eq(staticPages.published, true), eq(staticPages.isHome, false)))
      .orderBy(asc(staticPages.position), asc(staticPages.id)),
  );
}

const PAGE_ID = /^\d{1,9}$/;

/**
 * One published page by numeric id or by slug (footer links use ids, the cookie notice and
 * sign-up use slugs); null when there is no such published page.
 */
export async function getStaticPage(
  db: Db,
  languageId: number,
  idOrSlug: string | number,
  options: { unpublished?: boolean } = {},
): Promise<StaticPage | null> {
  const key = String(idOrSlug).trim();
  if (key === '' || key.length > 96) return null;
  const match = and(
    PAGE_ID.test(key) ? eq(staticPages.id, Number(key)) : eq(staticPages.slug, key),
    eq(staticPages.isHome, false),
  );
  const [row] = await db
    .select({
      ...pageSummaryColumns,
      content: translated(staticPageTranslations.content, staticPages.content),
      layout: staticPages.layout,
    })
    .from(staticPages)
    .leftJoin(staticPageTranslations, pageTranslation(languageId))
    .where(options.unpublished ? match : and(match, eq(staticPages.published, true)))
    .limit(1);
  // The layout says whether the page is its HTML or built from blocks (ADR 027; the blocks come from page-blocks.server).
  return row
    ? { ...row, content: renderStoredHtml(row.content), layout: row.layout === 'blocks' ? 'blocks' : 'html' }
    : null;
}

/** The first published page with the flag, e.g. the cookie page the cookie notice links to. */
export async function findStaticPageByFlag(
  db: Db,
  languageId: number,
  flag: 'is_terms' | 'is_privacy' | 'is_cookie',
): Promise<StaticPageSummary | null> {
  return (await listStaticPages(db, languageId)).find((page) => page[flag]) ?? null;
}

export async function listFaqs(db: Db, languageId: number): Promise<Faq[]> {
  const rows = await db
    .select({
      id: faqs.id,
      title: translated(faqTranslations.title, faqs.title),
      content: translated(faqTranslations.content, faqs.content),
      is_popular: faqs.isPopular,
    })
    .from(faqs)
    .leftJoin(faqTranslations, and(eq(faqTranslations.faqId, faqs.id), eq(faqTranslations.languageId, languageId)))
    .where(eq(faqs.published, true))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return rows.map((row) => ({ ...row, content: renderStoredHtml(row.content) }));
}

export async function listSocialLinks(db: Db): Promise<SocialLink[]> {
  return db
    .select({ id: socialLinks.id, name: socialLinks.name, url: socialLinks.url, icon: socialLinks.icon })
    .from(socialLinks)
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
}

/**
 * The countries the shop sells to (countries.served; issue 25): GET /api/countries and every list
 * a delivery address is chosen from. Ordered by name (then iso, so equal names never swap).
 */
export async function listCountries(db: Db, languageId: number): Promise<Country[]> {
  const name = localCountryName(languageId);
  return db
    .select({ id: countries.id, name, iso: countries.iso })
    .from(countries)
    .where(eq(countries.served, true))
    .orderBy(asc(name), asc(countries.iso));
}

/**
 * Every country of the shop, served or not: the phone pickers' list. A phone number is not a
 * delivery address: a customer with a Spanish phone may buy for delivery to Germany even when the
 * shop does not sell to Spain (the server accepts the same set: services/auth/phone-fields.ts).
 */
export async function listPhoneCountries(db: Db, languageId: number): Promise<Country[]> {
  const name = localCountryName(languageId);
  return db
    .select({ id: countries.id, name, iso: countries.iso })
    .from(countries)
    .orderBy(asc(name), asc(countries.iso));
}

export async function getFeaturedCategories(db: Db, languageId: number): Promise<FeaturedCategory[]> {
  const t = featuredCategoryTranslations;
  return db
    .select({
      id: featuredCategories.id,
      title: translated(t.title, featuredCategories.title),
      short_title: sql<string | null>`coalesce(nullif(${t.shortTitle}, ''), ${featuredCategories.shortTitle})`,
      description: translated(t.description, featuredCategories.description),
      image_url: featuredCategories.imageUrl,
      url: featuredCategories.url,
      order: featuredCategories.position,
    })
    .from(featuredCategories)
    .leftJoin(t, and(eq(t.featuredCategoryId, featuredCategories.id), eq(t.languageId, languageId)))
    .orderBy(asc(featuredCategories.position), asc(featuredCategories.id));
}

type RateRef = Pick<CurrencyOption, 'value'> & { code?: string };

const EMPTY_SETTINGS: PublicSettings = Object.freeze({
  requisites: '',
  copyright: '',
  support_email: '',
  is_reg_enabled: true,
  min_top_up_amount: 0,
  vat_percent: 0,
  google_tag: '',
  company_address: '',
  shop_name: '',
  legal_name: '',
  vat_id: '',
  contact_phone: '',
  home_country: null,
});

/**
 * The settings fields of spec §3 and the shop's identity (name, legal name, VAT id, phone, home
 * country): the phone-payment numbers stay out (the checkout reads them server-side), so this
 * answer is safe to cache publicly.
 */
export function toPublicSettings(
  basics: Pick<ShopBasics, 'settings' | 'homeCountry'>,
  currency: RateRef = { value: '1' },
): PublicSettings {
  const row = basics.settings;
  if (!row) return { ...EMPTY_SETTINGS };
  return {
    requisites: row.requisites,
    copyright: row.copyright,
    support_email: row.supportEmail,
    is_reg_enabled: row.isRegEnabled,
    min_top_up_amount: centsToNumber(
      convertCents(row.minTopUpAmountCents, currency.value, currency.code),
      currency.code,
    ),
    vat_percent: Number(row.vatPercent),
    google_tag: row.googleTag,
    company_address: row.companyAddress,
    shop_name: row.shopName,
    legal_name: row.legalName,
    vat_id: row.vatId,
    contact_phone: row.contactPhone,
    home_country: basics.homeCountry && { id: basics.homeCountry.id, iso: basics.homeCountry.iso },
  };
}

/**
 * Settings for the API and the page frame, from the shared 30 s cache of loadShopBasics (the
 * frame reads them on every page). Amounts in `currency` (default: EUR, the stored currency).
 */
export async function publicSettings(db: Db, currency?: RateRef): Promise<PublicSettings> {
  return toPublicSettings(await loadShopBasics(db), currency);
}

export async function listLanguages(db: Db): Promise<LanguageItem[]> {
  return (await loadShopBasics(db)).languages.map((l) => ({
    id: l.id,
    code: l.code,
    title: l.title,
    name: l.title,
    default: l.isDefault ? 1 : 0,
  }));
}

export async function listCurrencies(db: Db): Promise<CurrencyItem[]> {
  return (await loadShopBasics(db)).currencies.map((c) => ({
    code: c.code,
    symbol: c.symbol,
    value: Number(c.value),
    default: c.isDefault ? 1 : 0,
  }));
}
