/**
 * Staff adjust a customer's shop balance with a reason (ADR 023): the customer's row locked, the
 * balance and its ledger row changed together, and the change audited in content_changes with
 * before/after. Adjustments add up: two at once both apply, one after the other.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { balanceLedger, contentChanges } from '@/server/db/schema/index';
import type { CustomerBalance } from '@/lib/contract/admin/orders';
import { formatCents } from '@/lib/money';
import { InvalidInputError, NotFoundError } from '../errors';
import { localized } from '../localized';
import { changeBalance, lockBalance } from './ledger.server';

export async function adjustBalance(db: Db, input: { customerId: number; actorId: number; deltaCents: number; reason: string }): Promise<CustomerBalance> {
  return db.transaction(async (tx) => {
    const current = await lockBalance(tx, input.customerId);
    if (current === null) throw new NotFoundError(localized('admin.api.customerNotFound'));
    const changed = await changeBalance(tx, { userId: input.customerId, deltaCents: input.deltaCents, kind: 'adjustment', actorId: input.actorId, reason: input.reason });
    if (!changed) {
      const message = localized('admin.api.balanceBelowZero', { balance: formatCents(current, 'EUR', 'en') });
      throw new InvalidInputError(message, { delta_cents: [message] });
    }
    await tx.insert(contentChanges).values({
      userId: input.actorId,
      entity: 'customer_balance',
      entityId: String(input.customerId),
      action: 'adjust',
      summary: `${input.deltaCents > 0 ? '+' : ''}${input.deltaCents} cents: ${input.reason}`,
      before: { balance_cents: changed.before },
      after: { balance_cents: changed.after },
    });
    const [entry] = await tx.select().from(balanceLedger).where(eq(balanceLedger.userId, input.customerId)).orderBy(desc(balanceLedger.id)).limit(1);
    return {
      customer_id: input.customerId,
      balance_cents: changed.after,
      entry: { id: entry!.id, kind: entry!.kind, delta_cents: entry!.deltaCents, balance_after_cents: entry!.balanceAfterCents, reason: entry!.reason, created_at: entry!.createdAt.toISOString() },
    };
  });
}
