/** The shop's side of the VAT scheme (ADR 030): home country, OSS and the per-country rates. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '../catalog/rows';
import type { CountryRates, TaxShop } from './vat-scheme';

interface SettingsPart {
  homeCountryId: number | null;
  usesOss: boolean;
  vatPercent: string;
}

/** Read through `reader` (checkout passes its transaction: PGlite has one connection). */
export async function loadTaxShop(reader: Db, settings: SettingsPart | null | undefined): Promise<TaxShop> {
  const rows = rowsOf<{ iso: string; kind: 'standard' | 'reduced'; percent: string }>(
    await reader.execute(sql`
      select upper(c.iso) as iso, r.kind, r.percent::text as percent
      from country_vat_rates r join countries c on c.id = r.country_id`),
  );
  const rates = new Map<string, CountryRates>();
  for (const r of rows) rates.set(r.iso, { ...rates.get(r.iso), [r.kind]: r.percent });
  let homeIso: string | null = null;
  if (settings?.homeCountryId != null) {
    const [home] = rowsOf<{ iso: string }>(
      await reader.execute(sql`select upper(iso) as iso from countries where id = ${settings.homeCountryId}`),
    );
    homeIso = home?.iso ?? null;
  }
  return { homeIso, usesOss: settings?.usesOss ?? false, ownStandard: settings?.vatPercent ?? '0', rates };
}
