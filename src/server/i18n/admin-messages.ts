/**
 * The back office's own texts (src/i18n/admin/{language}/{area}.json): kept apart from the shop's
 * messages so GET /api/localizations, the Translations page and shoppers' islands never carry
 * several hundred texts only staff read. They are not editable in the database: the admin speaks
 * the shop's bundled languages (en, de, fr); any other language falls back to English per key.
 * One file per area, so areas can be translated independently; keys start with `admin.{area}.`.
 */
import type { Translator } from '@/lib/translator';
import { FALLBACK_LANGUAGE, type Messages, normalizeCode } from './messages';
import { createTranslator } from './translator';

// Bundled at build time (not read from disk), like the shop's message files.
const files = import.meta.glob<Messages>('/src/i18n/admin/*/*.json', { eager: true, import: 'default' });

function collect(): Record<string, Messages> {
  const byLanguage: Record<string, Messages> = {};
  for (const [path, messages] of Object.entries(files)) {
    const code = /\/admin\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1];
    if (code) Object.assign((byLanguage[code] ??= {}), messages);
  }
  return byLanguage;
}

const MESSAGES = collect();

/** Every admin text of a language, keyed; empty for a language without admin files. */
export function adminMessages(code: string): Messages {
  return MESSAGES[normalizeCode(code)] ?? {};
}

/** The language codes that have admin texts (en, de, fr). */
export function adminLanguageCodes(): string[] {
  return Object.keys(MESSAGES);
}

const translators = new Map<string, Promise<Translator>>();

/** The admin's translation function for a language code; unknown keys fall back to English. */
export function getAdminTranslator(code: string): Promise<Translator> {
  const key = normalizeCode(code);
  let translator = translators.get(key);
  if (!translator) {
    translator = createTranslator(key, adminMessages(key), adminMessages(FALLBACK_LANGUAGE));
    translators.set(key, translator);
  }
  return translator;
}

/**
 * The texts of one area for an island (keys starting with `prefix`), English under the language:
 * an island gets only its own texts and reads them with adminText() from src/lib/admin-text.ts.
 */
export function adminTextsFor(code: string, prefix: string): Messages {
  const pick = (messages: Messages) =>
    Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith(prefix)));
  return { ...pick(adminMessages(FALLBACK_LANGUAGE)), ...pick(adminMessages(code)) };
}
