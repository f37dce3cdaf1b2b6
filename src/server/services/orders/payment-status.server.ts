import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema/index';

export type PaymentState = 'success' | 'pending' | 'failed';

export interface PaymentStatus {
  state: PaymentState;
  orderNr: string;
  orderStatus: string;
}

/**
 * A card payment's outcome as the shop knows it (set by the gateway's signed notification, never
 * by what the browser says), for the page the gateway sends the shopper back to and for the API
 * it polls. Only the buyer may read it: null for a malformed or unknown id and for another
 * customer's payment alike (the id is unguessable besides).
 */
export async function paymentStatusFor(
  db: Db,
  paymentId: string,
  userId: number | null,
): Promise<PaymentStatus | null> {
  if (!z.uuid().safeParse(paymentId).success) return null;
  const [row] = await db
    .select({ status: orders.status, orderNr: orders.orderNr, userId: orders.userId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row || (row.userId !== null && row.userId !== userId)) return null;
  const state: PaymentState = row.status === 'Success' ? 'success' : row.status === 'Pending' ? 'pending' : 'failed';
  return { state, orderNr: row.orderNr, orderStatus: row.status };
}
