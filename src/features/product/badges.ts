/**
 * Product badges and the old-price line (storefront §3 Badge, §4 "Sale badge", §9 Badges). Pure.
 */

export type BadgeType = 'sale' | 'top-product' | 'new-arrivals';

export interface PriceFields {
  retail_price: string;
  old_price: string;
  discount_percent: number;
}

const amount = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** §4: old_price differs from retail_price (and is not 0.00), or discount_percent is above 0. */
export function isOnSale(p: PriceFields): boolean {
  const old = amount(p.old_price);
  return (old !== 0 && old !== amount(p.retail_price)) || p.discount_percent > 0;
}

/** Badges in display order: sale, top product, new arrival. */
export function productBadges(p: PriceFields & { top_product: boolean; new_arrival: boolean }): BadgeType[] {
  const out: BadgeType[] = [];
  if (isOnSale(p)) out.push('sale');
  if (p.top_product) out.push('top-product');
  if (p.new_arrival) out.push('new-arrivals');
  return out;
}

/** Translation key of a badge label; an unknown type has none (§9: no style, empty label). */
export function badgeLabelKey(type: string): string | null {
  switch (type) {
    case 'sale':
      return 'badge.sale';
    case 'top-product':
      return 'badge.topProduct';
    case 'new-arrivals':
      return 'badge.newArrivals';
    default:
      return null;
  }
}

export interface OldPriceView {
  /** The old price as a number, when one is shown. */
  old: number | null;
  /** Whole percent shown next to it; null when none. */
  percent: number | null;
}

/**
 * The struck-through old price (when it is set and above the price) and the discount percent:
 * the product's own discount_percent, else the one the two prices imply.
 */
export function oldPriceView(p: PriceFields): OldPriceView {
  const old = amount(p.old_price);
  const now = amount(p.retail_price);
  const showOld = old > 0 && old > now;
  const percent = p.discount_percent > 0 ? p.discount_percent : showOld ? Math.round(((old - now) / old) * 100) : 0;
  return { old: showOld ? old : null, percent: percent > 0 ? percent : null };
}
