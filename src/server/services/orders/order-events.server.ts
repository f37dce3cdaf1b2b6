/**
 * The order's timeline, which is also the audit of staff actions on it (ADR 023): one row per
 * thing that happened, written in the transaction that made it happen, so the timeline never
 * shows a change that was rolled back nor misses one that was kept.
 */
import type { Db } from '@/server/db/client';
import { orderEvents } from '@/server/db/schema/index';

export type OrderEventType =
  | 'placed'
  | 'paid'
  | 'payment_failed'
  | 'payment_after_close'
  | 'expired'
  | 'marked_paid'
  | 'shipped'
  | 'cancelled'
  | 'refunded'
  | 'return_requested'
  | 'return_received'
  | 'return_rejected'
  | 'note'
  | 'invoice_issued'
  | 'credit_note_issued';

export interface OrderEventInput {
  orderId: number;
  /** The staff member; null for the shop itself (checkout, gateway, jobs). */
  actorId: number | null;
  type: OrderEventType;
  message?: string;
  internal?: boolean;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordOrderEvent(tx: Db, event: OrderEventInput): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    actorId: event.actorId,
    type: event.type,
    message: event.message ?? '',
    internal: event.internal ?? false,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}
