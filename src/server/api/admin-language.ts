/**
 * The admin API answers in the admin's language (issue 17): the language the admin pages are
 * shown in, i.e. the shop's language cookie, else the shop's default language. Not `lang_id`:
 * on /api/admin that names the language of the content being edited, not the editor's own.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { adminLanguageCodes, getAdminTranslator } from '../i18n/admin-messages';
import { FALLBACK_LANGUAGE } from '../i18n/messages';
import { chooseLanguage, LANGUAGE_COOKIE, loadShopBasics } from '../services/request-context';
import type { AdminEnv } from './env';

/** Sets c.var.at. Only on admin sub-apps, so shopper answers never change language through it. */
export function withAdminLanguage(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const basics = await loadShopBasics(c.var.db);
    const language = chooseLanguage(basics.languages, getCookie(c, LANGUAGE_COOKIE));
    c.set('at', await getAdminTranslator(language.code));
    c.set('atLanguage', adminLanguageCodes().includes(language.code) ? language.code : FALLBACK_LANGUAGE);
    await next();
  };
}

/**
 * A sub-app of /api/admin: like createRouter() (env.ts), plus c.var.at, which the API's error
 * handler also uses to translate the Localized errors its handlers and services throw.
 */
export function createAdminRouter(): Hono<AdminEnv> {
  return new Hono<AdminEnv>().use(withAdminLanguage());
}
