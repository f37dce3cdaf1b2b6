/**
 * Stock moves of orders. Variation stock and its product's stock move together (the product's
 * stock is the sum of its variations', docs/decisions/005-catalogue-search.md).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders, products, variations } from '@/server/db/schema/index';
import { DEFAULT_LOW_STOCK_THRESHOLD, stockAvailability } from '@/lib/rules/stock-level';

export interface StockLine {
  productId: number;
  variationId: number | null;
  quantity: number;
}

/**
 * Puts an order's units back, once: a second call (a replayed decline, the expiry job) is a no-op.
 * Units a refund or return already restocked are not put back again.
 */
export async function releaseOrderStock(tx: Db, orderId: number): Promise<boolean> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReleased: true, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.stockReleased, false)))
    .returning({ id: orders.id });
  if (!claimed) return false;
  const open = and(eq(orderItems.orderId, orderId), lt(orderItems.restockedQuantity, orderItems.quantity));
  const lines = await tx
    .select({
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.restockedQuantity}`,
    })
    .from(orderItems)
    .where(open);
  await tx
    .update(orderItems)
    .set({ restockedQuantity: sql`${orderItems.quantity}` })
    .where(open);
  await addStock(tx, lines);
  return true;
}

/**
 * Puts back units of an order's lines (a refund or a return with restock) inside the caller's
 * transaction, which holds the order's lock. Each line's restocked_quantity rises only while it
 * stays within the line's quantity, so no unit comes back twice; returns the lines that had fewer
 * units left to restock than asked (nothing is moved for them).
 */
export async function restockOrderLines(
  tx: Db,
  orderId: number,
  wanted: readonly { orderItemId: number; quantity: number }[],
): Promise<number[]> {
  const moved: UnitsBack[] = [];
  const refused: number[] = [];
  for (const want of wanted) {
    const [line] = await tx
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${want.quantity}` })
      .where(
        and(
          eq(orderItems.id, want.orderItemId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.restockedQuantity} + ${want.quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ productId: orderItems.productId, variationId: orderItems.variationId });
    if (line) moved.push({ ...line, quantity: want.quantity });
    else refused.push(want.orderItemId);
  }
  if (refused.length === 0) await addStock(tx, moved);
  return refused;
}

/** Units not yet back in stock per line of an order. */
export async function unrestockedUnits(tx: Db, orderId: number): Promise<{ orderItemId: number; quantity: number }[]> {
  const rows = await tx
    .select({
      orderItemId: orderItems.id,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.restockedQuantity}`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), lt(orderItems.restockedQuantity, orderItems.quantity)));
  return rows.map((r) => ({ orderItemId: r.orderItemId, quantity: Number(r.quantity) }));
}

/**
 * Adds units to products and variations (a product's deleted since: nothing to add to). Rows in
 * checkout's lock order (products, then variations, by id): a release running beside a checkout
 * of the same items waits for it instead of deadlocking.
 */
interface UnitsBack {
  productId: number | null;
  variationId: number | null;
  quantity: number;
}

async function addStock(tx: Db, lines: readonly UnitsBack[]): Promise<void> {
  const byProduct = new Map<number, number>();
  const byVariation = new Map<number, number>();
  for (const line of lines) {
    const quantity = Number(line.quantity);
    if (line.productId !== null) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + quantity);
    if (line.variationId !== null)
      byVariation.set(line.variationId, (byVariation.get(line.variationId) ?? 0) + quantity);
  }
  for (const [id, quantity] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}` })
      .where(eq(products.id, id));
  }
  for (const [id, quantity] of [...byVariation].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(variations)
      .set({ stock: sql`${variations.stock} + ${quantity}` })
      .where(eq(variations.id, id));
  }
}

/** A product or variation whose stock this reservation took below its low-stock threshold. */
export interface StockFall {
  productId: number;
  variationId: number | null;
  stock: number;
  threshold: number;
}

/**
 * Takes the units of every line inside the caller's transaction, locking the rows in a fixed
 * order (products, then variations, by id) so concurrent checkouts never deadlock. Returns the
 * lines that lack stock; nothing is taken then. `fallen` gets the choices this reservation took
 * from "in stock" to below their low-stock threshold (stock-level.ts): the rows are locked, so
 * each crossing is seen by exactly one reservation (the staff's low-stock mail, once per crossing).
 */
export async function reserveStock(tx: Db, lines: readonly StockLine[], fallen?: StockFall[]): Promise<StockLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  const variationIds = [...new Set(lines.flatMap((l) => (l.variationId === null ? [] : [l.variationId])))].sort(
    (a, b) => a - b,
  );
  const productStock = new Map<number, number>();
  const variationStock = new Map<number, number>();
  const thresholds = new Map<number, number>();
  for (const id of productIds) {
    const [row] = await tx
      .select({
        stock: products.stock,
        threshold: sql<number>`coalesce(${products.lowStockThreshold}, (select s.low_stock_threshold from settings s where s.id = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})`,
      })
      .from(products)
      .where(eq(products.id, id))
      .for('update', { of: products });
    productStock.set(id, row?.stock ?? 0);
    thresholds.set(id, Number(row?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD));
  }
  for (const id of variationIds) {
    const [row] = await tx
      .select({ stock: variations.stock })
      .from(variations)
      .where(eq(variations.id, id))
      .for('update');
    variationStock.set(id, row?.stock ?? 0);
  }
  const short = lines.filter((l) =>
    l.variationId === null
      ? (productStock.get(l.productId) ?? 0) < l.quantity
      : (variationStock.get(l.variationId) ?? 0) < l.quantity,
  );
  if (short.length > 0) return short;
  if (fallen) fallen.push(...stockFalls(lines, productStock, variationStock, thresholds));
  for (const line of lines) {
    if (line.variationId !== null) {
      await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} - ${line.quantity}` })
        .where(eq(variations.id, line.variationId));
    }
    await tx
      .update(products)
      .set({ stock: sql`greatest(${products.stock} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
  return [];
}

/** The choices these lines take from at or above their threshold to below it (a variation counts for itself, not its product). */
function stockFalls(
  lines: readonly StockLine[],
  productStock: ReadonlyMap<number, number>,
  variationStock: ReadonlyMap<number, number>,
  thresholds: ReadonlyMap<number, number>,
): StockFall[] {
  const taken = new Map<string, { productId: number; variationId: number | null; before: number; quantity: number }>();
  for (const l of lines) {
    const key = l.variationId === null ? `p${l.productId}` : `v${l.variationId}`;
    const before =
      l.variationId === null ? (productStock.get(l.productId) ?? 0) : (variationStock.get(l.variationId) ?? 0);
    const entry = taken.get(key) ?? { productId: l.productId, variationId: l.variationId, before, quantity: 0 };
    entry.quantity += l.quantity;
    taken.set(key, entry);
  }
  return [...taken.values()].flatMap((t) => {
    const threshold = thresholds.get(t.productId) ?? DEFAULT_LOW_STOCK_THRESHOLD;
    const after = t.before - t.quantity;
    return stockAvailability(t.before, threshold) === 'in_stock' && stockAvailability(after, threshold) !== 'in_stock'
      ? [{ productId: t.productId, variationId: t.variationId, stock: after, threshold }]
      : [];
  });
}
