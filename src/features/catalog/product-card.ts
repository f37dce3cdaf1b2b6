/**
 * What a product card shows (storefront §3, §4, §9): badges, the old price and discount, the
 * product page link. Pure, over the API's product JSON fields.
 */

export type BadgeType = 'top-product' | 'new-arrivals' | 'sale';

export interface CardProductFields {
  id: number;
  retail_price: string;
  old_price: string;
  discount_percent: number;
  top_product: boolean;
  new_arrival: boolean;
  categories: { id: number; url: string }[];
}

/**
 * Sale (spec §4): old_price differs from retail_price and is not 0.00, or discount_percent > 0;
 * or one of its variations is on sale (issue 26: the sale list and filter count those too, while
 * the prices shown are the cheapest choice's).
 */
export function isOnSale(
  p: Pick<CardProductFields, 'retail_price' | 'old_price' | 'discount_percent'> & {
    variations?: readonly { discount_percent: number }[];
  },
): boolean {
  const old = Number(p.old_price);
  const hasOld = Number.isFinite(old) && old !== 0 && old !== Number(p.retail_price);
  return hasOld || p.discount_percent > 0 || (p.variations?.some((v) => v.discount_percent > 0) ?? false);
}

/** In display order: sale, top product, new arrivals. */
export function badgesOf(p: CardProductFields & { variations?: readonly { discount_percent: number }[] }): BadgeType[] {
  const out: BadgeType[] = [];
  if (isOnSale(p)) out.push('sale');
  if (p.top_product) out.push('top-product');
  if (p.new_arrival) out.push('new-arrivals');
  return out;
}

/** The translation key of a badge label; an unknown type has none (empty label, no style). */
export function badgeKey(type: string): MessageKey | null {
  switch (type) {
    case 'top-product':
      return 'badge.topProduct';
    case 'new-arrivals':
      return 'badge.newArrivals';
    case 'sale':
      return 'badge.sale';
    default:
      return null;
  }
}

/** The old price to strike through, or null (none, 0.00, or not above the price). */
export function oldPriceOf(p: Pick<CardProductFields, 'retail_price' | 'old_price'>): string | null {
  const old = Number(p.old_price);
  return Number.isFinite(old) && old > 0 && old > Number(p.retail_price) ? p.old_price : null;
}

/** The discount shown next to the old price: the product's own percent, else the price difference. */
export function discountPercentOf(
  p: Pick<CardProductFields, 'retail_price' | 'old_price' | 'discount_percent'>,
): number | null {
  if (p.discount_percent > 0) return Math.round(p.discount_percent);
  const old = Number(oldPriceOf(p));
  const now = Number(p.retail_price);
  if (!old || !(old > now)) return null;
  const percent = Math.round(((old - now) / old) * 100);
  return percent > 0 ? percent : null;
}

export type CardStock = { kind: 'sold-out' } | { kind: 'low'; count: number } | null;

/**
 * The stock line of a card (issue 18): sold out when the product and every variation have none
 * (the card's add-to-cart becomes a disabled "Sold out"), "Only N left" where the catalogue says
 * low_stock, nothing otherwise. The product page keeps its own rule (ProductSummary).
 */
export function cardStockOf(p: {
  stock: number;
  availability: 'in_stock' | 'low_stock' | 'out_of_stock';
  variations: readonly { in_stock: boolean }[];
}): CardStock {
  if (p.stock <= 0 && p.variations.every((v) => !v.in_stock)) return { kind: 'sold-out' };
  if (p.availability === 'low_stock') return { kind: 'low', count: p.stock };
  return null;
}
import type { MessageKey } from '@/lib/translator';
