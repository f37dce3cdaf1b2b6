/**
 * Erasing a customer's account (GDPR art. 17, issue 31), by the customer or by staff on their
 * request (audited in content_changes). In one transaction: orders that were paid are kept with
 * their buyer's data for the tax retention period (RETENTION_YEARS from payment; the retention
 * job anonymises them then), orders never paid are anonymised at once; reviews, contact messages
 * and the newsletter subscription go; the account row goes, and with it (foreign keys) its
 * sessions, API tokens, reset links, cart and balance ledger.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contactMessages,
  contentChanges,
  newsletterSubscriptions,
  orders,
  returns,
  reviews,
  users,
} from '@/server/db/schema/index';
import { transaction } from '@/server/services/transaction';

/** German AO §147 / HGB §257: invoices and the records behind them are kept for 10 years. */
export const RETENTION_YEARS = 10;

/** The personal fields of an order, replaced by these on anonymisation. */
const ANONYMOUS = (id: number) => ({
  name: 'Deleted',
  surname: 'customer',
  email: `deleted-${id}@invalid`,
  phone: '',
  address: '',
  city: '',
  postCode: '',
  buyerVatId: null,
  trackingNumber: null,
  trackingUrl: null,
});

export interface EraseOutcome {
  /** Paid orders kept (with their data) until retain_until. */
  kept: number;
  anonymised: number;
}

export async function eraseCustomer(
  db: Db,
  input: { userId: number; actorId: number | null; reason: string },
): Promise<EraseOutcome | null> {
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) return null;
    const own = await tx
      .select({ id: orders.id, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.userId, user.id))
      .for('update');
    const paid = own.filter((o) => o.paidAt !== null);
    const unpaid = own.filter((o) => o.paidAt === null);
    if (paid.length > 0) {
      await tx
        .update(orders)
        .set({ retainUntil: sql`${orders.paidAt} + make_interval(years => ${RETENTION_YEARS})` })
        .where(
          inArray(
            orders.id,
            paid.map((o) => o.id),
          ),
        );
    }
    for (const o of unpaid)
      await tx
        .update(orders)
        .set({ ...ANONYMOUS(o.id), anonymisedAt: sql`now()` })
        .where(eq(orders.id, o.id));
    if (own.length > 0)
      await tx
        .update(returns)
        .set({ comment: '' })
        .where(
          inArray(
            returns.orderId,
            own.map((o) => o.id),
          ),
        );
    await tx.delete(reviews).where(eq(reviews.userId, user.id));
    await tx
      .delete(contactMessages)
      .where(sql`${contactMessages.userId} = ${user.id} or lower(${contactMessages.email}) = lower(${user.email})`);
    await tx.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = lower(${user.email})`);
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.insert(contentChanges).values({
      userId: input.actorId,
      entity: 'customer',
      entityId: String(user.id),
      action: 'erased',
      // No address or name here: the audit must not keep what was erased.
      summary: `${input.actorId === null ? 'by the customer' : "by staff on the customer's request"}: ${input.reason}; ${paid.length} paid order(s) kept for ${RETENTION_YEARS} years, ${unpaid.length} anonymised`,
    });
    return { kept: paid.length, anonymised: unpaid.length };
  });
}

/** The retention job: kept orders whose period is over are anonymised. Returns their ids. */
export async function anonymiseExpiredOrders(db: Db, now: Date = new Date()): Promise<number[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.userId),
        isNotNull(orders.retainUntil),
        lt(orders.retainUntil, now),
        isNull(orders.anonymisedAt),
      ),
    )
    .limit(500);
  for (const o of due)
    await db
      .update(orders)
      .set({ ...ANONYMOUS(o.id), anonymisedAt: now })
      .where(and(eq(orders.id, o.id), isNull(orders.anonymisedAt)));
  return due.map((o) => o.id);
}
