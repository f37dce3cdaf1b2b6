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
 *   products of other VAT classes (ADR 026) final is shared out over the rates in proportion to
 *   what each rate's lines (and delivery, at the shop's rate) cost before the discount, the
 *   shares summing exactly to final, and the VAT of each share added: one rate is the rule above;
 * - the converted block is computed by the SAME rules from converted unit prices, the converted
 *   delivery cost and the converted fixed amount (each converted half-up), so its lines add up
 *   to its cart total and cart + delivery − discount = final exactly in that currency. Only the
 *   free-delivery decision is taken once, in EUR.
 */
import { convertCents } from '@/lib/money';

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
  count: number;
  /** The product's VAT class rate ("7.00"); null or absent: the shop's rate (settings.vat_percent). */
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
}

export interface TotalsInput {
  lines: readonly PricedLine[];
  /** null: delivery unavailable for the country */
  delivery: DeliveryRate | null;
  promo: PromoRule | null;
  /** settings.vat_percent, a decimal string with up to 2 decimals ("20.00", "19.5") */
  vatPercent: string | number;
  /** units of the request currency per EUR (decimal string) */
  rate: string;
}

export interface TotalsCents {
  original: AmountsCents;
  converted: AmountsCents;
  /** converted unit price per line, same order as input.lines */
  convertedUnits: number[];
  /** true when the threshold made delivery free */
  freeDelivery: boolean;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole non-negative cents: ${value}`);
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
function applyPromo(
  cartTotal: number,
  delivery: number | null,
  promo: PromoRule | null,
  fixedAmount: number,
): number {
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

/** What the lines of one VAT rate (and the delivery, at the shop's rate) cost before the discount. */
interface RateBase {
  vatPercent: string | number;
  cents: number;
}

/**
 * `final` shared out over the rates in proportion to their bases (largest remainder, so the shares
 * add up to final exactly), and the VAT contained in each share added up.
 */
export function vatOfShares(final: number, bases: readonly RateBase[]): number {
  const used = bases.filter((b) => b.cents > 0);
  if (used.length <= 1) return vatContained(final, used[0]?.vatPercent ?? bases[0]?.vatPercent ?? 0);
  const total = BigInt(used.reduce((sum, b) => sum + b.cents, 0));
  const exact = used.map((b) => BigInt(final) * BigInt(b.cents));
  const shares = exact.map((x) => x / total);
  let left = BigInt(final) - shares.reduce((a, b) => a + b, 0n);
  const order = exact.map((x, i) => ({ i, rest: x % total })).sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return used.reduce((sum, b, i) => sum + vatContained(Number(shares[i]), b.vatPercent), 0);
}

function block(cartTotal: number, items: number, delivery: number | null, discount: number, bases: readonly RateBase[]): AmountsCents {
  const final = Math.max(0, cartTotal + (delivery ?? 0) - discount);
  return { cartTotal, delivery, discount, vat: vatOfShares(final, bases), final, items };
}

/** Each VAT rate's share of the amounts before the discount; the delivery goes at the shop's rate. */
function rateBases(lines: readonly PricedLine[], units: readonly number[], delivery: number | null, shopRate: string | number): RateBase[] {
  const byRate = new Map<string, number>([[String(vatBasisPoints(shopRate)), delivery ?? 0]]);
  lines.forEach((line, i) => {
    const key = String(vatBasisPoints(line.vatPercent ?? shopRate));
    byRate.set(key, (byRate.get(key) ?? 0) + units[i]! * line.count);
  });
  return [...byRate].map(([bp, cents]) => ({ vatPercent: (Number(bp) / 100).toFixed(2), cents }));
}

export function computeTotalsCents(input: TotalsInput): TotalsCents {
  const { lines, promo, vatPercent, rate } = input;
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
  const original = block(cartTotal, items, delivery, applyPromo(cartTotal, delivery, promo, promo?.value ?? 0), rateBases(lines, lines.map((l) => l.unitCents), delivery, vatPercent));

  const convertedUnits = lines.map((line) => convertCents(line.unitCents, rate));
  const cartConverted = convertedUnits.reduce((sum, unit, i) => sum + unit * lines[i]!.count, 0);
  const deliveryConverted = delivery === null ? null : convertCents(delivery, rate);
  const fixedConverted = promo?.type === 'fixed' ? convertCents(promo.value, rate) : 0;
  const converted = block(
    cartConverted,
    items,
    deliveryConverted,
    applyPromo(cartConverted, deliveryConverted, promo, fixedConverted),
    rateBases(lines, convertedUnits, deliveryConverted, vatPercent),
  );
  return { original, converted, convertedUnits, freeDelivery };
}
