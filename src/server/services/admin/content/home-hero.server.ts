/**
 * The home page's hero texts per language (issue 25): each language's messages home.hero.title
 * and home.hero.subtitle, which the home page shows (src/pages/index.astro). The settings screen
 * edits them beside the shop settings; an empty text brings back the language's built-in one.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { localizations } from '@/server/db/schema/index';
import { FALLBACK_LANGUAGE, fileMessages } from '@/server/i18n/index';
import type { HomeHero } from '@/lib/contract/admin/routes';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';
import { writeMessage } from './translations.server';

export type { HomeHero };

const KEYS = { hero_title: 'home.hero.title', hero_subtitle: 'home.hero.subtitle' } as const;
type Field = keyof typeof KEYS;

/** What the language shows while its own text is empty: its message file, else the English one. */
function builtIn(code: string, field: Field): string {
  return fileMessages(code)[KEYS[field]] ?? fileMessages(FALLBACK_LANGUAGE)[KEYS[field]] ?? '';
}

/** Every language's hero texts, in the languages' order. */
export async function getHomeHeroes(db: Db): Promise<HomeHero[]> {
  const { all } = await adminLanguages(db);
  const rows = await db
    .select({ languageId: localizations.languageId, key: localizations.key, value: localizations.value })
    .from(localizations)
    .where(inArray(localizations.key, Object.values(KEYS)));
  // What the language shows: its stored text (the i18n engine skips an empty one), else the built-in.
  const shown = (l: { id: number; code: string }, field: Field) =>
    rows.find((r) => r.languageId === l.id && r.key === KEYS[field] && r.value !== '')?.value ?? builtIn(l.code, field);
  return all.map((l) => ({
    language_id: l.id,
    code: l.code,
    hero_title: shown(l, 'hero_title'),
    hero_subtitle: shown(l, 'hero_subtitle'),
    default_title: builtIn(l.code, 'hero_title'),
    default_subtitle: builtIn(l.code, 'hero_subtitle'),
  }));
}

/** One language's texts (without language_id: the default language's). */
export async function updateHomeHero(
  db: Db,
  editor: Editor,
  patch: { language_id?: number; hero_title?: string; hero_subtitle?: string },
): Promise<HomeHero> {
  const language = pickLanguage(await adminLanguages(db), patch.language_id);
  const given = (Object.keys(KEYS) as Field[]).filter((field) => patch[field] !== undefined);
  await transaction(db, async (tx) => {
    for (const field of given) {
      const value = patch[field]!;
      if (value === '')
        await tx
          .delete(localizations)
          .where(and(eq(localizations.languageId, language.id), eq(localizations.key, KEYS[field])));
      else await writeMessage(tx, language.id, KEYS[field], value);
    }
    await recordChange(tx, editor, 'home_hero', language.code, 'update', given.join(', '));
  });
  contentChanged(db, 'content');
  return (await getHomeHeroes(db)).find((h) => h.language_id === language.id)!;
}
