/** Small display rules of the back office's order screens (ADR 023). */
import { keyUnder } from '@/lib/translator';
import { formatCents } from '@/lib/money';
import { ORDER_STATUSES } from '@/lib/rules/order-status';
import type { Translator } from '@/lib/translator';

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

/** Euros written the way the admin's language writes money (1.234,50 € in German). */
export const eur = (cents: number, locale = 'en') => formatCents(cents, 'EUR', locale);

const KNOWN_STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);

/** A status's name in the admin's language; the value sent to the API stays the English one. */
export function statusLabel(at: Translator, status: string): string {
  return KNOWN_STATUSES.has(status) ? at(keyUnder('admin.orders.status.', status)) : status;
}

/** "2026-11-24 13:05 UTC": staff in several time zones read one clock. */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const EVENT_TYPES: ReadonlySet<string> = new Set([
  'placed',
  'paid',
  'payment_failed',
  'payment_after_close',
  'expired',
  'marked_paid',
  'shipped',
  'cancelled',
  'refunded',
  'return_requested',
  'return_received',
  'return_rejected',
  'note',
  'invoice_issued',
  'credit_note_issued',
]);

/** What an order_events row says, for the timeline; an unknown type shows itself. */
export function eventLabel(at: Translator, type: string): string {
  return EVENT_TYPES.has(type) ? at(keyUnder('admin.orders.event.', type)) : type;
}

const FIELDS: ReadonlySet<string> = new Set([
  'status',
  'paid_at',
  'carrier',
  'tracking_number',
  'tracking_url',
  'refunded_cents',
  'refund_id',
  'balance_cents',
]);

/**
 * "status: Pending → Success, carrier: DHL" from an event's before/after, field names and statuses
 * in the admin's language (the stored values stay as recorded).
 */
export function changeSummary(
  at: Translator,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  if (!after) return '';
  return Object.entries(after)
    .filter(([key]) => key !== 'reason' && key !== 'text')
    .map(([key, value]) => {
      const old = before?.[key];
      const show = (v: unknown) =>
        v === null || v === undefined
          ? '—'
          : typeof v === 'object'
            ? JSON.stringify(v)
            : key === 'status'
              ? statusLabel(at, String(v))
              : String(v);
      const name = FIELDS.has(key) ? at(keyUnder('admin.orders.field.', key)) : key;
      return old === undefined ? `${name}: ${show(value)}` : `${name}: ${show(old)} → ${show(value)}`;
    })
    .join(', ');
}
