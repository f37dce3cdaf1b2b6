/**
 * Cart lines as the API shows them (spec §3 Cart item), built from rows loaded by cart.server.ts
 * and the catalogue's cached names (categories, attributes). Pure: no I/O.
 */
import type { CartBody, CartLine } from '@/lib/contract/cart';
import { type PriceCurrency, centsToNumber } from '@/lib/money';
import { type FixedPrice, choicePriceIn } from '@/lib/rules/currency-price';
import type { StoredPrice, VariationPrice } from '@/lib/rules/product-price';
import { FALLBACK_IMAGE_URL } from '@/server/images/urls';
import { thumbnailUrl } from '@/lib/images/responsive';
import { type CatalogMeta, categoryName, localName } from '../catalog/meta';
import { MAX_QUANTITY } from '@/lib/rules/quantity';

/** One cart_items row joined with what it points at (EUR cents, raw ids). */
export interface CartRow {
  lineId: number;
  productId: number;
  variationId: number | null;
  count: number;
  sku: string;
  /** in the request language, else the default */
  name: string;
  imageUrl: string | null;
  /** The choice's price in EUR cents (choicePrice). */
  priceCents: number;
  /** What its price in another currency is made of (linePriceIn); absent: converted from priceCents. */
  pricing?: { product: StoredPrice; variation: (VariationPrice & { id: number }) | null; fixed: FixedPrice[] };
  /** The product's VAT class's own rate ("7.00") and kind (ADR 030); null: the standard class. */
  vatPercent?: string | null;
  vatKind?: 'standard' | 'reduced' | 'zero' | null;
  stock: number;
  productActive: boolean;
  variationActive: boolean | null;
  /** the product has active variations: a line without one can no longer be bought */
  hasVariations: boolean;
  categoryIds: number[];
  attributeIds: number[];
}

/** A line as the API shows it: the contract's type (src/lib/contract/cart.ts). */
export type CartLineJson = CartLine;

export type CartContents = Pick<CartBody, 'payload' | 'unavailableItems'>;

/** Why a line cannot be bought now, or null when it can (in whatever quantity is in stock). */
export function unavailableReason(
  row: Pick<CartRow, 'productActive' | 'variationActive' | 'variationId' | 'hasVariations' | 'stock'>,
): 'inactive' | 'out_of_stock' | 'needs_variation' | null {
  if (!row.productActive || row.variationActive === false) return 'inactive';
  if (row.variationId === null && row.hasVariations) return 'needs_variation';
  if (row.stock <= 0) return 'out_of_stock';
  return null;
}

/** The unit price of a line in `currency` (minor units): its fixed price there, else converted and rounded (ADR 034). */
export function linePriceIn(row: Pick<CartRow, 'priceCents' | 'pricing'>, currency: PriceCurrency): number {
  const p = row.pricing ?? {
    product: { priceCents: row.priceCents, oldPriceCents: 0, discountPercent: 0 },
    variation: null,
    fixed: [],
  };
  return choicePriceIn(currency, p.product, p.variation, p.fixed).priceCents;
}

export interface LineContext {
  meta: CatalogMeta;
  languageId: number;
  currency: PriceCurrency;
}

export function toCartLine(row: CartRow, ctx: LineContext): CartLineJson {
  const { meta, languageId } = ctx;
  const categories = row.categoryIds.flatMap((id) => {
    const c = meta.categories.get(id);
    if (!c) return [];
    const parent = c.parentId === null ? undefined : meta.categories.get(c.parentId);
    return [
      {
        name: categoryName(meta, id, languageId),
        parent: parent ? { name: categoryName(meta, parent.id, languageId) } : null,
      },
    ];
  });
  // Same order as the product page's variation picker: by attribute group position.
  const attributes = row.attributeIds
    .flatMap((id) => {
      const a = meta.attributes.get(id);
      const g = a ? meta.groups.get(a.groupId) : undefined;
      return a && g ? [{ a, g }] : [];
    })
    .sort((x, y) => x.g.position - y.g.position || x.g.id - y.g.id || x.a.id - y.a.id)
    .map(({ a, g }) => ({
      id: a.id,
      name: localName(a, languageId),
      attribute_group: { name: localName(g, languageId) },
    }));
  return {
    id: row.lineId,
    item_id: row.variationId ?? row.productId,
    count: row.count,
    is_variation: row.variationId !== null,
    base_product_id: row.productId,
    available_stock: Math.max(0, row.stock),
    item: {
      sku: row.sku,
      name: row.name,
      // A line's thumbnail (and the order's snapshot of it): a photo's small JPEG, not its largest.
      image_url: row.imageUrl ? thumbnailUrl(row.imageUrl) : FALLBACK_IMAGE_URL,
      price: centsToNumber(linePriceIn(row, ctx.currency), ctx.currency.code),
      categories,
      variation_attributes: attributes,
    },
  };
}

export function toCartContents(rows: readonly CartRow[], ctx: LineContext): CartContents {
  const payload: CartLineJson[] = [];
  const unavailableItems: CartLineJson[] = [];
  for (const row of rows) (unavailableReason(row) ? unavailableItems : payload).push(toCartLine(row, ctx));
  return { payload, unavailableItems };
}

export const outOfStockMessage = (name: string, stock: number) =>
  stock <= 0 ? `${name} is out of stock.` : `Only ${stock} left in stock for ${name}.`;

/**
 * The count of a cart line after a failed order's `returned` units go back into a cart that
 * holds `existing` of them now (added since): never above the line cap or the stock, and never
 * below what the customer has put there themselves.
 */
export function restoredCount(existing: number, returned: number, stock: number): number {
  return Math.max(existing, Math.min(existing + returned, MAX_QUANTITY, stock));
}
