/**
 * UI translations for editors: the English files are the reference key set; a language's text is
 * its localizations row, else its message file (the i18n engine's order). A key with neither is
 * missing, and the shop shows the English text for it until someone translates it.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { localizations } from '@/server/db/schema/index';
import { FALLBACK_LANGUAGE, fileMessages, placeholders } from '@/server/i18n/index';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';

export interface TranslationRow {
  key: string;
  /** Null when missing. */
  value: string | null;
  english: string;
  missing: boolean;
}

export interface TranslationList {
  language_id: number;
  code: string;
  total: number;
  missing: number;
  /** At most `limit` rows, matching the search. */
  items: TranslationRow[];
}

async function stored(db: Db, languageId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: localizations.key, value: localizations.value })
    .from(localizations)
    .where(eq(localizations.languageId, languageId));
  return new Map(rows.filter((r) => r.value !== '').map((r) => [r.key, r.value]));
}

async function englishReference(db: Db, englishId: number | undefined): Promise<Map<string, string>> {
  const reference = new Map(Object.entries(fileMessages(FALLBACK_LANGUAGE)));
  if (englishId !== undefined) for (const [key, value] of await stored(db, englishId)) reference.set(key, value);
  return reference;
}

export async function listTranslations(
  db: Db,
  input: { language_id: number; q?: string; missing?: boolean; limit?: number },
): Promise<TranslationList> {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, input.language_id);
  const english = languages.all.find((l) => l.code === FALLBACK_LANGUAGE);
  const reference = await englishReference(db, english?.id);
  const own = { ...fileMessages(language.code), ...Object.fromEntries(await stored(db, language.id)) };
  const q = input.q?.trim().toLowerCase() ?? '';
  const rows: TranslationRow[] = [...reference.keys()].sort().map((key) => {
    const value = own[key] ?? null;
    return { key, value, english: reference.get(key) ?? '', missing: value === null };
  });
  const matching = rows.filter((r) => (!q || r.key.toLowerCase().includes(q)) && (!input.missing || r.missing));
  return {
    language_id: language.id,
    code: language.code,
    total: rows.length,
    missing: rows.filter((r) => r.missing).length,
    items: matching.slice(0, input.limit ?? 200),
  };
}

/** Stores a language's text of a message key (an empty text: the message file's text shows). */
export async function writeMessage(tx: Tx, languageId: number, key: string, value: string): Promise<void> {
  await tx
    .insert(localizations)
    .values({ languageId, key, value })
    .onConflictDoUpdate({ target: [localizations.languageId, localizations.key], set: { value } });
}

export const UNKNOWN_KEY = localized('admin.api.unknownMessageKey');

export async function saveTranslation(
  db: Db,
  editor: Editor,
  input: { language_id: number; key: string; value: string },
) {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, input.language_id);
  const english = languages.all.find((l) => l.code === FALLBACK_LANGUAGE);
  const reference = await englishReference(db, english?.id);
  const englishText = reference.get(input.key);
  if (englishText === undefined) throw new InvalidInputError(UNKNOWN_KEY, { key: [UNKNOWN_KEY] });
  const expected = placeholders(englishText);
  if (placeholders(input.value).join() !== expected.join()) {
    const message = expected.length
      ? localized('admin.api.keepPlaceholders', { placeholders: expected.map((p) => `{{${p}}}`).join(' ') })
      : localized('admin.api.keepNoPlaceholders');
    throw new InvalidInputError(message, { value: [message] });
  }
  await transaction(db, async (tx) => {
    await writeMessage(tx, language.id, input.key, input.value);
    await recordChange(tx, editor, 'translation', `${language.code}:${input.key}`, 'update', input.value.slice(0, 200));
  });
  contentChanged(db, 'content');
  const [row] = await db
    .select({ value: localizations.value })
    .from(localizations)
    .where(and(eq(localizations.languageId, language.id), eq(localizations.key, input.key)));
  return {
    key: input.key,
    value: row?.value ?? input.value,
    english: englishText,
    missing: false,
    language_id: language.id,
    code: language.code,
  };
}
