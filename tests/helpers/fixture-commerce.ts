/**
 * Cart, promo and totals fixture: the catalogue fixture (fixture-catalog.ts: en/de, EUR/USD
 * 1.0835/GBP 0.85, products with and without variations, stock levels, an inactive product) plus
 * CHF at 1.085, settings (VAT 20 %), shipping zones and rates, countries and promo codes, and
 * "Tent Pegs Set" (FX-PEGS, 25.00, stock 200, category Tents, no variations): 3 of them are
 * exactly the EU free-delivery threshold, 4 the UK one, and 99 fit in stock.
 *
 * zone   cost   free over   countries
 * EU     4.99   75.00       Germany (^[0-9]{5}$), Netherlands (^[0-9]{4} ?[A-Z]{2}$), Ireland (no pattern)
 * UK     8.99   100.00      United Kingdom (GB pattern)
 * WORLD  24.99  never       Norway (^[0-9]{4}$), Russia (delivery_available = false)
 * MOON   (no rate)          Atlantis
 *
 * promo      type     value   delivery  state
 * SAVE10     fixed    10.00   no        ok
 * PCT15      percent  15      no        ok (valid from yesterday to next week)
 * SHIP10     fixed    10.00   yes       ok
 * HALF       percent  50      yes       ok
 * ODD35      percent  35      no        ok
 * OLD20      percent  20      no        expired yesterday
 * SOON5      fixed    5.00    no        valid from tomorrow
 * GONE5      fixed    5.00    no        usage limit 3, used 3
 * OFF10      fixed    10.00   no        inactive
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  categories,
  countries,
  currencies,
  orderItems,
  orders,
  productCategories,
  products,
  promoCodes,
  settings,
  shippingRates,
  shippingZones,
  variations,
} from '@/server/db/schema/index';
import { invalidateCatalogMeta } from '@/server/services/catalog/meta';
import { invalidateShopBasics } from '@/server/services/request-context';
import { type FixtureCatalog, insertFixtureCatalog } from './fixture-catalog';

export const CHF_RATE = '1.085';
export const GB_POSTCODE = '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$';

type CountryKey = 'de' | 'nl' | 'ie' | 'gb' | 'no' | 'ru' | 'atlantis';
type PromoKey = 'SAVE10' | 'PCT15' | 'SHIP10' | 'HALF' | 'ODD35' | 'OLD20' | 'SOON5' | 'GONE5' | 'OFF10';

export interface CommerceFixture {
  catalog: FixtureCatalog;
  /** Tent Pegs Set, 25.00, stock 200 */
  pegs: number;
  country: Record<CountryKey, number>;
  promo: Record<PromoKey, number>;
  /** variation id by sku (FX-DOME-RS, FX-DOME-BM, FX-TUNNEL-GL, FX-SUMMIT-RM, FX-SUMMIT-RL, FX-SUMMIT-BM, FX-MECH-B, FX-MECH-G) */
  variation: Record<string, number>;
}

const DAY = 86_400_000;

export async function seedCommerceFixture(db: Db): Promise<CommerceFixture> {
  const catalog = await insertFixtureCatalog(db);
  await db.insert(currencies).values({ code: 'CHF', symbol: 'CHF', value: CHF_RATE, position: 3 });
  const [pegs] = await db
    .insert(products)
    .values({ sku: 'FX-PEGS', slug: 'pegs', name: 'Tent Pegs Set', priceCents: 2500, stock: 200 })
    .returning({ id: products.id });
  const [tents] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'tents'));
  await db.insert(productCategories).values({ productId: pegs!.id, categoryId: tents!.id });
  await db
    .insert(settings)
    .values({ id: 1, vatPercent: '20.00', supportEmail: 'help@example.com' })
    .onConflictDoUpdate({
      target: settings.id,
      set: { vatPercent: '20.00' },
    });

  const zones = await db
    .insert(shippingZones)
    .values([
      { code: 'EU', name: 'European Union' },
      { code: 'UK', name: 'United Kingdom' },
      { code: 'WORLD', name: 'Rest of the world' },
      { code: 'MOON', name: 'No carrier' },
    ])
    .returning();
  const zone = Object.fromEntries(zones.map((z) => [z.code, z.id])) as Record<'EU' | 'UK' | 'WORLD' | 'MOON', number>;
  await db.insert(shippingRates).values([
    { zoneId: zone.EU, costCents: 499, freeOverCents: 7500 },
    { zoneId: zone.UK, costCents: 899, freeOverCents: 10000 },
    { zoneId: zone.WORLD, costCents: 2499, freeOverCents: null },
  ]);
  const rows = await db
    .insert(countries)
    .values([
      { name: 'Germany', iso: 'DE', zoneId: zone.EU, postcodePattern: '^[0-9]{5}$' },
      { name: 'Netherlands', iso: 'NL', zoneId: zone.EU, postcodePattern: '^[0-9]{4} ?[A-Z]{2}$' },
      { name: 'Ireland', iso: 'IE', zoneId: zone.EU, postcodePattern: null },
      { name: 'United Kingdom', iso: 'GB', zoneId: zone.UK, postcodePattern: GB_POSTCODE },
      { name: 'Norway', iso: 'NO', zoneId: zone.WORLD, postcodePattern: '^[0-9]{4}$' },
      { name: 'Russia', iso: 'RU', zoneId: zone.WORLD, postcodePattern: '^[0-9]{6}$', deliveryAvailable: false },
      { name: 'Atlantis', iso: 'XA', zoneId: zone.MOON, postcodePattern: null },
    ])
    .returning();
  const byIso = Object.fromEntries(rows.map((r) => [r.iso, r.id]));
  const country: CommerceFixture['country'] = {
    de: byIso.DE!,
    nl: byIso.NL!,
    ie: byIso.IE!,
    gb: byIso.GB!,
    no: byIso.NO!,
    ru: byIso.RU!,
    atlantis: byIso.XA!,
  };

  const now = Date.now();
  const promoRows = await db
    .insert(promoCodes)
    .values([
      { code: 'SAVE10', description: '€10 off', discountType: 'fixed', discountValue: 1000 },
      {
        code: 'PCT15',
        description: '15% off',
        discountType: 'percent',
        discountValue: 15,
        validFrom: new Date(now - DAY),
        validTo: new Date(now + 7 * DAY),
      },
      {
        code: 'SHIP10',
        description: '€10 off incl. delivery',
        discountType: 'fixed',
        discountValue: 1000,
        appliesToDelivery: true,
      },
      {
        code: 'HALF',
        description: 'Half price incl. delivery',
        discountType: 'percent',
        discountValue: 50,
        appliesToDelivery: true,
      },
      { code: 'ODD35', description: '35% off', discountType: 'percent', discountValue: 35 },
      {
        code: 'OLD20',
        description: 'Ended',
        discountType: 'percent',
        discountValue: 20,
        validFrom: new Date(now - 30 * DAY),
        validTo: new Date(now - DAY),
      },
      {
        code: 'SOON5',
        description: 'Not yet',
        discountType: 'fixed',
        discountValue: 500,
        validFrom: new Date(now + DAY),
      },
      { code: 'GONE5', description: 'Used up', discountType: 'fixed', discountValue: 500, usageLimit: 3, usedCount: 3 },
      { code: 'OFF10', description: 'Switched off', discountType: 'fixed', discountValue: 1000, active: false },
    ])
    .returning();
  const promo = Object.fromEntries(promoRows.map((p) => [p.code, p.id])) as Record<PromoKey, number>;

  const variationRows = await db.select({ id: variations.id, sku: variations.sku }).from(variations);
  const variation = Object.fromEntries(variationRows.map((v) => [v.sku, v.id]));
  invalidateShopBasics(db);
  invalidateCatalogMeta(db);
  return { catalog, pegs: pegs!.id, country, promo, variation };
}

/** Changes settings.vat_percent (and drops the cached settings). */
export async function setVatPercent(db: Db, percent: string): Promise<void> {
  await db.update(settings).set({ vatPercent: percent }).where(eq(settings.id, 1));
  invalidateShopBasics(db);
}

/**
 * A complete shipping address in Berlin for totals and checkout calls (a German mobile number,
 * no promo code); a test overrides what it is about.
 */
export const berlinShipping = (over: Record<string, unknown> = {}) => ({
  name: 'Kim',
  surname: 'Buyer',
  email: 'kim@example.com',
  phone: '+49 1512 3456789',
  phoneCountryCode: 'DE',
  nationalNumber: '15123456789',
  country: 'Germany',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postCode: '10117',
  promoCode: null,
  ...over,
});

/**
 * An order of `userId` holding one unit of each product at 1.00 EUR (a card payment in Berlin),
 * for rules about what a customer bought, such as who may review a product. Returns its id.
 */
export async function insertBoughtOrder(
  db: Db,
  input: {
    userId: number;
    orderNr: string;
    products: { id: number; sku?: string }[];
    status?: 'Success' | 'Pending' | 'Failed';
    email?: string;
  },
): Promise<number> {
  const totalCents = 100 * input.products.length;
  const [order] = await db
    .insert(orders)
    .values({
      orderNr: input.orderNr,
      userId: input.userId,
      status: input.status ?? 'Success',
      paymentMethod: 'card',
      name: 'Ina',
      surname: 'Buyer',
      email: input.email ?? 'ina@example.com',
      phone: '+4930901820',
      countryName: 'Germany',
      city: 'Berlin',
      address: 'Street 1',
      postCode: '10117',
      currency: 'EUR',
      currencyRate: '1',
      cartTotalCents: totalCents,
      vatCents: 0,
      vatPercent: '0',
      finalCents: totalCents,
      convertedFinalCents: totalCents,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    input.products.map((p) => ({
      orderId: order!.id,
      productId: p.id,
      sku: p.sku ?? 'X',
      name: 'X',
      priceCents: 100,
      quantity: 1,
    })),
  );
  return order!.id;
}
