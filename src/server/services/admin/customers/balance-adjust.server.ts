/**
 * Staff adjust a customer's shop balance with a reason (ADR 023): the customer's row locked, the
 * balance and its ledger row changed together, and the change audited in content_changes with
 * before/after. Adjustments add up: two at once both apply, one after the other.
 *
 * Nobody adjusts their own balance, and an adjustment larger than the settings'
 * balance_adjust_limit_cents (either way) needs an admin (issue 27: staff credited themselves).
 * A refused attempt is audited too, so the attempt is visible in the change log.
 */
import { desc, eq } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { balanceLedger, contentChanges } from '@/server/db/schema/index';
import type { CustomerBalance } from '@/lib/contract/admin/orders';
import { formatCents } from '@/lib/money';
import { ForbiddenError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { type Localized, localized } from '@/server/services/localized';
import { balanceAdjustLimitCents } from '../settings/settings.server';
import { changeBalance, lockBalance } from '@/server/services/customers/ledger.server';
import { can } from '@/lib/rules/roles';

export interface BalanceAdjustment {
  customerId: number;
  actor: { id: number; role: string };
  deltaCents: number;
  reason: string;
}

const summaryOf = (input: BalanceAdjustment) =>
  `${input.deltaCents > 0 ? '+' : ''}${input.deltaCents} cents: ${input.reason}`;

/** Writes the refusal to the audit (its own statement: the refused change has no transaction) and throws. */
async function refuse(db: Db, input: BalanceAdjustment, action: string, message: Localized): Promise<never> {
  await db.insert(contentChanges).values({
    userId: input.actor.id,
    entity: 'customer_balance',
    entityId: String(input.customerId),
    action,
    summary: summaryOf(input),
  });
  throw new ForbiddenError(message, { delta_cents: [message] });
}

export async function adjustBalance(db: Db, input: BalanceAdjustment): Promise<CustomerBalance> {
  if (input.customerId === input.actor.id) await refuse(db, input, 'refused_own', localized('admin.api.ownBalance'));
  const limit = await balanceAdjustLimitCents(db);
  // Whoever may set the limit (the `settings` permission) may go past it.
  if (Math.abs(input.deltaCents) > limit && !can(input.actor.role, 'settings')) {
    await refuse(
      db,
      input,
      'refused_limit',
      localized('admin.api.balanceAdjustNeedsAdmin', { limit: formatCents(limit, 'EUR', 'en') }),
    );
  }
  return transaction(db, async (tx) => {
    const current = await lockBalance(tx, input.customerId);
    if (current === null) throw new NotFoundError(localized('admin.api.customerNotFound'));
    const changed = await changeBalance(tx, {
      userId: input.customerId,
      deltaCents: input.deltaCents,
      kind: 'adjustment',
      actorId: input.actor.id,
      reason: input.reason,
    });
    if (!changed) {
      const message = localized('admin.api.balanceBelowZero', { balance: formatCents(current, 'EUR', 'en') });
      throw new InvalidInputError(message, { delta_cents: [message] });
    }
    await tx.insert(contentChanges).values({
      userId: input.actor.id,
      entity: 'customer_balance',
      entityId: String(input.customerId),
      action: 'adjust',
      summary: summaryOf(input),
      before: { balance_cents: changed.before },
      after: { balance_cents: changed.after },
    });
    const [entry] = await tx
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, input.customerId))
      .orderBy(desc(balanceLedger.id))
      .limit(1);
    return {
      customer_id: input.customerId,
      balance_cents: changed.after,
      entry: {
        id: entry!.id,
        kind: entry!.kind,
        delta_cents: entry!.deltaCents,
        balance_after_cents: entry!.balanceAfterCents,
        reason: entry!.reason,
        created_at: entry!.createdAt.toISOString(),
      },
    };
  });
}
