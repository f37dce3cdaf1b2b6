/** The order as the staff actions answer it (lib/contract/admin/orders.ts). */
import { localized } from '@/server/services/localized';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, refunds, returns } from '@/server/db/schema/index';
import type { RefundJson, StaffOrderWithRefunds } from '@/lib/contract/admin/orders';
import { NotFoundError } from '@/server/services/errors';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function refundJson(row: typeof refunds.$inferSelect, returnNr: string | null = null): RefundJson {
  return {
    id: row.id,
    destination: row.destination as RefundJson['destination'],
    status: row.status as RefundJson['status'],
    amount_cents: row.amountCents,
    converted_cents: row.convertedCents,
    currency: row.currency,
    lines: row.lines,
    reference: row.reference,
    return_nr: returnNr,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

export async function staffOrderState(db: Db, orderId: number): Promise<StaffOrderWithRefunds> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw new NotFoundError(localized('admin.api.orderNotFound'));
  const rows = await db
    .select({ refund: refunds, returnNr: returns.returnNr })
    .from(refunds)
    .leftJoin(returns, eq(returns.id, refunds.returnId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  return {
    id: o.id,
    order_nr: o.orderNr,
    status: o.status,
    kind: o.kind,
    payment_method: o.paymentMethod,
    customer_id: o.userId,
    email: o.email,
    currency: o.currency,
    final_cents: o.finalCents,
    converted_final_cents: o.convertedFinalCents,
    refunded_cents: o.refundedCents,
    carrier: o.carrier,
    tracking_number: o.trackingNumber,
    tracking_url: o.trackingUrl,
    paid_at: iso(o.paidAt),
    shipped_at: iso(o.shippedAt),
    cancelled_at: iso(o.cancelledAt),
    refunds: rows.map((r) => refundJson(r.refund, r.returnNr)),
  };
}
