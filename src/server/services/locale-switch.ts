import type { CurrencyOption, LanguageOption } from './request-context';

/** A year, like the cookies the pickers write in the browser (src/features/i18n/locale.ts). */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export interface LocaleChoice {
  language?: LanguageOption;
  currency?: CurrencyOption;
}

/**
 * What a no-JavaScript picker form asked for; values that name no known language or currency
 * are ignored, so a stale form never stores a bad cookie.
 */
export function chooseFromForm(
  params: URLSearchParams,
  languages: readonly LanguageOption[],
  currencies: readonly CurrencyOption[],
): LocaleChoice {
  const languageId = params.get('languageId');
  const currencyCode = params.get('currency')?.trim().toUpperCase();
  return {
    language:
      languageId && /^\d{1,9}$/.test(languageId) ? languages.find((l) => l.id === Number(languageId)) : undefined,
    currency: currencyCode ? currencies.find((c) => c.code === currencyCode) : undefined,
  };
}
