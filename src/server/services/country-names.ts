import { sql, type SQL } from 'drizzle-orm';
import { countries, countryTranslations } from '../db/schema/index';

/**
 * A country's name in a language: its country_translations row, else countries.name (the
 * default language's), the same per-field fallback as content. A correlated subquery, so every
 * query that reads `countries` can name them without a join.
 */
export function localCountryName(languageId: number): SQL<string> {
  return sql<string>`coalesce((select nullif(${countryTranslations.name}, '') from ${countryTranslations}
    where ${countryTranslations.countryId} = ${countries.id} and ${countryTranslations.languageId} = ${languageId}), ${countries.name})`;
}
