/** The staff customer pages (ADR 023): a searchable list, and one customer with orders and ledger. */
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { balanceLedger, countries, orders, users } from '@/server/db/schema/index';

export const CUSTOMERS_PAGE_SIZE = 25;

/** Newest accounts first, keyset on id; `q` matches email or name (part of either). */
export async function listCustomers(db: Db, q: string, before: number | null) {
  const pattern = `%${q.replaceAll(/[%_\\]/g, '\\$&')}%`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      role: users.role,
      balanceCents: users.balanceCents,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        q
          ? or(sql`${users.email} ilike ${pattern}`, sql`${users.name} || ' ' || ${users.surname} ilike ${pattern}`)
          : undefined,
        before ? lt(users.id, before) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE + 1);
  return {
    rows: rows.slice(0, CUSTOMERS_PAGE_SIZE),
    next: rows.length > CUSTOMERS_PAGE_SIZE ? rows[CUSTOMERS_PAGE_SIZE - 1]!.id : null,
  };
}

export async function loadCustomer(db: Db, id: number) {
  const [customer] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      phone: users.phone,
      role: users.role,
      balanceCents: users.balanceCents,
      city: users.city,
      address: users.address,
      postCode: users.postCode,
      country: countries.name,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, id));
  if (!customer) return null;
  const actor = alias(users, 'actor');
  const [orderRows, ledger] = await Promise.all([
    db
      .select({
        orderNr: orders.orderNr,
        createdAt: orders.createdAt,
        status: orders.status,
        kind: orders.kind,
        paymentMethod: orders.paymentMethod,
        finalCents: orders.finalCents,
        refundedCents: orders.refundedCents,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(50),
    db
      .select({
        id: balanceLedger.id,
        kind: balanceLedger.kind,
        deltaCents: balanceLedger.deltaCents,
        balanceAfterCents: balanceLedger.balanceAfterCents,
        reason: balanceLedger.reason,
        createdAt: balanceLedger.createdAt,
        orderNr: orders.orderNr,
        actorEmail: actor.email,
      })
      .from(balanceLedger)
      .leftJoin(orders, eq(orders.id, balanceLedger.orderId))
      .leftJoin(actor, eq(actor.id, balanceLedger.actorId))
      .where(eq(balanceLedger.userId, id))
      .orderBy(asc(balanceLedger.id)),
  ]);
  return { customer, orders: orderRows, ledger };
}
