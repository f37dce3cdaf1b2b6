/**
 * Order totals from the signed-in customer's SERVER cart (the source of truth; what the client
 * says its cart is only raises warning_message), the country's shipping zone, a promo code and
 * settings.vat_percent. The arithmetic is totals.ts; this file loads and validates. Checkout
 * calls computeTotals with the same inputs, compares and snapshots `cents` and `lines`.
 */
import { POST_CODE_MAX, postcodeFits } from '@/lib/rules/postcode-pattern';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries, shippingRates } from '@/server/db/schema/index';
import type { VariationAttributeSnapshot } from '@/server/db/schema/commerce';
import { localCountryName } from '../country-names';
import { InvalidInputError } from '../errors';
import { centsToNumber } from '@/lib/money';
import type { TotalsBlock } from '@/lib/contract/cart';
import { type CatalogMeta, loadCatalogMeta } from '../catalog/meta';
import { loadCartRows } from '../cart/cart.server';
import { type CartRow, linePriceIn, outOfStockMessage, toCartLine, unavailableReason } from '../cart/cart';
import { type CurrencyOption, loadShopBasics } from '../request-context';
import { findUsablePromo, type PromoRow, promoRule } from './promo.server';
import { type AmountsCents, computeTotalsCents, type DeliveryRate, vatRateNumber } from './totals';
import { parseVatId, EU_VAT_ID_MESSAGE, type VatId } from '@/lib/rules/vat-id';
import { loadTaxShop } from './tax.server';
import { lineRate, STANDARD_CLASS, type TaxShop, type VatScheme, vatScheme } from './vat-scheme';

export const TOTALS_MESSAGES = {
  country: 'Please select a valid country.',
  notServed: (country: string) => `Sorry, we do not sell to ${country}. Please choose another country.`,
  postcodeMissing: 'Invalid postcode: a post code is required.',
  postcodeFormat: (country: string) => `Invalid postcode for ${country}.`,
  emptyCart: 'Your cart is empty.',
  nothingAvailable: 'None of the items in your cart can be ordered any more.',
  unavailableLeftOut: 'Some items in your cart are no longer available and are not included in the total.',
  cartChanged: 'Your cart has changed; the totals are for the items now in your cart.',
} as const;

/** One block of the totals as the API shows it: the contract's type (src/lib/contract/cart.ts). */
export type TotalsBlockJson = TotalsBlock;

/** One orderable line, with what an order item snapshots. */
export interface TotalsLine {
  lineId: number;
  productId: number;
  variationId: number | null;
  sku: string;
  name: string;
  count: number;
  /** stock now (checkout reserves; a count above it fails there) */
  stock: number;
  unitCents: number;
  convertedUnitCents: number;
  /** The line's VAT rate ("19.00") and the VAT in its share of the final amount (EUR cents; ADR 030). */
  vatPercent: string;
  vatCents: number;
  imageUrl: string;
  /** first category's name, in the request language */
  categoryName: string | null;
  variationAttributes: VariationAttributeSnapshot[];
}

export interface TotalsInput {
  userId: number;
  /** the country's name (any case), ISO code or id */
  countryRef: string | number;
  postCode: string;
  /** null or blank: no promo */
  promoCode: string | null;
  currency: CurrencyOption;
  /** product and category names; default: the shop's default language */
  languageId?: number;
  /** the cart the client shows ([{sku, count}]); only compared, to warn when it differs */
  clientItems?: readonly { sku: string; count: number }[];
  /** A company buyer's EU VAT id; null or blank: a consumer. */
  vatId?: string | null;
  now?: Date;
}

export interface TotalsResult {
  original: TotalsBlockJson;
  converted: TotalsBlockJson;
  vat_rate: number;
  vat_scheme: VatScheme;
  is_delivery_unavailable: boolean;
  warning_message: string | null;
  lines: TotalsLine[];
  cents: { original: AmountsCents; converted: AmountsCents };
  country: { id: number; name: string; iso: string };
  promo: PromoRow | null;
  /** vat_rate as stored on the order, e.g. "20.00" */
  vatPercent: string;
  /** The delivery's rate and VAT (EUR cents). */
  deliveryVat: { percent: string; cents: number };
  /** The buyer's VAT id, normalised; null for a consumer. */
  vatId: string | null;
  currency: { code: string; symbol: string; rate: string };
}

const EUR = { code: 'EUR', symbol: '€' };

function blockJson(b: AmountsCents, currency: { code: string; symbol: string }): TotalsBlockJson {
  // Decimals as the currency has them: 12.34 EUR, 3208 JPY.
  const money = (cents: number) => centsToNumber(cents, currency.code);
  return {
    cart_total: money(b.cartTotal),
    delivery_cost: b.delivery === null ? null : money(b.delivery),
    discount_amount: money(b.discount),
    vat: money(b.vat),
    vat_rates: b.vatByRate.map((r) => ({ rate: vatRateNumber(r.vatPercent), vat: money(r.vat) })),
    final_amount: money(b.final),
    currency: currency.code,
    currency_symbol: currency.symbol,
    cart: { items: b.items, totalAmount: money(b.cartTotal) },
  };
}

const fail = (field: string, message: string) => new InvalidInputError(message, { [field]: [message] });

/**
 * The shop does not sell to the chosen country (countries.served = false; issue 25): totals and
 * checkout refuse it before anything is read or reserved, as a field error on `country`. The
 * text here is English; the shopper routes answer it in the shopper's language
 * (api/country-not-served.ts) with the message `api.checkout.countryNotServed`.
 */
export class CountryNotServedError extends InvalidInputError {
  constructor(readonly countryName: string) {
    const message = TOTALS_MESSAGES.notServed(countryName);
    super(message, { country: [message] });
  }
}

/** The country by id, name (default or the language's) or ISO code, named in the order's language. */
async function findCountry(db: Db, ref: string | number, languageId: number) {
  const text = String(ref).trim();
  if (text === '' || text.length > 96) return null;
  const name = localCountryName(languageId);
  const where = /^\d{1,9}$/.test(text)
    ? eq(countries.id, Number(text))
    : sql`lower(${countries.name}) = lower(${text}) or lower(${name}) = lower(${text}) or (length(${text}) = 2 and upper(${countries.iso}) = upper(${text}))`;
  const [row] = await db
    .select({ ...getTableColumns(countries), name })
    .from(countries)
    .where(where)
    .orderBy(countries.id)
    .limit(1);
  return row ?? null;
}

/** The post code as stored (trimmed) or a 422 whose message contains "Invalid postcode". */
export function checkPostCode(postCode: string, country: { name: string; postcodePattern: string | null }): string {
  const value = postCode.trim();
  if (value === '') throw fail('postCode', TOTALS_MESSAGES.postcodeMissing);
  if (value.length > POST_CODE_MAX) throw fail('postCode', TOTALS_MESSAGES.postcodeFormat(country.name));
  // A stored pattern the rules refuse is not run (postcodeFits): it must neither block nor slow orders.
  if (country.postcodePattern && !postcodeFits(country.postcodePattern, value))
    throw fail('postCode', TOTALS_MESSAGES.postcodeFormat(country.name));
  return value;
}

function sameItems(
  server: readonly { sku: string; count: number }[],
  client: readonly { sku: string; count: number }[],
): boolean {
  const sum = (list: readonly { sku: string; count: number }[]) => {
    const m = new Map<string, number>();
    for (const l of list) m.set(l.sku, (m.get(l.sku) ?? 0) + l.count);
    return m;
  };
  const a = sum(server);
  const b = sum(client);
  return a.size === b.size && [...a].every(([sku, count]) => b.get(sku) === count);
}

/** What the totals need besides the cart and the code: shop settings, destination, delivery rate. */
export interface TotalsSetting {
  languageId: number;
  country: typeof countries.$inferSelect;
  delivery: DeliveryRate | null;
  tax: TaxShop;
  scheme: VatScheme;
  vatId: VatId | null;
  meta: CatalogMeta;
}

/**
 * The destination and shop settings of a totals call (cached or rarely changing data, read
 * through `db`). Throws 422 for an unknown country, one the shop does not sell to, or a bad post code.
 */
export async function prepareTotals(
  db: Db,
  input: Pick<TotalsInput, 'countryRef' | 'postCode' | 'languageId' | 'vatId'>,
): Promise<TotalsSetting> {
  const basics = await loadShopBasics(db);
  const languageId = input.languageId ?? basics.languages.find((l) => l.isDefault)?.id ?? basics.languages[0]?.id ?? 0;
  const country = await findCountry(db, input.countryRef, languageId);
  if (!country) throw fail('country', TOTALS_MESSAGES.country);
  if (!country.served) throw new CountryNotServedError(country.name);
  checkPostCode(input.postCode, country);
  const vatText = input.vatId?.trim() ?? '';
  const vatId = vatText === '' ? null : parseVatId(vatText);
  if (vatText !== '' && !vatId) throw fail('vat_id', EU_VAT_ID_MESSAGE);
  const [meta, rate, tax] = await Promise.all([
    loadCatalogMeta(db),
    country.deliveryAvailable && country.zoneId !== null
      ? db.select().from(shippingRates).where(eq(shippingRates.zoneId, country.zoneId)).limit(1)
      : Promise.resolve([]),
    loadTaxShop(db, basics.settings),
  ]);
  const delivery: DeliveryRate | null = rate[0]
    ? { costCents: rate[0].costCents, freeOverCents: rate[0].freeOverCents }
    : null;
  return { languageId, country, delivery, tax, scheme: vatScheme(tax, country.iso, vatId), vatId, meta };
}

/**
 * Totals of the user's cart for a destination. Throws InvalidInputError for an unknown country, a
 * bad post code (message contains "Invalid postcode"), an unusable promo code (field
 * promoCode) or a cart with nothing orderable.
 */
export async function computeTotals(db: Db, input: TotalsInput): Promise<TotalsResult> {
  return totalsOfCart(db, await prepareTotals(db, input), input);
}

/**
 * The totals of the cart as `reader` sees it: checkout passes its transaction, which holds the
 * lock on the customer's row, so the lines it prices (and the promo rules it checks) are the
 * ones it turns into the order. Reads only through `reader` (PGlite has one connection: a
 * read through another handle would wait for the transaction).
 */
export async function totalsOfCart(
  reader: Db,
  setting: TotalsSetting,
  input: TotalsInput,
  cartRows?: CartRow[],
): Promise<TotalsResult> {
  const { languageId, country, delivery, tax, scheme, meta } = setting;
  const rateOf = (cls: { kind: 'standard' | 'reduced' | 'zero'; percent: string | null }) =>
    lineRate(tax, scheme, country.iso, cls);
  const promoText = input.promoCode?.trim() ?? '';
  const promo =
    promoText === ''
      ? null
      : await findUsablePromo(reader, promoText, { field: 'promoCode', now: input.now, userId: input.userId });
  const rows = cartRows ?? (await loadCartRows(reader, input.userId, languageId));
  if (rows.length === 0) throw fail('cart_items', TOTALS_MESSAGES.emptyCart);
  const orderable = rows.filter((r) => unavailableReason(r) === null);
  if (orderable.length === 0) throw fail('cart_items', TOTALS_MESSAGES.nothingAvailable);

  const lineRates = orderable.map((r) =>
    vatRateNumber(rateOf(r.vatKind ? { kind: r.vatKind, percent: r.vatPercent ?? null } : STANDARD_CLASS)).toFixed(2),
  );
  const t = computeTotalsCents({
    lines: orderable.map((r, i) => ({
      unitCents: r.priceCents,
      convertedUnitCents: linePriceIn(r, input.currency),
      count: r.count,
      vatPercent: lineRates[i]!,
    })),
    delivery,
    promo: promo ? promoRule(promo) : null,
    vatPercent: rateOf(STANDARD_CLASS),
    currency: input.currency,
  });

  const warnings: string[] = [];
  if (orderable.length < rows.length) warnings.push(TOTALS_MESSAGES.unavailableLeftOut);
  for (const r of orderable) if (r.count > r.stock) warnings.push(outOfStockMessage(r.name, r.stock));
  if (input.clientItems && !sameItems(orderable, input.clientItems)) warnings.push(TOTALS_MESSAGES.cartChanged);

  const ctx = { meta, languageId, currency: input.currency };
  const lines: TotalsLine[] = orderable.map((r, i) => {
    const json = toCartLine(r, ctx);
    return {
      lineId: r.lineId,
      productId: r.productId,
      variationId: r.variationId,
      sku: r.sku,
      name: r.name,
      count: r.count,
      stock: r.stock,
      unitCents: r.priceCents,
      convertedUnitCents: t.convertedUnits[i]!,
      vatPercent: lineRates[i]!,
      vatCents: t.original.lineVat[i]!,
      imageUrl: json.item.image_url,
      categoryName: json.item.categories[0]?.name ?? null,
      variationAttributes: json.item.variation_attributes,
    };
  });

  const currency = { code: input.currency.code, symbol: input.currency.symbol };
  return {
    original: blockJson(t.original, EUR),
    converted: blockJson(t.converted, currency),
    vat_rate: vatRateNumber(t.vatRate),
    vat_scheme: scheme,
    is_delivery_unavailable: t.original.delivery === null,
    warning_message: warnings.length ? warnings.join(' ') : null,
    lines,
    cents: { original: t.original, converted: t.converted },
    country: { id: country.id, name: country.name, iso: country.iso },
    promo,
    vatPercent: t.vatRate,
    deliveryVat: { percent: vatRateNumber(rateOf(STANDARD_CLASS)).toFixed(2), cents: t.original.deliveryVat },
    vatId: setting.vatId?.id ?? null,
    currency: { ...currency, rate: input.currency.value },
  };
}
