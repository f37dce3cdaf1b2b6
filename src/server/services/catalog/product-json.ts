import { type PriceCurrency, centsToDecimal, centsToNumber } from '@/lib/money';
import { FALLBACK_IMAGE_URL } from '@/server/images/urls';
import { sanitizeHtml } from '../html';
import { type CatalogMeta, categoryName, categoryUrl, localName } from './meta';
import type { ProductJson, VariationJson } from '@/lib/contract/catalog';
import { offerRangeOf } from '@/lib/rules/product-price';
import { type FixedPrice, choicePriceIn } from '@/lib/rules/currency-price';
import { sellableStock, stockAvailability } from '@/lib/rules/stock-level';

/** A product as loaded by product-load.ts: EUR cents, ids of categories and attributes. */
export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  sku: string;
  description: string;
  priceCents: number;
  oldPriceCents: number;
  discountPercent: number;
  isTop: boolean;
  isNew: boolean;
  /** The product row's own stock (with variations their sum counts, see sellableStock). */
  stock: number;
  /** Its own low-stock threshold, else the shop's. */
  lowStockThreshold: number;
  createdAt: string;
  images: ProductImage[];
  categoryIds: number[];
  variations: {
    id: number;
    sku: string;
    priceCents: number | null;
    salePriceCents: number | null;
    stock: number;
    attributeIds: number[];
  }[];
  /** Its fixed prices per currency (ADR 034), the product's and its variations'. */
  fixedPrices: FixedPrice[];
  reviewCount: number;
  reviewAverage: number | null;
}

/** An image of a product: an uploaded photo (with its size) or a generated drawing / URL (size null). */
export type ProductImage = ProductJson['images'][number];

export type Availability = ProductJson['availability'];

export type AttributeJson = VariationJson['attributes'][number];

/** A product's category: the contract's shape (src/lib/contract/catalog.ts). */
export type CategoryJson = ProductJson['categories'][number];

export type { ProductJson, VariationJson };

export interface MapContext {
  meta: CatalogMeta;
  languageId: number;
  /** The requested currency: its rate per EUR, minor units and rounding rule. */
  currency: PriceCurrency;
}

// Sanitising is the costliest step of a list page served from the catalogue caches (~0.3 ms per
// description, 15+ per page) and its result depends only on the input text.
const MAX_SANITIZED = 3_000;
const sanitized = new Map<string, string>();

/** sanitizeHtml(html), remembered for the most recently used descriptions. */
export function sanitizedDescription(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html);
    if (sanitized.size >= MAX_SANITIZED) sanitized.delete(sanitized.keys().next().value!);
  } else sanitized.delete(html);
  sanitized.set(html, clean);
  return clean;
}

/** "0.00", or "0" in a currency without decimals: the spec's old_price when not on sale. */
const zero = (code: string) => centsToDecimal(0, code);

/** The one product shape of every product endpoint (spec §3 Product, plus stock and reviews). */
export function toProductJson(row: ProductRow, ctx: MapContext): ProductJson {
  const { meta, languageId, currency } = ctx;
  const code = currency.code;
  // Every price below comes from choicePriceIn (a fixed price, else choicePrice converted and
  // rounded): the product's "from" price is its cheapest choice's in this currency.
  const own = { priceCents: row.priceCents, oldPriceCents: row.oldPriceCents, discountPercent: row.discountPercent };
  const choices = row.variations.map((v) => choicePriceIn(currency, own, v, row.fixedPrices));
  const range = offerRangeOf(
    choices.length ? choices : [choicePriceIn(currency, own, null, row.fixedPrices)],
    row.variations.length > 0,
  );
  const current = range.lowest.priceCents;
  const stock = sellableStock(
    row.stock,
    row.variations.map((v) => v.stock),
  );
  const categories: CategoryJson[] = [];
  for (const id of row.categoryIds) {
    const c = meta.categories.get(id);
    if (!c) continue;
    const parent = c.parentId === null ? undefined : meta.categories.get(c.parentId);
    categories.push({
      id: c.id,
      name: categoryName(meta, c.id, languageId),
      slug: c.slug,
      url: categoryUrl(c),
      parent_id: c.parentId ?? 0,
      parent: parent ? { id: parent.id, name: categoryName(meta, parent.id, languageId) } : null,
    });
  }
  const groupOrder = (attributeId: number) => {
    const a = meta.attributes.get(attributeId);
    const g = a ? meta.groups.get(a.groupId) : undefined;
    return [g?.position ?? 0, g?.id ?? 0] as const;
  };
  const variations: VariationJson[] = row.variations.map((v, i) => {
    const price = choices[i]!;
    const cents = price.priceCents;
    const attributes: AttributeJson[] = [...v.attributeIds]
      .sort((x, y) => {
        const [px, gx] = groupOrder(x);
        const [py, gy] = groupOrder(y);
        return px - py || gx - gy || x - y;
      })
      .flatMap((id) => {
        const a = meta.attributes.get(id);
        const g = a ? meta.groups.get(a.groupId) : undefined;
        return a && g
          ? [
              {
                id: a.id,
                name: localName(a, languageId),
                attribute_group: { id: g.id, name: localName(g, languageId) },
              },
            ]
          : [];
      });
    return {
      id: v.id,
      sku: v.sku,
      retail_price: centsToDecimal(cents, code),
      price: centsToNumber(cents, code),
      old_price: price.oldPriceCents > price.priceCents ? centsToDecimal(price.oldPriceCents, code) : zero(code),
      discount_percent: price.oldPriceCents > price.priceCents ? price.discountPercent : 0,
      stock: v.stock,
      in_stock: v.stock > 0,
      availability: stockAvailability(v.stock, row.lowStockThreshold),
      attributes,
    };
  });
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    image_url: row.images[0]?.url ?? FALLBACK_IMAGE_URL,
    images_urls: row.images.map((image) => image.url),
    images: row.images,
    price: centsToNumber(current, code),
    retail_price: centsToDecimal(current, code),
    old_price: range.lowest.oldPriceCents > 0 ? centsToDecimal(range.lowest.oldPriceCents, code) : zero(code),
    discount_percent: range.lowest.discountPercent,
    price_from: range.varies,
    max_price: centsToNumber(range.highestCents, code),
    description: sanitizedDescription(row.description),
    categories,
    variations,
    top_product: row.isTop,
    new_arrival: row.isNew,
    stock,
    in_stock: stock > 0,
    availability: stockAvailability(stock, row.lowStockThreshold),
    low_stock_threshold: row.lowStockThreshold,
    reviews: { count: row.reviewCount, average: row.reviewAverage },
    created_at: row.createdAt,
  };
}
