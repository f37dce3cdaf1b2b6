/**
 * The staff order list's query (ADR 023 "Lists at scale"): what /admin/orders and its CSV export
 * read from the address, and the keyset cursor. Pure, so the page, the export and the tests share
 * one reading; anything unreadable falls back to "not filtered" (a list page never answers 400
 * for a hand-edited address).
 */
import { ORDER_STATUSES, type OrderStatus } from '@/lib/rules/order-status';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/rules/payment';

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDERS_PAGE_SIZE = 25;

export interface Cursor {
  /** The sort key of the row at the page edge: epoch milliseconds or cents. */
  key: number;
  id: number;
}

export interface OrderListQuery {
  /** Order number, email or name; '' for none. */
  q: string;
  status: OrderStatus | null;
  method: PaymentMethod | null;
  countryId: number | null;
  /** Inclusive UTC day bounds, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  sort: OrderSort;
  after: Cursor | null;
  before: Cursor | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.key}.${cursor.id}`;
}

export function decodeCursor(value: string | null): Cursor | null {
  const match = /^(-?\d{1,16})\.(\d{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const key = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(key) && id >= 1 && id <= 2_147_483_647 ? { key, id } : null;
}

export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const country = /^[1-9]\d{0,8}$/.test(params.get('country') ?? '') ? Number(params.get('country')) : null;
  const after = decodeCursor(params.get('after'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 120),
    status: oneOf(ORDER_STATUSES, params.get('status')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    countryId: country,
    from: day(params.get('from')),
    to: day(params.get('to')),
    sort: oneOf(ORDER_SORTS, params.get('sort')) ?? 'newest',
    after,
    before: after ? null : decodeCursor(params.get('before')),
  };
}

/** The address of the list with `query`'s filters (and a cursor), for links and the export. */
export function orderListSearch(query: OrderListQuery, cursor: { after?: Cursor; before?: Cursor } = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.method) params.set('method', query.method);
  if (query.countryId) params.set('country', String(query.countryId));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (cursor.after) params.set('after', encodeCursor(cursor.after));
  if (cursor.before) params.set('before', encodeCursor(cursor.before));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What kind of text the search box holds: an order number, an email address or a name. */
export function searchKind(q: string): 'none' | 'order' | 'email' | 'name' {
  if (!q) return 'none';
  if (q.includes('@')) return 'email';
  if (/^(?:TU-)?\d[\d-]{3,}$/i.test(q) || /^[A-Z]{2}-\d{4}-\d+$/i.test(q)) return 'order';
  return 'name';
}
