import { centsToDecimal, centsToNumber, convertCents } from '@/lib/money';
import { FALLBACK_IMAGE_URL } from '@/server/images/urls';
import { sanitizeHtml } from '../html';
import { type CatalogMeta, categoryName, categoryUrl } from './meta';
import type { ProductJson, VariationJson } from '@/lib/contract/catalog';
import { choicePrice, offerRange } from '@/lib/rules/product-price';
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
  variations: { id: number; sku: string; priceCents: number | null; salePriceCents: number | null; stock: number; attributeIds: number[] }[];
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
  /** Units of the requested currency per EUR (exact decimal string). */
  rate: string;
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

/** The one product shape of every product endpoint (spec §3 Product, plus stock and reviews). */
export function toProductJson(row: ProductRow, ctx: MapContext): ProductJson {
  const { meta, languageId, rate } = ctx;
  // Every price below comes from choicePrice: the product's "from" price is its cheapest choice's.
  const own = { priceCents: row.priceCents, oldPriceCents: row.oldPriceCents, discountPercent: row.discountPercent };
  const range = offerRange(own, row.variations);
  const current = convertCents(range.lowest.priceCents, rate);
  const stock = sellableStock(row.stock, row.variations.map((v) => v.stock));
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
  const variations: VariationJson[] = row.variations.map((v) => {
    const price = choicePrice(own, v);
    const cents = convertCents(price.priceCents, rate);
    const attributes: AttributeJson[] = [...v.attributeIds]
      .sort((x, y) => {
        const [px, gx] = groupOrder(x);
        const [py, gy] = groupOrder(y);
        return px - py || gx - gy || x - y;
      })
      .flatMap((id) => {
        const a = meta.attributes.get(id);
        const g = a ? meta.groups.get(a.groupId) : undefined;
        return a && g ? [{ id: a.id, name: a.name, attribute_group: { id: g.id, name: g.name } }] : [];
      });
    return {
      id: v.id,
      sku: v.sku,
      retail_price: centsToDecimal(cents),
      price: centsToNumber(cents),
      old_price: price.oldPriceCents > price.priceCents ? centsToDecimal(convertCents(price.oldPriceCents, rate)) : '0.00',
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
    price: centsToNumber(current),
    retail_price: centsToDecimal(current),
    old_price: range.lowest.oldPriceCents > 0 ? centsToDecimal(convertCents(range.lowest.oldPriceCents, rate)) : '0.00',
    discount_percent: range.lowest.discountPercent,
    price_from: range.varies,
    max_price: centsToNumber(convertCents(range.highestCents, rate)),
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
