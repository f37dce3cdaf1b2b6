/**
 * Pure display rules of the Orders tab and the phone payment modal (accounts spec §2 Order
 * history, Phone payment modal, §3 status labels, §8 Orders errors, §9 date format).
 * Shared by the server render and the islands, so both print the same text.
 */

import type { MessageKey } from '@/lib/translator';
import type { PhonePaymentConfig } from '@/lib/contract/purchasing';

export type StatusTone = 'success' | 'pending' | 'error' | 'shipped' | 'cancelled' | 'refunded' | 'unknown';

export interface StatusView {
  tone: StatusTone;
  /** Message key of the label (orders.statusLabel.*). */
  labelKey: MessageKey;
}

/**
 * Success green, Pending orange ("Pending..."), Error and Failed red (spec); the back office's
 * Shipped, Cancelled and Refunded each have their own tone (ADR 023); anything else "Unknown...".
 */
export function orderStatusView(status: unknown): StatusView {
  switch (status) {
    case 'Success':
      return { tone: 'success', labelKey: 'orders.statusLabel.success' };
    case 'Pending':
      return { tone: 'pending', labelKey: 'orders.statusLabel.pending' };
    case 'Error':
      return { tone: 'error', labelKey: 'orders.statusLabel.error' };
    case 'Failed':
      return { tone: 'error', labelKey: 'orders.statusLabel.failed' };
    case 'Shipped':
      return { tone: 'shipped', labelKey: 'orders.statusLabel.shipped' };
    case 'Cancelled':
      return { tone: 'cancelled', labelKey: 'orders.statusLabel.cancelled' };
    case 'Refunded':
      return { tone: 'refunded', labelKey: 'orders.statusLabel.refunded' };
    default:
      return { tone: 'unknown', labelKey: 'orders.statusLabel.unknown' };
  }
}

/**
 * DD.MM.YYYY (spec §9). In UTC, so the server render and the browser agree whatever the
 * visitor's time zone; an unreadable date gives ''.
 */
export function formatOrderDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** View Orders of the phone payment modal: the orders tab when signed in, otherwise home. */
export function viewOrdersTarget(signedIn: boolean): string {
  return signedIn ? '/account?tab=orders' : '/';
}

/** The one-line delivery address of an order. */
export function formatAddress(address: {
  name?: string;
  surname?: string;
  address?: string;
  city?: string;
  post_code?: string;
  country?: string;
}): string {
  const person = [address.name, address.surname].filter(Boolean).join(' ');
  const place = [address.post_code, address.city].filter(Boolean).join(' ');
  return [person, address.address, place, address.country].filter((part) => part && part.trim()).join(', ');
}

export interface PhonePaymentData {
  orderNr: string;
  amount: number;
  currency: string;
  phoneGlobal: string;
  phoneUkEu: string;
}

export type ReopenResult = { ok: true; data: PhonePaymentData } | { ok: false; error: 'notPhone' | 'details' };

/**
 * Complete on an order (spec §4 Reopening phone payment, §8): only a phone order reopens the
 * modal, and only with numbers from an OK config answer.
 */
export function phonePaymentFromOrder(
  order: { order_nr: string; payment_method: string; amount: number; currency: string },
  config: { status?: string; payload?: Partial<PhonePaymentConfig> | null } | null | undefined,
): ReopenResult {
  if (order.payment_method !== 'phone') return { ok: false, error: 'notPhone' };
  if (!config || config.status !== 'OK' || !config.payload) return { ok: false, error: 'details' };
  const payload = config.payload;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const phoneGlobal = text(payload.phone_number_global) || text(payload.phone_number);
  const phoneUkEu = text(payload.phone_number_uk_eu);
  if (!phoneGlobal && !phoneUkEu) return { ok: false, error: 'details' };
  return {
    ok: true,
    data: { orderNr: order.order_nr, amount: order.amount, currency: order.currency, phoneGlobal, phoneUkEu },
  };
}

/**
 * Page buttons: all pages up to 7, otherwise first, last and the current ±1 with gaps (null).
 */
export function pageList(current: number, last: number): Array<number | null> {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const page of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && page - previous > 1) out.push(null);
    out.push(page);
  }
  return out;
}

/** The `page` query of /account?tab=orders: a whole number ≥ 1, else 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** The customer's order detail page (the order number is digits and letters; encoded anyway). */
export function orderDetailHref(orderNr: string): string {
  return `/account/orders/${encodeURIComponent(orderNr)}`;
}

export function ordersPageHref(page: number): string {
  return page <= 1 ? '/account?tab=orders' : `/account?tab=orders&page=${page}`;
}

/** An order line's second line: its category and chosen options ("Sleeping Bags · Length: Long"). */
export function orderItemMeta(item: {
  category?: { name?: string | null } | null;
  variation_attributes: Array<{ name: string; attribute_group?: { name?: string | null } | null }>;
}): string {
  return [
    item.category?.name,
    ...item.variation_attributes.map((a) =>
      a.attribute_group?.name ? `${a.attribute_group.name}: ${a.name}` : a.name,
    ),
  ]
    .filter(Boolean)
    .join(' · ');
}
