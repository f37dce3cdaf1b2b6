import type { APIRoute } from 'astro';
import { getDb } from '../server/runtime';
import { safeRedirect } from '../lib/redirect';
import { chooseFromForm, LOCALE_COOKIE_MAX_AGE } from '../server/services/locale-switch';
import { chooseLanguage, CURRENCY_COOKIE, LANGUAGE_COOKIE, loadShopBasics } from '../server/services/request-context';
import { pathInLanguage } from '../lib/language-path';

export const prerender = false;

/**
 * The header pickers' form target when JavaScript is off: stores the choice in the same cookies
 * the islands write, then sends the shopper back to the page they were on (the shop's one
 * same-site check; anything else goes home).
 */
export const GET: APIRoute = async ({ url, cookies, redirect }) => {
  const { languages, currencies } = await loadShopBasics(await getDb());
  const choice = chooseFromForm(url.searchParams, languages, currencies);
  const options = { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' as const };
  if (choice.language) cookies.set(LANGUAGE_COOKIE, String(choice.language.id), options);
  if (choice.currency) cookies.set(CURRENCY_COOKIE, choice.currency.code, options);
  const back = safeRedirect(url.searchParams.get('redirect'), '/');
  // Back to the same page in the chosen language (ADR 028).
  const language = choice.language ?? chooseLanguage(languages, cookies.get(LANGUAGE_COOKIE)?.value);
  const fallback = chooseLanguage(languages, undefined);
  return redirect(
    pathInLanguage(
      back,
      language.code,
      fallback.code,
      languages.map((l) => l.code),
    ),
    303,
  );
};
