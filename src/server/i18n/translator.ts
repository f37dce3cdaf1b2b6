import i18next, { type i18n } from 'i18next';
import type { Translator } from '@/lib/translator';
import { FALLBACK_LANGUAGE, type Messages } from './messages';

/**
 * One i18next instance per language, never shared between languages: the instance's language is
 * fixed at creation, so concurrent requests in different languages cannot change each other's text
 * (the global instance of astro-i18next did exactly that, see docs/decisions/001).
 */
export async function createTranslator(code: string, own: Messages, fallback: Messages): Promise<Translator> {
  const instance: i18n = i18next.createInstance();
  await instance.init({
    lng: code,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {
      [FALLBACK_LANGUAGE]: { translation: fallback },
      ...(code === FALLBACK_LANGUAGE ? {} : { [code]: { translation: own } }),
    },
    // Keys are flat strings that contain dots; Astro escapes output, so no double escaping.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
  });
  const fixed = instance.getFixedT(code);
  // A page asks for the same plain texts on every render (header, footer, cards): i18next's
  // lookup was ~9 % of a page's CPU. The instance never changes after init (an edit builds a new
  // one), so a text without variables can be kept for the instance's life.
  const plain = new Map<string, string>();
  return (key, vars) => {
    if (vars) return String(fixed(key, vars));
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = String(fixed(key, {}))));
    return text;
  };
}
