/**
 * The customer's view of an order's timeline (`order_events`, ADR 023 "What the customer sees"):
 * internal rows (notes, balance details) are dropped, each known event type gets a translated
 * label, a shipment its carrier, tracking number and link, a refund its amount. Staff messages
 * and reasons are not shown: they are written for the back office, in the staff's language.
 * Pure: the detail page's loader feeds it rows, the page renders what it returns.
 */

export type TimelineKind =
  | 'placed'
  | 'paid'
  | 'paymentFailed'
  | 'expired'
  | 'shipped'
  | 'cancelled'
  | 'refunded'
  | 'returnRequested'
  | 'returnReceived'
  | 'returnRejected'
  | 'other';

export interface TimelineEventRow {
  id: number;
  type: string;
  internal: boolean;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

export interface TimelineEntry {
  id: number;
  kind: TimelineKind;
  /** Message key of the label (orderDetail.event.*). */
  labelKey: MessageKey;
  at: string;
  carrier?: string;
  trackingNumber?: string;
  /** Only an http(s) address: anything else would be a link the shop never meant to offer. */
  trackingUrl?: string;
  /** The refund in the order's currency, in cents, when the loader found it. */
  refundCents?: number;
}

const KINDS: Record<string, TimelineKind> = {
  placed: 'placed',
  paid: 'paid',
  marked_paid: 'paid',
  payment_failed: 'paymentFailed',
  expired: 'expired',
  shipped: 'shipped',
  cancelled: 'cancelled',
  refunded: 'refunded',
  return_requested: 'returnRequested',
  return_received: 'returnReceived',
  return_rejected: 'returnRejected',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** An absolute http(s) URL, or undefined. */
export function safeTrackingUrl(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Oldest first. `refundCents` maps a refund id (the refunded event's `after.refund_id`) to the
 * amount the customer got back in the order's currency.
 */
export function customerTimeline(
  rows: readonly TimelineEventRow[],
  refundCents: ReadonlyMap<number, number> = new Map(),
): TimelineEntry[] {
  return rows
    .filter((row) => !row.internal)
    .slice()
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    .map((row) => {
      const kind = KINDS[row.type] ?? 'other';
      const entry: TimelineEntry = {
        id: row.id,
        kind,
        labelKey: keyUnder('orderDetail.event.', kind),
        at: row.createdAt.toISOString(),
      };
      const after = row.after ?? {};
      if (kind === 'shipped') {
        const carrier = text(after.carrier);
        const trackingNumber = text(after.tracking_number);
        const trackingUrl = safeTrackingUrl(after.tracking_url);
        if (carrier) entry.carrier = carrier;
        if (trackingNumber) entry.trackingNumber = trackingNumber;
        if (trackingUrl) entry.trackingUrl = trackingUrl;
      }
      if (kind === 'refunded' && typeof after.refund_id === 'number') {
        const cents = refundCents.get(after.refund_id);
        if (cents !== undefined) entry.refundCents = cents;
      }
      return entry;
    });
}
import { keyUnder, type MessageKey } from '@/lib/translator';
