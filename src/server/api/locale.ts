import type { MiddlewareHandler } from 'hono';
import {
  type CurrencyOption,
  type LanguageOption,
  chooseCurrency,
  chooseLanguage,
  loadShopBasics,
} from '../services/request-context';
import type { ApiEnv } from './env';
import { BODY_METHODS } from './body';
import { HttpError } from './errors';

/** The request's currency and language, as every API call carries them (spec §7 common rules). */
export interface ApiLocale {
  currency: CurrencyOption;
  language: LanguageOption;
}

/** Reads `currency` and `lang_id` from the JSON body of a write, else from the query string. */
async function rawLocale(c: Parameters<MiddlewareHandler<ApiEnv>>[0]) {
  let currency: unknown = c.req.query('currency');
  let langId: unknown = c.req.query('lang_id');
  if (BODY_METHODS.has(c.req.method) && c.req.header('Content-Type')?.includes('application/json')) {
    // Hono caches the parsed body, so the route's validator reads it again for free. A malformed
    // body is left for that validator to report.
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const fields = body as Record<string, unknown>;
      currency = fields.currency ?? currency;
      langId = fields.lang_id ?? langId;
    }
  }
  return { currency, langId };
}

/**
 * Resolves c.var.currency and c.var.language. Absent values mean the shop's defaults; a value
 * that names no known currency or language is a 422, never a silent fallback.
 */
export function withLocale(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const basics = await loadShopBasics(c.var.db);
    const { currency, langId } = await rawLocale(c);

    let chosenCurrency = chooseCurrency(basics.currencies, undefined);
    if (currency !== undefined && currency !== null && currency !== '') {
      const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
      const found = basics.currencies.find((option) => option.code === code);
      if (!found) {
        const message = 'The selected currency is invalid.';
        throw new HttpError(422, message, { errors: { currency: [message] } });
      }
      chosenCurrency = found;
    }

    let chosenLanguage = chooseLanguage(basics.languages, undefined);
    if (langId !== undefined && langId !== null && langId !== '') {
      const id = typeof langId === 'number' ? langId : /^\d{1,9}$/.test(String(langId)) ? Number(langId) : NaN;
      const found = basics.languages.find((option) => option.id === id);
      if (!found) {
        const message = 'The selected language is invalid.';
        throw new HttpError(422, message, { errors: { lang_id: [message] } });
      }
      chosenLanguage = found;
    }

    c.set('currency', chosenCurrency);
    c.set('language', chosenLanguage);
    await next();
  };
}
