import { localized } from '@/server/services/localized';
import type { Db } from '@/server/db/client';
import { ConflictError, InvalidInputError } from '../errors';
import { type LanguageOption, loadShopBasics } from '../request-context';

export interface AdminLanguages {
  all: LanguageOption[];
  /** Its texts live in the base rows; other languages in *_translations. */
  default: LanguageOption;
}

export async function adminLanguages(db: Db): Promise<AdminLanguages> {
  const all = (await loadShopBasics(db)).languages;
  const fallback = all.find((l) => l.isDefault) ?? all[0];
  if (!fallback) throw new ConflictError(localized('admin.api.noLanguages'));
  return { all, default: fallback };
}

/** The language an edit names (default: the default language); an unknown id is a 422. */
export function pickLanguage(languages: AdminLanguages, languageId: number | undefined): LanguageOption {
  if (languageId === undefined) return languages.default;
  const found = languages.all.find((l) => l.id === languageId);
  if (!found)
    throw new InvalidInputError(localized('admin.api.unknownLanguage'), {
      language_id: [localized('admin.api.unknownLanguage')],
    });
  return found;
}
