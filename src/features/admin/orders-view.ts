/** Small display rules of the back office's order screens (ADR 023). */
import { formatCents } from '@/lib/money';

const TONES: Record<string, string> = {
  Success: 'tone-success',
  Pending: 'tone-pending',
  Error: 'tone-error',
  Failed: 'tone-error',
  Cancelled: 'tone-error',
  Shipped: 'tone-shipped',
  Refunded: '',
};

/** The badge class of a status (the shop's colours: paid green, waiting orange, failed red). */
export function statusBadgeClass(status: string): string {
  return `badge ${TONES[status] ?? ''}`.trim();
}

export const eur = (cents: number) => formatCents(cents, 'EUR', 'en');

/** "2026-11-24 13:05 UTC": staff in several time zones read one clock. */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What an order_events row says, for the timeline. */
export const EVENT_LABELS: Record<string, string> = {
  placed: 'Order placed',
  paid: 'Paid through the payment provider',
  payment_failed: 'Payment failed',
  payment_after_close: 'Payment arrived after the order was closed: refund needed',
  expired: 'Expired unpaid',
  marked_paid: 'Marked paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  note: 'Note',
};

/** "status: Pending → Success, carrier: DHL" from an event's before/after. */
export function changeSummary(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!after) return '';
  return Object.entries(after)
    .filter(([key]) => key !== 'reason' && key !== 'text')
    .map(([key, value]) => {
      const old = before?.[key];
      const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
      return old === undefined ? `${key}: ${show(value)}` : `${key}: ${show(old)} → ${show(value)}`;
    })
    .join(', ');
}
