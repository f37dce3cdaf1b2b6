/**
 * The database side of the load mix (bench/load.mjs, tests/resilience/*): verified shoppers
 * created directly in the database (as a shop's import would; registration mails and the
 * verification link are not what is measured), the products they buy with known stock, and a
 * snapshot to check afterwards that every sold unit left the shelf exactly once.
 * bench/lib/load-data-cli.ts runs these on the configured database for the bench script.
 */
import { and, asc, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders, payments, products, users, variations } from '@/server/db/schema/index';
import { hashPassword } from '@/server/services/auth/passwords';

export const LOAD_PASSWORD = 'Load-Shopper-1';
export const LOAD_EMAIL_DOMAIN = 'load.example.com';
/** Plenty: the mix never runs these out (a sold-out shelf is what SCARCE is for). */
export const PLENTY_STOCK = 1_000_000;
/** Stock of the scarce products, which sell out during a run and answer 409 "no stock" then. */
export const SCARCE_STOCK = 25;

export interface LoadData {
  /** Sign-in emails, each used by one virtual shopper at a time. */
  customers: string[];
  password: string;
  /** Simple products (no variations) with PLENTY_STOCK. */
  products: number[];
  /** Simple products with SCARCE_STOCK. */
  scarce: number[];
}

export interface LoadSnapshot {
  /** Highest order id (orders placed later have larger ids). */
  maxOrderId: number;
  orders: number;
  /** Orders since sinceOrderId without items or without a payment row: must stay 0 (no half-written order). */
  incompleteOrders: number;
  /** Stock of every product the mix buys, by id. */
  stock: Record<number, number>;
  /** Units sold per product in orders with id > sinceOrderId. */
  sold: Record<number, number>;
  ordersSince: number;
  orderNrsSince: string[];
}

/**
 * Creates (or reuses) `count` verified customers and picks the products the shoppers buy; sets
 * their stock, so a run starts from known numbers. Idempotent: a second call tops up.
 */
export async function prepareLoadData(db: Db, count: number, productCount = 24): Promise<LoadData> {
  const have = await db
    .select({ email: users.email })
    .from(users)
    .where(like(users.email, `%@${LOAD_EMAIL_DOMAIN}`));
  const known = new Set(have.map((u) => u.email));
  const customers = Array.from({ length: count }, (_, i) => `shopper-${i + 1}@${LOAD_EMAIL_DOMAIN}`);
  const missing = customers.filter((email) => !known.has(email));
  if (missing.length > 0) {
    // One hash for all: argon2 costs ~50 ms each and they share the password anyway.
    const passwordHash = await hashPassword(LOAD_PASSWORD);
    for (let i = 0; i < missing.length; i += 500) {
      await db.insert(users).values(
        missing.slice(i, i + 500).map((email, j) => ({
          email,
          name: 'Load',
          surname: `Shopper ${i + j + 1}`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      );
    }
  }
  const simple = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        sql`${products.priceCents} > 0`,
        notExists(db.select({ id: variations.id }).from(variations).where(eq(variations.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id))
    .limit(productCount + 2);
  if (simple.length < productCount + 2)
    throw new Error(`the load mix needs ${productCount + 2} simple products, found ${simple.length}`);
  const ids = simple.map((p) => p.id);
  const scarce = ids.slice(0, 2);
  const plenty = ids.slice(2);
  await db.update(products).set({ stock: PLENTY_STOCK }).where(inArray(products.id, plenty));
  await db.update(products).set({ stock: SCARCE_STOCK }).where(inArray(products.id, scarce));
  return { customers, password: LOAD_PASSWORD, products: plenty, scarce };
}

export async function loadSnapshot(db: Db, productIds: number[], sinceOrderId = 0): Promise<LoadSnapshot> {
  const [totals] = await db
    .select({ max: sql<number>`coalesce(max(${orders.id}), 0)::int`, count: sql<number>`count(*)::int` })
    .from(orders);
  const [incomplete] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'purchase'),
        sql`${orders.id} > ${sinceOrderId}`,
        sql`(not exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id})
             or not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}))`,
      ),
    );
  const stockRows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, productIds));
  const soldRows = await db
    .select({ id: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(and(sql`${orderItems.orderId} > ${sinceOrderId}`, inArray(orderItems.productId, productIds)))
    .groupBy(orderItems.productId);
  const since = await db
    .select({ orderNr: orders.orderNr })
    .from(orders)
    .where(sql`${orders.id} > ${sinceOrderId}`);
  return {
    maxOrderId: totals?.max ?? 0,
    orders: totals?.count ?? 0,
    incompleteOrders: incomplete?.n ?? 0,
    stock: Object.fromEntries(stockRows.map((r) => [r.id, r.stock])),
    sold: Object.fromEntries(soldRows.map((r) => [r.id, r.units])),
    ordersSince: since.length,
    orderNrsSince: since.map((r) => r.orderNr),
  };
}
