/**
 * The order-total arithmetic (no I/O): integer cents only, BigInt where a product could leave
 * the exact range, every rounding half-up and done once. The rules are recorded in
 * docs/decisions/010-cart-and-totals.md:
 *
 * - cart total = Σ unit price × count;
 * - the free-delivery threshold compares the items total AFTER the promo's item discount;
 *   reaching the threshold exactly makes delivery free;
 * - promo: fixed = its amount, percent = percent of what it applies to (items, or items +
 *   delivery when appliesToDelivery), rounded half-up once; never more than what it applies to;
 * - final = cart total + delivery − discount (never below zero);
 * - VAT is contained in final: vat = final − final / (1 + rate), half-up to the cent; with
 *   lines at several rates (ADR 026, 030) final is shared out over the rates in proportion to
 *   what each rate's lines (and delivery, at the standard rate) cost before the discount, the
 *   shares summing exactly to final, and the VAT of each share added: one rate is the rule above;
 *   each rate's VAT is then shared out over its lines (splitVat), so lines sum to the order;
 * - the converted block is computed by the SAME rules, in the minor units of the currency (whole
 *   yen for JPY), from the unit prices in that currency (a fixed price, else converted and rounded
 *   by the currency's rule, ADR 034), the converted delivery cost and the converted fixed amount
 *   (each converted half-up), so its lines add up to its cart total and
 *   cart + delivery − discount = final exactly in that currency. Only the free-delivery decision
 *   is taken once, in EUR.
 */
import { type PriceCurrency, convertCents, convertPrice } from '@/lib/money';

export type DiscountType = 'fixed' | 'percent';

export interface PromoRule {
  type: DiscountType;
  /** EUR cents for fixed, a whole percent (1..100) for percent. */
  value: number;
  appliesToDelivery: boolean;
}

export interface DeliveryRate {
  costCents: number;
  /** Delivery is free when the items total after the item discount reaches this; null = never. */
  freeOverCents: number | null;
}

export interface PricedLine {
  /** Unit price in EUR cents. */
  unitCents: number;
  /** Unit price in the request currency (minor units) when it is not the converted EUR price: a fixed price (ADR 034). */
  convertedUnitCents?: number;
  count: number;
  /** The line's VAT rate ("7.00"); null or absent: the standard rate (TotalsInput.vatPercent). */
  vatPercent?: string | null;
}

export interface AmountsCents {
  /** Σ unit × count */
  cartTotal: number;
  /** null when delivery is unavailable (not part of final then) */
  delivery: number | null;
  discount: number;
  vat: number;
  final: number;
  /** number of units in the cart */
  items: number;
  /** the VAT per rate, highest first (ADR 030) */
  vatByRate: { vatPercent: string; vat: number }[];
  /** the VAT in each line's share of final, same order as the lines; Σ lineVat + deliveryVat = vat */
  lineVat: number[];
  deliveryVat: number;
}

export interface TotalsInput {
  lines: readonly PricedLine[];
  /** null: delivery unavailable for the country */
  delivery: DeliveryRate | null;
  promo: PromoRule | null;
  /** The standard rate of the sale (delivery and lines without their own), up to 2 decimals ("20.00", "19.5") */
  vatPercent: string | number;
  /** the request currency: rate per EUR, minor units, rounding rule */
  currency: PriceCurrency;
}

export interface TotalsCents {
  original: AmountsCents;
  converted: AmountsCents;
  /** converted unit price per line, same order as input.lines */
  convertedUnits: number[];
  /** true when the threshold made delivery free */
  freeDelivery: boolean;
  /** vat_rate of the API: headlineRate ("19.00") */
  vatRate: string;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole non-negative cents: ${value}`);
}

/** round(numerator / denominator) half-up, for non-negative BigInts. */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** percent% of cents, half-up (percent a whole number 0..100). */
export function percentOf(cents: number, percent: number): number {
  assertCents(cents, 'amount');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Invalid percent: ${percent}`);
  return Number(divHalfUp(BigInt(cents) * BigInt(percent), 100n));
}

/** "19.5" → 1950 (hundredths of a percent); throws on anything but 0..999.99. */
export function vatBasisPoints(vatPercent: string | number): number {
  const match = /^\s*(\d{1,3})(?:\.(\d{0,2}))?\s*$/.exec(String(vatPercent));
  if (!match) throw new RangeError(`Invalid VAT percent: ${String(vatPercent)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The VAT contained in a VAT-inclusive amount: amount × rate / (1 + rate), half-up. */
export function vatContained(finalCents: number, vatPercent: string | number): number {
  assertCents(finalCents, 'final');
  const bp = BigInt(vatBasisPoints(vatPercent));
  if (bp === 0n) return 0;
  return Number(divHalfUp(BigInt(finalCents) * bp, 10_000n + bp));
}

/** The VAT rate as the number the API shows (2 decimals at most): "20.00" → 20, "19.50" → 19.5. */
export function vatRateNumber(vatPercent: string | number): number {
  return vatBasisPoints(vatPercent) / 100;
}

/** Items discount, delivery and the total discount in one currency, by the module's rules. */
function applyPromo(cartTotal: number, delivery: number | null, promo: PromoRule | null, fixedAmount: number): number {
  if (!promo) return 0;
  const base = cartTotal + (promo.appliesToDelivery && delivery !== null ? delivery : 0);
  const discount = promo.type === 'percent' ? percentOf(base, promo.value) : fixedAmount;
  return Math.min(discount, base);
}

/** The discount on the items alone, for the free-delivery threshold. */
function itemsDiscount(cartTotal: number, promo: PromoRule | null): number {
  if (!promo) return 0;
  return Math.min(promo.type === 'percent' ? percentOf(cartTotal, promo.value) : promo.value, cartTotal);
}

/** One amount before the discount (a cart line, or the delivery) and its VAT rate. */
interface VatPart {
  vatPercent: string | number;
  cents: number;
}

/** `total` shared out over `weights` in proportion (largest remainder, ties to the earlier), summing exactly to total. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((x) => x / sum);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((x, i) => ({ i, rest: x % sum }))
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

export interface VatSplit {
  /** VAT per part, same order as the parts; Σ = total. */
  parts: number[];
  /** VAT per rate ("19.00"), highest rate first, rates with something to pay only. */
  byRate: { vatPercent: string; vat: number }[];
  total: number;
}

/**
 * The VAT contained in `final` (ADR 010, 030): final is shared out over the rates in proportion
 * to what each rate's parts cost before the discount; each rate's VAT is computed once on its
 * share (half-up); then a rate's VAT is shared out over its parts in proportion to their cost, so
 * the parts' VAT adds up exactly to the rate's and the rates' to the order's.
 */
export function splitVat(final: number, parts: readonly VatPart[]): VatSplit {
  const keys = parts.map((p) => vatBasisPoints(p.vatPercent));
  const rates = [...new Set(keys)]
    .filter((bp) => parts.some((p, i) => keys[i] === bp && p.cents > 0))
    .sort((a, b) => b - a);
  const bases = rates.map((bp) => parts.reduce((sum, p, i) => sum + (keys[i] === bp ? p.cents : 0), 0));
  const rateShares = rates.length === 1 ? [final] : shareOut(final, bases);
  const out = parts.map(() => 0);
  const byRate = rates.map((bp, r) => {
    const vat = vatContained(rateShares[r]!, bp / 100);
    const members = parts.map((_, i) => i).filter((i) => keys[i] === bp);
    shareOut(
      vat,
      members.map((i) => parts[i]!.cents),
    ).forEach((v, m) => (out[members[m]!] = v));
    return { vatPercent: (bp / 100).toFixed(2), vat };
  });
  return { parts: out, byRate, total: byRate.reduce((sum, r) => sum + r.vat, 0) };
}

/**
 * The one number `vat_rate` gives (ADR 030): the cart's rate when everything with a price has one
 * rate; the highest rate of a mixed cart (its rates are listed in vat_rates); the delivery's rate
 * when nothing costs anything.
 */
export function headlineRate(parts: readonly VatPart[]): string {
  const priced = parts.filter((p) => p.cents > 0).map((p) => vatBasisPoints(p.vatPercent));
  const bp = priced.length ? Math.max(...priced) : vatBasisPoints(parts[parts.length - 1]?.vatPercent ?? 0);
  return (bp / 100).toFixed(2);
}

function block(
  cartTotal: number,
  items: number,
  delivery: number | null,
  discount: number,
  parts: readonly VatPart[],
): AmountsCents {
  const final = Math.max(0, cartTotal + (delivery ?? 0) - discount);
  const split = splitVat(final, parts);
  return {
    cartTotal,
    delivery,
    discount,
    vat: split.total,
    final,
    items,
    vatByRate: split.byRate,
    lineVat: split.parts.slice(0, -1),
    deliveryVat: split.parts[split.parts.length - 1]!,
  };
}

/** The cart lines at their rates, then the delivery at the standard rate (last). */
function vatParts(
  lines: readonly PricedLine[],
  units: readonly number[],
  delivery: number | null,
  standardRate: string | number,
): VatPart[] {
  return [
    ...lines.map((line, i) => ({ vatPercent: line.vatPercent ?? standardRate, cents: units[i]! * line.count })),
    { vatPercent: standardRate, cents: delivery ?? 0 },
  ];
}

export function computeTotalsCents(input: TotalsInput): TotalsCents {
  const { lines, promo, vatPercent, currency } = input;
  const rate = currency.value;
  let cartTotal = 0;
  let items = 0;
  for (const line of lines) {
    assertCents(line.unitCents, 'unit price');
    if (!Number.isSafeInteger(line.count) || line.count < 1) throw new RangeError(`Invalid count: ${line.count}`);
    cartTotal += line.unitCents * line.count;
    items += line.count;
  }
  if (promo) {
    if (promo.type === 'fixed') assertCents(promo.value, 'fixed discount');
    else percentOf(0, promo.value); // validates the percent
  }

  let delivery: number | null = null;
  let freeDelivery = false;
  if (input.delivery) {
    assertCents(input.delivery.costCents, 'delivery cost');
    const threshold = input.delivery.freeOverCents;
    freeDelivery = threshold !== null && cartTotal - itemsDiscount(cartTotal, promo) >= threshold;
    delivery = freeDelivery ? 0 : input.delivery.costCents;
  }
  const original = block(
    cartTotal,
    items,
    delivery,
    applyPromo(cartTotal, delivery, promo, promo?.value ?? 0),
    vatParts(
      lines,
      lines.map((l) => l.unitCents),
      delivery,
      vatPercent,
    ),
  );

  const convertedUnits = lines.map((line) => line.convertedUnitCents ?? convertPrice(line.unitCents, currency));
  convertedUnits.forEach((unit) => assertCents(unit, 'converted unit price'));
  const cartConverted = convertedUnits.reduce((sum, unit, i) => sum + unit * lines[i]!.count, 0);
  const deliveryConverted = delivery === null ? null : convertCents(delivery, rate, currency.code);
  const fixedConverted = promo?.type === 'fixed' ? convertCents(promo.value, rate, currency.code) : 0;
  const converted = block(
    cartConverted,
    items,
    deliveryConverted,
    applyPromo(cartConverted, deliveryConverted, promo, fixedConverted),
    vatParts(lines, convertedUnits, deliveryConverted, vatPercent),
  );
  const vatRate = headlineRate(
    vatParts(
      lines,
      lines.map((l) => l.unitCents),
      delivery,
      vatPercent,
    ),
  );
  return { original, converted, convertedUnits, freeDelivery, vatRate };
}
