/** Ship (ADR 023): a paid order leaves with a carrier and tracking number; the customer is mailed. */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/index';
import { ConflictError } from '@/server/services/errors';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { type ActionResult, lockOrder, refuseOwnOrder } from './lock.server';

export interface ShipInput {
  orderNr: string;
  actorId: number;
  carrier: string;
  trackingNumber: string;
  /** https only (the contract checks it); none when not given. */
  trackingUrl: string | null;
}

export async function shipOrder(db: Db, input: ShipInput): Promise<ActionResult> {
  await refuseOwnOrder(db, input.orderNr, input.actorId, 'ship');
  return transaction(db, async (tx) => {
    const { order } = await lockOrder(tx, input.orderNr);
    if (order.status === 'Shipped')
      return { orderId: order.id, changed: false, message: localized('admin.api.orderAlreadyShipped') };
    if (order.status !== 'Success')
      throw new ConflictError(localized('admin.api.shipWrongStatus', { status: order.status }));
    if (order.kind !== 'purchase') throw new ConflictError(localized('admin.api.shipTopUp'));
    const after = {
      status: 'Shipped',
      carrier: input.carrier,
      tracking_number: input.trackingNumber,
      tracking_url: input.trackingUrl,
    };
    await tx
      .update(orders)
      .set({
        status: 'Shipped',
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: input.trackingUrl,
        shippedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      actorId: input.actorId,
      type: 'shipped',
      message: `Shipped with ${input.carrier}, tracking number ${input.trackingNumber}.`,
      before: {
        status: order.status,
        carrier: order.carrier,
        tracking_number: order.trackingNumber,
        tracking_url: order.trackingUrl,
      },
      after,
    });
    return { orderId: order.id, changed: true, message: localized('admin.api.orderShipped') };
  });
}
