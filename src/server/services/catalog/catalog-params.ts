/**
 * The parameters of a catalogue query (GET /api/products/catalog, the product list page) and
 * how they become queryCatalog's input: one parser (the contract's, src/lib/contract/catalog.ts)
 * for the API route and the page loader. The
 * route refuses a bad value with 422; the page drops just that value and shows the rest
 * (lenientCatalogInput), since a shopper's hand-edited address should still show products.
 */
import {
  type CatalogFields,
  type CatalogQuery,
  catalogFields,
  PER_PAGE_DEFAULT,
  priceRangeReversed,
} from '@/lib/contract/catalog';
import type { CatalogInput } from './catalog-query';

/** The validated query → queryCatalog's input. */
export function catalogInputOf(q: CatalogQuery, perPageDefault = PER_PAGE_DEFAULT): CatalogInput {
  return {
    search: q.search,
    sort: q.sort,
    priceMinCents: q.price_min,
    priceMaxCents: q.price_max,
    categoryIds: q.category_id,
    attrs: q.attrs,
    isNew: q.new,
    sale: q.sale,
    page: q.page ?? 1,
    perPage: q.per_page ?? perPageDefault,
  };
}

/** Raw query values → queryCatalog's input, leaving out each value the API would refuse. */
export function lenientCatalogInput(raw: Record<string, string>, perPageDefault: number): CatalogInput {
  const valid: Partial<CatalogFields> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in catalogFields)) continue;
    const field = key as keyof CatalogFields;
    const parsed = catalogFields[field].safeParse(value);
    if (parsed.success) Object.assign(valid, { [field]: parsed.data });
  }
  // The one rule across fields: a reversed range keeps the maximum, as the API names price_min.
  if (priceRangeReversed(valid)) delete valid.price_min;
  return catalogInputOf(valid, perPageDefault);
}
