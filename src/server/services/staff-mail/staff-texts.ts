/**
 * The staff mails' texts (src/i18n/admin/{language}/staffMail.json), imported as JSON rather than
 * through admin-messages.ts: the daily digest runs from the start script's boot bundle (esbuild),
 * which has no import.meta.glob. English fills in per key for the other languages.
 */
import de from '@/i18n/admin/de/staffMail.json';
import en from '@/i18n/admin/en/staffMail.json';
import fr from '@/i18n/admin/fr/staffMail.json';
import type { Translator } from '@/lib/translator';
import { createTranslator } from '@/server/i18n/translator';

const FILES: Readonly<Record<string, Record<string, string>>> = { en, de, fr };

const translators = new Map<string, Promise<Translator>>();

export function staffMailTranslator(code: string): Promise<Translator> {
  const key = FILES[code] ? code : 'en';
  let translator = translators.get(key);
  if (!translator) translators.set(key, (translator = createTranslator(key, FILES[key]!, en)));
  return translator;
}
