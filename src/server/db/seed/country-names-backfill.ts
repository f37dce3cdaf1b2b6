/**
 * German and French country names for shops created before migration 0032 (ADR 041): SQL cannot
 * call Intl.DisplayNames, so start-up writes them. A language gets them only while it has no
 * country text at all: once it has one (the base data, this back-fill, or staff), the names are
 * the staff's to edit and an emptied name is not written back. Safe to run on every start and
 * on several instances at once (a row that is already there is left alone).
 */
import { inArray } from 'drizzle-orm';
import { countries, countryTranslations, languages } from '../schema/index';
import type { Db } from '../client';

/** How many rows it wrote (0 when every German and French shop language already has names). */
export async function backfillCountryNames(db: Db): Promise<number> {
  const shopLanguages = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(inArray(languages.code, ['de', 'fr']));
  const named = await db
    .selectDistinct({ languageId: countryTranslations.languageId })
    .from(countryTranslations)
    .where(
      inArray(
        countryTranslations.languageId,
        shopLanguages.map((l) => l.id),
      ),
    );
  const missing = shopLanguages.filter((l) => !named.some((n) => n.languageId === l.id));
  if (missing.length === 0) return 0;
  const ids = Object.fromEntries(
    (await db.select({ id: countries.id, iso: countries.iso }).from(countries)).map((c) => [c.iso, c.id]),
  );
  let written = 0;
  for (const language of missing) {
    const namer = new Intl.DisplayNames([language.code], { type: 'region', fallback: 'code' });
    const rows = Object.entries(ids).map(([iso, countryId]) => ({
      countryId,
      languageId: language.id,
      name: namer.of(iso) ?? iso,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db
        .insert(countryTranslations)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ id: countryTranslations.countryId });
      written += inserted.length;
    }
  }
  return written;
}
