/**
 * Delivery zones, countries and currencies for staff (ADR 026). Prices are stored in euros: the
 * euro's rate stays 1 and it cannot be removed; exactly one currency is the default for new
 * visitors. Each change in one transaction with its audit row, then every instance's caches
 * emptied (the next totals and pages use it).
 */
import { type RoundingRule, minorDigits } from '@/lib/money';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries, currencies, shippingRates, shippingZones, vatRates } from '@/server/db/schema/index';
import { type CountryState, flagsOf } from '@/lib/rules/country-state';
import type {
  CountriesBulk,
  CountryPatch,
  CurrencyCreate,
  CurrencyPatch,
  VatRateCreate,
  VatRatePatch,
  ZoneCreate,
  ZonePatch,
} from '@/lib/contract/admin/shipping';
import { uniqueViolation } from '@/server/db/error-chain';
import { ConflictError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, changedFields, definedOnly, recordChange } from '../audit';
import { lockCurrencies, makeDefaultCurrency } from './default-currency.server';

export const ZONE_NOT_FOUND = localized('admin.api.zoneNotFound');
export const COUNTRY_NOT_FOUND = localized('admin.api.countryNotFound');
export const CURRENCY_NOT_FOUND = localized('admin.api.currencyNotFound');
const BASE = 'EUR';

async function zoneRows(db: Db | Tx) {
  return db
    .select({
      id: shippingZones.id,
      code: shippingZones.code,
      name: shippingZones.name,
      cost: shippingRates.costCents,
      freeOver: shippingRates.freeOverCents,
      // Written out: drizzle renders a column inside a select list without its table.
      countries: sql<number>`(select count(*)::int from countries c where c.zone_id = "shipping_zones"."id")`,
    })
    .from(shippingZones)
    .leftJoin(shippingRates, eq(shippingRates.zoneId, shippingZones.id))
    .orderBy(asc(shippingZones.id));
}
type ZoneRow = Awaited<ReturnType<typeof zoneRows>>[number];
const zoneJson = (z: ZoneRow) => ({
  id: z.id,
  code: z.code,
  name: z.name,
  cost_cents: z.cost ?? 0,
  free_over_cents: z.freeOver ?? null,
  countries: Number(z.countries),
});
const countryJson = (c: typeof countries.$inferSelect) => ({
  id: c.id,
  name: c.name,
  iso: c.iso,
  zone_id: c.zoneId,
  served: c.served,
  delivery_available: c.deliveryAvailable,
  postcode_pattern: c.postcodePattern,
});
const currencyJson = (c: typeof currencies.$inferSelect) => ({
  id: c.id,
  code: c.code,
  symbol: c.symbol,
  rate: String(Number(c.value)),
  is_default: c.isDefault,
  enabled: c.enabled,
  position: c.position,
  rounding: c.rounding,
  decimals: minorDigits(c.code),
});

/** .99 endings need cents: a currency without them (JPY) is refused the rule rather than silently rounded to whole units. */
function checkRounding(code: string, rounding: RoundingRule | undefined): void {
  if (rounding === 'end_99' && minorDigits(code) < 2) {
    throw new InvalidInputError(localized('admin.api.roundingNeedsCents', { code }), {
      rounding: [localized('admin.api.roundingNeedsCents', { code })],
    });
  }
}

export async function deliverySettings(db: Db) {
  const [zones, all] = await Promise.all([zoneRows(db), db.select().from(countries).orderBy(asc(countries.name))]);
  return { zones: zones.map(zoneJson), countries: all.map(countryJson) };
}

async function zoneById(tx: Db | Tx, id: number) {
  const zone = (await zoneRows(tx)).find((z) => z.id === id);
  if (!zone) throw new NotFoundError(ZONE_NOT_FOUND);
  return zoneJson(zone);
}

export async function createZone(db: Db, editor: Editor, input: ZoneCreate) {
  const zone = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(shippingZones)
      .values({ code: input.code, name: input.name })
      .returning({ id: shippingZones.id });
    await tx
      .insert(shippingRates)
      .values({ zoneId: row!.id, costCents: input.cost_cents, freeOverCents: input.free_over_cents ?? null });
    await recordChange(tx, editor, 'shipping', `zone:${row!.id}`, 'create', `${input.code}: ${input.cost_cents} cents`);
    return zoneById(tx, row!.id);
  }).catch((error: unknown) => {
    if (uniqueViolation(error)?.includes('code'))
      throw new InvalidInputError(localized('admin.api.zoneCodeTaken'), {
        code: [localized('admin.api.zoneCodeTaken')],
      });
    throw error;
  });
  contentChanged(db, 'content');
  return zone;
}

export async function updateZone(db: Db, editor: Editor, id: number, patch: ZonePatch) {
  const zone = await transaction(db, async (tx) => {
    const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
    if (!row) throw new NotFoundError(ZONE_NOT_FOUND);
    if (patch.name !== undefined)
      await tx.update(shippingZones).set({ name: patch.name }).where(eq(shippingZones.id, id));
    const rate = definedOnly({ costCents: patch.cost_cents, freeOverCents: patch.free_over_cents });
    if (Object.keys(rate).length) {
      await tx
        .insert(shippingRates)
        .values({ zoneId: id, costCents: patch.cost_cents ?? 0, freeOverCents: patch.free_over_cents ?? null })
        .onConflictDoUpdate({ target: shippingRates.zoneId, set: rate });
    }
    await recordChange(tx, editor, 'shipping', `zone:${id}`, 'update', `${row.code}: ${changedFields(patch)}`);
    return zoneById(tx, id);
  });
  contentChanged(db, 'content');
  return zone;
}

/** A zone without countries goes with its price; one that still has countries is a 409 saying so. */
export async function deleteZone(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
    if (!row) throw new NotFoundError(ZONE_NOT_FOUND);
    // Counted under the zone's lock: a country moved into it meanwhile waits for the key share lock.
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(countries)
      .where(eq(countries.zoneId, id));
    if (Number(n) > 0)
      throw new ConflictError(localized('admin.api.zoneHasCountries', { code: row.code, count: Number(n) }));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordChange(tx, editor, 'shipping', `zone:${id}`, 'delete', row.code);
  });
  contentChanged(db, 'content');
}

export async function updateCountry(db: Db, editor: Editor, id: number, patch: CountryPatch) {
  const country = await transaction(db, async (tx) => {
    const [row] = await tx.select().from(countries).where(eq(countries.id, id)).for('update');
    if (!row) throw new NotFoundError(COUNTRY_NOT_FOUND);
    if (patch.zone_id) {
      const [zone] = await tx
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(eq(shippingZones.id, patch.zone_id));
      if (!zone)
        throw new InvalidInputError(localized('admin.api.chooseZone'), {
          zone_id: [localized('admin.api.chooseZone')],
        });
    }
    const set = definedOnly({
      zoneId: patch.zone_id,
      served: patch.served,
      deliveryAvailable: patch.delivery_available,
      postcodePattern: patch.postcode_pattern === '' ? null : patch.postcode_pattern,
    });
    const [after] = await tx.update(countries).set(set).where(eq(countries.id, id)).returning();
    await recordChange(tx, editor, 'shipping', `country:${row.iso}`, 'update', `${row.name}: ${changedFields(patch)}`);
    return countryJson(after!);
  });
  contentChanged(db, 'content');
  return country;
}

/**
 * Many countries to one state at once (the screen's "select by zone, region, search"): all or
 * none, one audit row naming them. Repeated ids count once; an unknown id refuses the lot.
 */
export async function setCountriesState(db: Db, editor: Editor, input: CountriesBulk) {
  const ids = [...new Set(input.ids)];
  const flags = flagsOf(input.state);
  const changed = await transaction(db, async (tx) => {
    const rows = await tx
      .select({ id: countries.id, iso: countries.iso })
      .from(countries)
      .where(inArray(countries.id, ids))
      .orderBy(asc(countries.id))
      .for('update');
    if (rows.length !== ids.length) {
      const known = new Set(rows.map((r) => r.id));
      const unknown = ids
        .filter((id) => !known.has(id))
        .slice(0, 5)
        .join(', ');
      const problem = localized('admin.api.countriesUnknown', { ids: unknown });
      throw new InvalidInputError(problem, { ids: [problem] });
    }
    const after = await tx
      .update(countries)
      .set(definedOnly({ served: flags.served, deliveryAvailable: flags.delivery_available }))
      .where(inArray(countries.id, ids))
      .returning();
    await recordChange(
      tx,
      editor,
      'shipping',
      'countries',
      'update',
      `${STATE_WORDS[input.state]}: ${rows.map((r) => r.iso).join(' ')}`.slice(0, 1000),
    );
    return after.sort((a, b) => a.name.localeCompare(b.name)).map(countryJson);
  });
  contentChanged(db, 'content');
  return { changed: changed.length, countries: changed };
}

const STATE_WORDS: Record<CountryState, string> = {
  served: 'served',
  on_request: 'served, delivery price on request',
  not_served: 'not served',
};

export async function listCurrencies(db: Db) {
  return (await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.id))).map(currencyJson);
}

export async function createCurrency(db: Db, editor: Editor, input: CurrencyCreate) {
  checkRounding(input.code, input.rounding);
  const currency = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(currencies)
      .values({
        code: input.code,
        symbol: input.symbol,
        value: input.rate,
        position: input.position ?? 0,
        rounding: input.rounding ?? 'exact',
      })
      .returning();
    await recordChange(tx, editor, 'currency', input.code, 'create', `${input.code} at ${input.rate}`);
    return currencyJson(row!);
  }).catch((error: unknown) => {
    if (uniqueViolation(error)?.includes('code'))
      throw new InvalidInputError(localized('admin.api.currencyTaken'), {
        code: [localized('admin.api.currencyTaken')],
      });
    throw error;
  });
  contentChanged(db, 'content');
  return currency;
}

export async function updateCurrency(db: Db, editor: Editor, id: number, patch: CurrencyPatch) {
  const currency = await transaction(db, async (tx) => {
    // Every currency row locked: making one the default takes it from another in the same step.
    const all = await lockCurrencies(tx);
    const row = all.find((c) => c.id === id);
    if (!row) throw new NotFoundError(CURRENCY_NOT_FOUND);
    checkRounding(row.code, patch.rounding);
    if (row.code === BASE && patch.rate !== undefined && Number(patch.rate) !== 1) {
      throw new InvalidInputError(localized('admin.api.euroRate'), { rate: [localized('admin.api.euroRate')] });
    }
    // Shoppers are always offered the default: it cannot be switched off, and becoming it switches it on
    // (the screen's "Make default" sends the form's unticked box along).
    if (patch.enabled === false && row.isDefault && !patch.is_default) {
      throw new InvalidInputError(localized('admin.api.defaultCurrencyOff'), {
        enabled: [localized('admin.api.defaultCurrencyOff')],
      });
    }
    if (patch.is_default) await makeDefaultCurrency(tx, id);
    const enabled = patch.is_default ? true : patch.enabled;
    const [after] = await tx
      .update(currencies)
      .set(
        definedOnly({
          symbol: patch.symbol,
          value: patch.rate,
          isDefault: patch.is_default,
          enabled,
          position: patch.position,
          rounding: patch.rounding,
        }),
      )
      .where(eq(currencies.id, id))
      .returning();
    await recordChange(
      tx,
      editor,
      'currency',
      row.code,
      'update',
      `${row.code}: ${changedFields(patch)}${patch.rate ? ` ${Number(row.value)} → ${patch.rate}` : ''}`,
    );
    return currencyJson(after!);
  });
  contentChanged(db, 'content');
  return currency;
}

export async function deleteCurrency(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
    if (!row) throw new NotFoundError(CURRENCY_NOT_FOUND);
    if (row.code === BASE) throw new ConflictError(localized('admin.api.euroNotRemovable'));
    if (row.isDefault) throw new ConflictError(localized('admin.api.defaultCurrencyFirst'));
    await tx.delete(currencies).where(eq(currencies.id, id));
    await recordChange(tx, editor, 'currency', row.code, 'delete', row.code);
  });
  contentChanged(db, 'content');
}

export const VAT_RATE_NOT_FOUND = localized('admin.api.vatNotFound');
const VAT_NAME_TAKEN = localized('admin.api.vatNameTaken');

async function vatRateRows(db: Db | Tx) {
  return db
    .select({
      id: vatRates.id,
      name: vatRates.name,
      percent: vatRates.percent,
      kind: vatRates.kind,
      position: vatRates.position,
      products: sql<number>`(select count(*)::int from products p where p.vat_rate_id = "vat_rates"."id")`,
    })
    .from(vatRates)
    .orderBy(asc(vatRates.position), asc(vatRates.id));
}
type VatRow = Awaited<ReturnType<typeof vatRateRows>>[number];
const vatJson = (r: VatRow) => ({
  id: r.id,
  name: r.name,
  percent: Number(r.percent).toFixed(2),
  kind: r.kind,
  position: r.position,
  products: Number(r.products),
});

/** The VAT classes besides the shop's rate (settings.vat_percent), with how many products use each. */
export async function listVatRates(db: Db) {
  return (await vatRateRows(db)).map(vatJson);
}

async function vatById(tx: Db | Tx, id: number) {
  const row = (await vatRateRows(tx)).find((r) => r.id === id);
  if (!row) throw new NotFoundError(VAT_RATE_NOT_FOUND);
  return vatJson(row);
}

const vatNameTaken = (error: unknown): never => {
  if (uniqueViolation(error)?.includes('name')) throw new InvalidInputError(VAT_NAME_TAKEN, { name: [VAT_NAME_TAKEN] });
  throw error;
};

export async function createVatRate(db: Db, editor: Editor, input: VatRateCreate) {
  const rate = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(vatRates)
      .values({
        name: input.name,
        percent: input.percent,
        kind: input.kind ?? 'reduced',
        position: input.position ?? 0,
      })
      .returning({ id: vatRates.id });
    await recordChange(tx, editor, 'vat_rate', row!.id, 'create', `${input.name}: ${input.percent} %`);
    return vatById(tx, row!.id);
  }).catch(vatNameTaken);
  contentChanged(db, 'content');
  return rate;
}

/** A new rate applies to the next totals; orders keep the VAT they were placed with. */
export async function updateVatRate(db: Db, editor: Editor, id: number, patch: VatRatePatch) {
  const rate = await transaction(db, async (tx) => {
    const [before] = await tx.select().from(vatRates).where(eq(vatRates.id, id)).for('update');
    if (!before) throw new NotFoundError(VAT_RATE_NOT_FOUND);
    await tx
      .update(vatRates)
      .set(definedOnly({ name: patch.name, percent: patch.percent, kind: patch.kind, position: patch.position }))
      .where(eq(vatRates.id, id));
    await recordChange(
      tx,
      editor,
      'vat_rate',
      id,
      'update',
      `${before.name}: ${changedFields(patch)}${patch.percent ? ` ${Number(before.percent)} → ${patch.percent} %` : ''}`,
    );
    return vatById(tx, id);
  }).catch(vatNameTaken);
  contentChanged(db, 'content');
  return rate;
}

export async function deleteVatRate(db: Db, editor: Editor, id: number): Promise<number> {
  const moved = await transaction(db, async (tx) => {
    const rate = await vatById(tx, id);
    await tx.delete(vatRates).where(eq(vatRates.id, id));
    await recordChange(
      tx,
      editor,
      'vat_rate',
      id,
      'delete',
      `${rate.name}: ${rate.products} products back to the shop's rate`,
    );
    return rate.products;
  });
  contentChanged(db, 'content');
  return moved;
}
