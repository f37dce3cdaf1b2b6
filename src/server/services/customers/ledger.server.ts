/**
 * The only way users.balance_cents changes (ADR 023): the caller holds the customer's row lock
 * (lock order of ADR 012), and the change and its balance_ledger row are written together, so the
 * ledger always sums to the balance.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { balanceLedger, users } from '@/server/db/schema/index';

export type LedgerKind = 'top_up' | 'refund' | 'adjustment';

export interface BalanceChange {
  userId: number;
  deltaCents: number;
  kind: LedgerKind;
  orderId?: number | null;
  refundId?: number | null;
  actorId?: number | null;
  reason?: string;
}

/**
 * Applies the change and writes its ledger row; returns the balance after it, or null when the
 * balance would go below 0 (nothing is written then).
 */
export async function changeBalance(tx: Db, change: BalanceChange): Promise<{ before: number; after: number } | null> {
  const [row] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${change.deltaCents}` })
    .where(sql`${users.id} = ${change.userId} and ${users.balanceCents} + ${change.deltaCents} >= 0`)
    .returning({ after: users.balanceCents });
  if (!row) return null;
  await tx.insert(balanceLedger).values({
    userId: change.userId,
    kind: change.kind,
    deltaCents: change.deltaCents,
    balanceAfterCents: row.after,
    orderId: change.orderId ?? null,
    refundId: change.refundId ?? null,
    actorId: change.actorId ?? null,
    reason: change.reason ?? '',
  });
  return { before: row.after - change.deltaCents, after: row.after };
}

/** Locks the customer's row (ADR 012 order: after payment and order rows) and reads the balance. */
export async function lockBalance(tx: Db, userId: number): Promise<number | null> {
  const [row] = await tx.select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId)).for('update');
  return row?.balance ?? null;
}
