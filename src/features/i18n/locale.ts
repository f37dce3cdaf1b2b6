import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

/**
 * The chosen language and currency in the browser (storefront §4, §9): kept in localStorage
 * under `languageId` and `currency`/`currencySymbol`, and mirrored in cookies of the same names
 * so the server renders the next page in them. The page the server rendered is the truth for
 * this page: islands adopt it on start (adoptPageLocale) before reading these stores.
 */

export interface LanguageChoice {
  id: number;
  code: string;
  title: string;
  isDefault: boolean;
}

export interface CurrencyChoice {
  code: string;
  symbol: string;
  isDefault: boolean;
}

import { CURRENCY_KEY, CURRENCY_SYMBOL_KEY, LANGUAGE_KEY, writeCookie } from './locale-cookie';

export { CURRENCY_KEY, CURRENCY_SYMBOL_KEY, LANGUAGE_KEY, writeCookie };

export const EUR: CurrencyChoice = Object.freeze({ code: 'EUR', symbol: '€', isDefault: true });

/** The language id as stored (a string, as localStorage keeps it); '' when unset. */
export const $language = persistentAtom<string>(LANGUAGE_KEY, '');
export const $currencyCode = persistentAtom<string>(CURRENCY_KEY, '');
export const $currencySymbol = persistentAtom<string>(CURRENCY_SYMBOL_KEY, '');
export const $currency = computed([$currencyCode, $currencySymbol], (code, symbol) => ({
  code: code || EUR.code,
  symbol: symbol || (code ? code : EUR.symbol),
}));

/** What the server rendered this page with (data attributes on <html>, see DefaultLayout). */
export function pageLocale(): { languageId?: string; currency?: string; currencySymbol?: string } {
  if (typeof document === 'undefined') return {};
  const data = document.documentElement.dataset;
  return { languageId: data.languageId, currency: data.currency, currencySymbol: data.currencySymbol };
}

let adopted = false;

/** Once per page: the stores follow the server's choice (which came from the cookies). */
export function adoptPageLocale(): void {
  if (adopted) return;
  adopted = true;
  const page = pageLocale();
  if (page.languageId && $language.get() !== page.languageId) $language.set(page.languageId);
  if (page.currency && $currencyCode.get() !== page.currency) $currencyCode.set(page.currency);
  if (page.currencySymbol && $currencySymbol.get() !== page.currencySymbol) $currencySymbol.set(page.currencySymbol);
}

/** The `currency`/`lang_id` pair every API call carries. */
export function localeParams(): { currency?: string; lang_id?: string } {
  const page = pageLocale();
  const currency = $currencyCode.get() || page.currency;
  const langId = $language.get() || page.languageId;
  return { ...(currency ? { currency } : {}), ...(langId ? { lang_id: langId } : {}) };
}

/** Server-rendered text and prices follow the cookie, so a content page reloads to show them. */
function reloadPage(): void {
  if (typeof location !== 'undefined') location.reload();
}

/** `to`: the page's address in the new language (ADR 028), else the page reloads. */
export function setLanguage(id: number | string, options: { reload?: boolean; to?: string } = {}): void {
  const value = String(id);
  $language.set(value);
  writeCookie(LANGUAGE_KEY, value);
  if (!(options.reload ?? true)) return;
  if (
    options.to !== undefined &&
    typeof location !== 'undefined' &&
    options.to !== `${location.pathname}${location.search}`
  )
    location.assign(options.to);
  else reloadPage();
}

/**
 * Pages whose every price is drawn by islands that follow $currency (the cart, the account) say
 * so with <html data-live-prices>; a currency change there re-renders in place, no reload.
 */
export function pageHasLivePrices(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.livePrices !== undefined;
}

export function setCurrency(currency: { code: string; symbol: string }, options: { reload?: boolean } = {}): void {
  $currencyCode.set(currency.code);
  $currencySymbol.set(currency.symbol);
  writeCookie(CURRENCY_KEY, currency.code);
  if (options.reload ?? !pageHasLivePrices()) {
    reloadPage();
  } else if (typeof document !== 'undefined') {
    // Keep the page's own record in step, so calls made from now on carry the new currency.
    document.documentElement.dataset.currency = currency.code;
    document.documentElement.dataset.currencySymbol = currency.symbol;
  }
}
