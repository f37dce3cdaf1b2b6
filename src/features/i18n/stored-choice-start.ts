/**
 * Runs on every page (DefaultLayout), before the islands, which adopt the page's choice and would
 * overwrite the stored one: applies planStoredChoice, reloading at most once per tab session so a
 * browser that refuses cookies never loops.
 */
import { CURRENCY_KEY, LANGUAGE_KEY, writeCookie } from './locale-cookie';
import { planStoredChoice } from './stored-choice';

const RELOADED = 'stored-choice-reloaded';

function read(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    // @nanostores/persistent keeps plain strings; an empty one means "never chosen".
    return raw === null || raw === '' ? null : raw;
  } catch {
    return null;
  }
}

const html = document.documentElement.dataset;
const cookieNames = new Set(document.cookie.split(/;\s*/).map((c) => c.split('=')[0]));
const plan = planStoredChoice({
  pageLanguage: html.languageId ?? '',
  pageCurrency: html.currency ?? '',
  languages: (html.languageIds ?? '').split(',').filter(Boolean),
  currencies: (html.currencyCodes ?? '').split(',').filter(Boolean),
  storedLanguage: read(LANGUAGE_KEY),
  storedCurrency: read(CURRENCY_KEY),
  hasLanguageCookie: cookieNames.has('languageId'),
  hasCurrencyCookie: cookieNames.has('currency'),
  languageInAddress: (html.pathPrefix ?? '') !== '',
});
for (const [name, value] of Object.entries(plan.cookies)) writeCookie(name, value);
for (const [key, value] of Object.entries(plan.store)) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage refused: nothing to repair
  }
}
if (plan.reload && sessionStorage.getItem(RELOADED) === null) {
  sessionStorage.setItem(RELOADED, '1');
  location.reload();
}
