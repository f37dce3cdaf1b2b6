/** What /admin/settings shows: the settings, every language's hero texts, the country and currency lists. */
import type { Db } from '@/server/db/client';
import { FALLBACK_LANGUAGE, fileMessages } from '@/server/i18n/index';
import { getAdminSettings, settingsChoices } from '@/server/services/admin/settings/settings.server';
import { getHomeHeroes } from '@/server/services/admin/content/home-hero.server';
import { adminLanguages } from '@/server/services/admin/languages';
import { homePageId } from '@/server/services/home-page.server';

export async function loadSettingsPage(db: Db) {
  const [settings, heroes, languages, homeId, choices] = await Promise.all([
    getAdminSettings(db),
    getHomeHeroes(db),
    adminLanguages(db),
    homePageId(db),
    settingsChoices(db),
  ]);
  const titles = new Map(languages.all.map((l) => [l.id, l.title]));
  return {
    settings,
    heroes: heroes.map((h) => ({ ...h, title: titles.get(h.language_id) ?? h.code })),
    homeId,
    countries: choices.countries,
    currencies: choices.currencies,
    /** What the shop is called while the name is empty: the default language's app.name file text. */
    fallbackName: fileMessages(languages.default.code)['app.name'] ?? fileMessages(FALLBACK_LANGUAGE)['app.name'] ?? '',
  };
}

export type SettingsPageData = Awaited<ReturnType<typeof loadSettingsPage>>;
