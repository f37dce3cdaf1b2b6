import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { countries, currencies, languages, settings } from '../db/schema/index';
import { getTranslator, type Translator } from '../i18n/index';
import { pathPrefix, withPathPrefix } from '@/lib/language-path';
import type { HomeCountry } from '@/lib/home-country';
import type { RoundingRule } from '@/lib/money';

export interface LanguageOption {
  id: number;
  code: string;
  title: string;
  isDefault: boolean;
}

export interface CurrencyOption {
  code: string;
  symbol: string;
  /** Units of this currency per 1 EUR, as the exact numeric string from the database. */
  value: string;
  isDefault: boolean;
  /** How converted product prices are rounded (ADR 034); absent: to the minor unit. */
  rounding?: RoundingRule;
}

export type ShopSettings = typeof settings.$inferSelect;

export interface ShopBasics {
  languages: LanguageOption[];
  currencies: CurrencyOption[];
  /** Null on a database that has no settings row yet. */
  settings: ShopSettings | null;
  /** settings.home_country_id with its ISO code: phone pickers and address forms start on it; null until chosen. */
  homeCountry: HomeCountry | null;
}

export interface RequestContext extends ShopBasics {
  language: LanguageOption;
  currency: CurrencyOption;
  t: Translator;
  /** '' or '/de': the language segment of this page's address (ADR 028). */
  pathPrefix: string;
  /** A shop path (`/products/all/all`) as a link in this page's language. */
  href: (path: string) => string;
}

/** What the middleware learnt from a page's address (Astro.locals). */
export interface PageLanguage {
  pageLanguageId?: number;
  pathPrefix?: string;
}

/** Cookie names shared with the pickers' islands (the spec's storage key is languageId). */
export const LANGUAGE_COOKIE = 'languageId';
export const CURRENCY_COOKIE = 'currency';

export const EUR_FALLBACK: CurrencyOption = Object.freeze({
  code: 'EUR',
  symbol: '€',
  value: '1',
  isDefault: true,
  rounding: 'exact',
});

/** Used only when the languages table is empty, so a page can still render in English. */
export const ENGLISH_FALLBACK: LanguageOption = Object.freeze({
  id: 0,
  code: 'en',
  title: 'English',
  isDefault: true,
});

/** The stored id if it is in the list, else the default-flagged language, else the first. */
export function chooseLanguage(
  list: readonly LanguageOption[],
  storedId: string | number | null | undefined,
): LanguageOption {
  const id = typeof storedId === 'number' ? storedId : parseId(storedId);
  return (
    (id === undefined ? undefined : list.find((l) => l.id === id)) ??
    list.find((l) => l.isDefault) ??
    list[0] ??
    ENGLISH_FALLBACK
  );
}

/** The stored code if it is in the list, else the default-flagged currency, else the first, else EUR. */
export function chooseCurrency(list: readonly CurrencyOption[], storedCode: string | null | undefined): CurrencyOption {
  const code = storedCode?.trim().toUpperCase();
  return (
    (code ? list.find((c) => c.code.toUpperCase() === code) : undefined) ??
    list.find((c) => c.isDefault) ??
    list[0] ??
    EUR_FALLBACK
  );
}

function parseId(raw: string | null | undefined): number | undefined {
  if (raw == null || !/^\s*\d{1,9}\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Every page needs these three small tables; a short cache keeps them off the database on each
 * request while an edit still shows within seconds on every instance.
 */
const BASICS_MAX_AGE_MS = 30_000;

interface Cached {
  promise: Promise<ShopBasics>;
  loadedAt: number;
}

const basicsCache = new Map<Db, Cached>();

async function readBasics(db: Db): Promise<ShopBasics> {
  const [languageRows, currencyRows, settingsRows] = await Promise.all([
    db.select().from(languages).orderBy(asc(languages.position), asc(languages.id)),
    // Only what shoppers are offered; a switched-off currency keeps its rate for the back office.
    db
      .select()
      .from(currencies)
      .where(eq(currencies.enabled, true))
      .orderBy(asc(currencies.position), asc(currencies.id)),
    db
      // vat_percent is the home country's standard rate where one is stored (ADR 030), so every
      // reader of the settings (GET /settings, the back office) sees the rate the shop charges at home.
      .select({
        settings,
        homeIso: countries.iso,
        homeVat: sql<
          string | null
        >`(select r.percent::text from country_vat_rates r where r.country_id = ${settings.homeCountryId} and r.kind = 'standard')`,
      })
      .from(settings)
      .leftJoin(countries, eq(countries.id, settings.homeCountryId))
      .where(eq(settings.id, 1))
      .limit(1),
  ]);
  const found = settingsRows[0];
  return {
    languages: languageRows.map((l) => ({ id: l.id, code: l.code, title: l.title, isDefault: l.isDefault })),
    currencies: currencyRows.map((c) => ({
      code: c.code,
      symbol: c.symbol,
      value: c.value,
      isDefault: c.isDefault,
      rounding: c.rounding,
    })),
    settings: found ? { ...found.settings, vatPercent: found.homeVat ?? found.settings.vatPercent } : null,
    homeCountry:
      found?.settings.homeCountryId != null && found.homeIso
        ? { id: found.settings.homeCountryId, iso: found.homeIso.toUpperCase() }
        : null,
  };
}

export function loadShopBasics(db: Db, now: number = Date.now()): Promise<ShopBasics> {
  const cached = basicsCache.get(db);
  if (cached && now - cached.loadedAt < BASICS_MAX_AGE_MS) return cached.promise;
  const fresh: Cached = { promise: readBasics(db), loadedAt: now };
  basicsCache.set(db, fresh);
  fresh.promise.catch(() => {
    if (basicsCache.get(db) === fresh) basicsCache.delete(db);
  });
  return fresh.promise;
}

/** After an edit of languages, currencies or settings; without a db, for every database. */
export function invalidateShopBasics(db?: Db): void {
  if (db) basicsCache.delete(db);
  else basicsCache.clear();
}

/** The part of AstroCookies (and of a Hono cookie reader) this module needs. */
export interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/**
 * Language, currency, settings and the translator for one request: the language of a storefront
 * page from its address (the middleware's `page`), of a shared page (back office) from the cookie.
 */
export async function resolveRequestContext(
  db: Db,
  cookies: CookieReader,
  page: PageLanguage = {},
): Promise<RequestContext> {
  const basics = await loadShopBasics(db);
  const language = chooseLanguage(basics.languages, page.pageLanguageId ?? cookies.get(LANGUAGE_COOKIE)?.value);
  const currency = chooseCurrency(basics.currencies, cookies.get(CURRENCY_COOKIE)?.value);
  const t = await getTranslator(db, language.code);
  const prefix =
    page.pageLanguageId === undefined
      ? pathPrefix(language.code, chooseLanguage(basics.languages, undefined).code)
      : (page.pathPrefix ?? '');
  return { ...basics, language, currency, t, pathPrefix: prefix, href: (path) => withPathPrefix(path, prefix) };
}
