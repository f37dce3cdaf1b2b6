/**
 * The VAT screen's country part (ADR 030): whether the shop uses the One-Stop-Shop, and each
 * country's standard and reduced rate. The EU member states and every country with a stored rate
 * are listed; a change applies to the next totals, orders keep the VAT they were placed with.
 */
import { transaction } from '@/server/services/transaction';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries, countryVatRates, settings } from '@/server/db/schema/index';
import type { CountryVatPatch } from '@/lib/contract/admin/shipping';
import { isEuMember } from '@/lib/rules/regions';
import { localized } from '@/server/services/localized';
import { NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, recordChange } from '../audit';

const COUNTRY_NOT_FOUND = localized('admin.api.countryNotFound');

async function schemeOf(db: Db | Tx) {
  const [s] = await db
    .select({ homeCountryId: settings.homeCountryId, usesOss: settings.usesOss })
    .from(settings)
    .where(eq(settings.id, 1));
  const [rows, rates] = await Promise.all([
    db
      .select({ id: countries.id, name: countries.name, iso: countries.iso })
      .from(countries)
      .orderBy(asc(countries.name), asc(countries.id)),
    db.select().from(countryVatRates),
  ]);
  const homeId = s?.homeCountryId ?? null;
  const list = rows
    .map((c) => {
      const own = rates.filter((r) => r.countryId === c.id);
      const pick = (kind: 'standard' | 'reduced') => {
        const row = own.find((r) => r.kind === kind);
        return row ? Number(row.percent).toFixed(2) : null;
      };
      return {
        country_id: c.id,
        name: c.name,
        iso: c.iso,
        eu: isEuMember(c.iso),
        home: c.id === homeId,
        standard: pick('standard'),
        reduced: pick('reduced'),
      };
    })
    .filter((c) => c.eu || c.home || c.standard !== null || c.reduced !== null);
  const home = rows.find((c) => c.id === homeId) ?? null;
  return { home_country: home, uses_oss: s?.usesOss ?? false, countries: list };
}

export async function vatSchemeSettings(db: Db) {
  return schemeOf(db);
}

export async function updateVatScheme(db: Db, editor: Editor, usesOss: boolean) {
  const scheme = await transaction(db, async (tx) => {
    await tx.insert(settings).values({ id: 1, usesOss }).onConflictDoUpdate({ target: settings.id, set: { usesOss } });
    await recordChange(tx, editor, 'settings', 1, 'update', `uses_oss: ${usesOss}`);
    return schemeOf(tx);
  });
  // VAT never changes a product's filter columns: the catalogue index stays.
  contentChanged(db, 'content');
  return scheme;
}

/** Sets (a percent) or removes (null) a country's standard and reduced rate. */
export async function updateCountryVat(db: Db, editor: Editor, countryId: number, patch: CountryVatPatch) {
  const row = await transaction(db, async (tx) => {
    const [country] = await tx.select().from(countries).where(eq(countries.id, countryId));
    if (!country) throw new NotFoundError(COUNTRY_NOT_FOUND);
    for (const kind of ['standard', 'reduced'] as const) {
      const percent = patch[kind];
      if (percent === undefined) continue;
      if (percent === null)
        await tx
          .delete(countryVatRates)
          .where(and(eq(countryVatRates.countryId, countryId), eq(countryVatRates.kind, kind)));
      else
        await tx
          .insert(countryVatRates)
          .values({ countryId, kind, percent })
          .onConflictDoUpdate({ target: [countryVatRates.countryId, countryVatRates.kind], set: { percent } });
    }
    await recordChange(
      tx,
      editor,
      'vat_rate',
      `country:${country.iso}`,
      'update',
      `${country.name}: ${Object.entries(patch)
        .map(([k, v]) => `${k} ${v ?? '—'}`)
        .join(', ')}`,
    );
    const scheme = await schemeOf(tx);
    return (
      scheme.countries.find((c) => c.country_id === countryId) ?? {
        country_id: country.id,
        name: country.name,
        iso: country.iso,
        eu: false,
        home: false,
        standard: null,
        reduced: null,
      }
    );
  });
  // Also empties the settings cache: the home country's standard rate is the vat_percent readers see
  // (request-context.ts); no product's filter columns change, so the catalogue index stays.
  contentChanged(db, 'content');
  return row;
}
