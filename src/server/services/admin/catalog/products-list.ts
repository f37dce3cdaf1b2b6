/**
 * The staff product list's query (ADR 026, as ADR 023 "Lists at scale" for orders): what
 * /admin/products and GET /api/admin/products read from the address. Pure; anything unreadable
 * falls back to "not filtered", and pages are keyset cursors, never offsets.
 */
import { type Cursor, decodeCursor, encodeCursor } from '../orders/orders-list';

export const PRODUCT_SORTS = ['newest', 'updated', 'price_asc', 'price_desc', 'stock_asc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STATUSES = ['published', 'unpublished'] as const;
export const STOCK_FILTERS = ['out', 'low'] as const;

export const PRODUCTS_PAGE_SIZE = 25;

export interface ProductListQuery {
  /** SKU (prefix) or name (anywhere); '' for none. */
  q: string;
  /** A category and its subcategories. */
  categoryId: number | null;
  status: (typeof PRODUCT_STATUSES)[number] | null;
  stock: (typeof STOCK_FILTERS)[number] | null;
  onSale: boolean;
  noImage: boolean;
  /** Language code whose translation is missing. */
  missing: string | null;
  sort: ProductSort;
  after: Cursor | null;
  before: Cursor | null;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseProductListQuery(params: URLSearchParams): ProductListQuery {
  const category = params.get('category') ?? '';
  const after = decodeCursor(params.get('after'));
  const missing = params.get('missing') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 120),
    categoryId: /^[1-9]\d{0,8}$/.test(category) ? Number(category) : null,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    stock: oneOf(STOCK_FILTERS, params.get('stock')),
    onSale: params.get('sale') === '1',
    noImage: params.get('no_image') === '1',
    missing: /^[a-z]{2,8}$/.test(missing) ? missing : null,
    sort: oneOf(PRODUCT_SORTS, params.get('sort')) ?? 'newest',
    after,
    before: after ? null : decodeCursor(params.get('before')),
  };
}

/** The address of the list with `query`'s filters (and a cursor). */
export function productListSearch(query: ProductListQuery, cursor: { after?: Cursor; before?: Cursor } = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.categoryId) params.set('category', String(query.categoryId));
  if (query.status) params.set('status', query.status);
  if (query.stock) params.set('stock', query.stock);
  if (query.onSale) params.set('sale', '1');
  if (query.noImage) params.set('no_image', '1');
  if (query.missing) params.set('missing', query.missing);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (cursor.after) params.set('after', encodeCursor(cursor.after));
  if (cursor.before) params.set('before', encodeCursor(cursor.before));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export { encodeCursor };
