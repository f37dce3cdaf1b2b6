import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { ProductImage, ProductRow } from './product-json';
import { parseJson, rowsOf } from './rows';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import type { FixedPrice } from '@/lib/rules/currency-price';

interface RawRow {
  id: number;
  name: string;
  slug: string;
  sku: string;
  description: string;
  price_cents: number;
  old_price_cents: number;
  discount_percent: number;
  is_top: boolean;
  is_new: boolean;
  stock: number;
  low_stock_threshold: number;
  created_ms: number | string;
  images: string;
  category_ids: string;
  variations: string;
  fixed_prices: string;
  review_count: number;
  review_avg: number | string | null;
}

/**
 * Loads whole products (text in the language with base-row fallback, images with their photo's
 * size and alternative text, category ids, the low-stock threshold (its own, else the shop's),
 * active variations with attribute ids, fixed prices per currency, review summary) for a page of ids in ONE query, whatever
 * the page size: the nested parts are correlated json aggregates over indexed foreign keys.
 * Returns them in the order of `ids`; inactive or unknown ids are left out.
 */
export async function loadProducts(db: Db, ids: readonly number[], languageId: number): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      select p.id, coalesce(t.name, p.name) as name, p.slug, p.sku,
        coalesce(nullif(t.description, ''), p.description) as description,
        p.price_cents, p.old_price_cents, p.discount_percent, p.is_top, p.is_new, p.stock,
        coalesce(p.low_stock_threshold, (select s.low_stock_threshold from settings s where s.id = 1), ${DEFAULT_LOW_STOCK_THRESHOLD}) as low_stock_threshold,
        (extract(epoch from p.created_at) * 1000)::float8 as created_ms,
        (select coalesce(json_agg(json_build_object(
            'url', i.url, 'width', a.width, 'height', a.height,
            -- Alternative text: the language's, else the default language's, else the product's name.
            'alt', coalesce(nullif(i.alt ->> (select code from languages where id = ${languageId}), ''),
                            nullif(i.alt ->> (select code from languages where is_default order by id limit 1), ''),
                            coalesce(t.name, p.name))
          ) order by i.position, i.id), '[]')
          from product_images i left join media_assets a on a.id = i.asset_id
          where i.product_id = p.id)::text as images,
        (select coalesce(json_agg(pc.category_id order by pc.category_id), '[]') from product_categories pc
          where pc.product_id = p.id)::text as category_ids,
        (select coalesce(json_agg(json_build_object(
            'id', v.id, 'sku', v.sku, 'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'stock', v.stock,
            'attributeIds', (select coalesce(json_agg(va.attribute_id order by va.attribute_id), '[]')
                             from variation_attributes va where va.variation_id = v.id)
          ) order by v.id), '[]')
          from variations v where v.product_id = p.id and v.active)::text as variations,
        (select coalesce(json_agg(json_build_object(
            'currency', f.currency, 'variationId', f.variation_id, 'priceCents', f.price_cents, 'salePriceCents', f.sale_price_cents
          ) order by f.id), '[]')
          from product_currency_prices f where f.product_id = p.id)::text as fixed_prices,
        (select count(*)::int from reviews r where r.product_id = p.id) as review_count,
        (select round(avg(r.rating)::numeric, 1)::float8 from reviews r where r.product_id = p.id) as review_avg
      from products p
        left join product_translations t on t.product_id = p.id and t.language_id = ${languageId}
      where p.active and p.id in (${idList})`),
  );
  const byId = new Map<number, ProductRow>();
  for (const r of raw) {
    byId.set(Number(r.id), {
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      sku: r.sku,
      description: r.description,
      priceCents: Number(r.price_cents),
      oldPriceCents: Number(r.old_price_cents),
      discountPercent: Number(r.discount_percent),
      isTop: r.is_top,
      isNew: r.is_new,
      stock: Number(r.stock),
      lowStockThreshold: Number(r.low_stock_threshold),
      createdAt: new Date(Number(r.created_ms)).toISOString(),
      images: parseJson<ProductImage[]>(r.images, []),
      categoryIds: parseJson<number[]>(r.category_ids, []),
      variations: parseJson<ProductRow['variations']>(r.variations, []),
      fixedPrices: parseJson<FixedPrice[]>(r.fixed_prices, []),
      reviewCount: Number(r.review_count),
      reviewAverage: r.review_avg === null ? null : Number(r.review_avg),
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
