/**
 * Start-up back-fills German and French country names for shops made before migration 0032 (ADR
 * 041), on a real database (both engines with TEST_DATABASE_URL): only languages without any
 * country text get them, a second run writes nothing, and staff's texts are left alone.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryTranslations } from '@/server/db/schema/index';
import { backfillCountryNames } from '@/server/db/seed/country-names-backfill';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';

const database = useTestDatabase({ seed: 'none' });
const db = () => database().db;
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
});

const nameOf = async (countryId: number, languageId: number) =>
  (
    await db()
      .select({ name: countryTranslations.name })
      .from(countryTranslations)
      .where(and(eq(countryTranslations.countryId, countryId), eq(countryTranslations.languageId, languageId)))
  )[0]?.name;

describe('backfillCountryNames', () => {
  it('names every country in German once; a second run and a staff text are left alone', async () => {
    const de = fx.catalog.lang.de;
    await db().delete(countryTranslations);
    const written = await backfillCountryNames(db());
    const countryCount = Object.keys(fx.country).length;
    expect(written).toBeGreaterThanOrEqual(countryCount);
    expect(await nameOf(fx.country.de, de)).toBe('Deutschland');
    expect(await nameOf(fx.country.nl, de)).toBe('Niederlande');

    // Staff change one name and empty another: start-up does not write them back.
    await db()
      .update(countryTranslations)
      .set({ name: 'BRD' })
      .where(and(eq(countryTranslations.countryId, fx.country.de), eq(countryTranslations.languageId, de)));
    await db()
      .delete(countryTranslations)
      .where(and(eq(countryTranslations.countryId, fx.country.nl), eq(countryTranslations.languageId, de)));
    expect(await backfillCountryNames(db())).toBe(0);
    expect(await nameOf(fx.country.de, de)).toBe('BRD');
    expect(await nameOf(fx.country.nl, de)).toBeUndefined();
  });

  it('two start-ups at once write each name once', async () => {
    await db().delete(countryTranslations);
    const [a, b] = await Promise.all([backfillCountryNames(db()), backfillCountryNames(db())]);
    const rows = await db().select().from(countryTranslations);
    expect(a + b).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.countryId}:${r.languageId}`)).size).toBe(rows.length);
  });
});
