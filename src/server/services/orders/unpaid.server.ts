import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '../catalog/rows';
import type { UnpaidHeld } from './unpaid';

/**
 * The customer's purchase orders waiting for payment and their units. Checkout reads this inside
 * its transaction after locking the customer's row, so parallel checkouts cannot both pass the cap.
 */
export async function unpaidHeld(tx: Db, userId: number): Promise<UnpaidHeld> {
  const [row] = rowsOf<{ orders: number; units: number }>(
    await tx.execute(sql`
      select count(*)::int as orders,
        coalesce(sum((select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)), 0)::int as units
      from orders o
      where o.user_id = ${userId} and o.kind = 'purchase' and o.status = 'Pending'`),
  );
  return { orders: Number(row?.orders ?? 0), units: Number(row?.units ?? 0) };
}
