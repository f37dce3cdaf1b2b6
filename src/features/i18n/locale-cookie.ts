/**
 * The storage keys and cookie writer of the language and currency choice, without the stores:
 * the start-up script on every page (stored-choice-start.ts) needs only these.
 */
export const LANGUAGE_KEY = 'languageId';
export const CURRENCY_KEY = 'currency';
export const CURRENCY_SYMBOL_KEY = 'currencySymbol';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function writeCookie(name: string, value: string, maxAgeS: number = COOKIE_MAX_AGE_S): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}
