/**
 * The stored language and currency at start-up (storefront §4: "at start-up the stored id is used
 * if it is in the loaded list"). The server renders by the cookies; a browser that has the choice
 * in localStorage but lost the cookie (cleared cookies, a new cookie jar) would see the default.
 * Pure rules here; stored-choice-start.ts runs them on every page before any island.
 */
export interface StoredChoiceInput {
  /** What the page was rendered in (data-language-id, data-currency on <html>). */
  pageLanguage: string;
  pageCurrency: string;
  /** The shop's valid values (data-language-ids, data-currency-codes). */
  languages: readonly string[];
  currencies: readonly string[];
  /** localStorage values, or null. */
  storedLanguage: string | null;
  storedCurrency: string | null;
  /** Whether the request carried the cookies. */
  hasLanguageCookie: boolean;
  /**
   * The address names the page's language (`/de/…`, ADR 028): a stored choice never overrides
   * that (only the unprefixed address follows a choice). Without a language cookie the page's
   * language becomes the choice, so links the browser builds without a prefix stay in it.
   */
  languageInAddress?: boolean;
  hasCurrencyCookie: boolean;
}

export interface StoredChoicePlan {
  /** Cookies to write (name → value). */
  cookies: Record<string, string>;
  /** localStorage values to replace (an invalid stored value becomes the page's). */
  store: Record<string, string>;
  /** The page was rendered in another language or currency than the stored one: render again. */
  reload: boolean;
}

function one(
  name: string,
  page: string,
  valid: readonly string[],
  stored: string | null,
  hasCookie: boolean,
  plan: StoredChoicePlan,
): void {
  if (hasCookie || page === '') return;
  if (stored !== null && valid.includes(stored)) {
    plan.cookies[name] = stored;
    if (stored !== page) plan.reload = true;
    return;
  }
  // Nothing stored, or a value the shop no longer has: the page's choice becomes the stored one.
  if (stored !== null) plan.store[name] = page;
  plan.cookies[name] = page;
}

export function planStoredChoice(input: StoredChoiceInput): StoredChoicePlan {
  const plan: StoredChoicePlan = { cookies: {}, store: {}, reload: false };
  if (!input.languageInAddress)
    one('languageId', input.pageLanguage, input.languages, input.storedLanguage, input.hasLanguageCookie, plan);
  else if (!input.hasLanguageCookie && input.pageLanguage !== '') {
    plan.cookies.languageId = input.pageLanguage;
    if (input.storedLanguage !== input.pageLanguage) plan.store.languageId = input.pageLanguage;
  }
  one('currency', input.pageCurrency, input.currencies, input.storedCurrency, input.hasCurrencyCookie, plan);
  return plan;
}
