/**
 * Optimistic concurrency of the product editor (ADR 026): every save names the version its form
 * was opened at. The product row is locked inside the saving transaction, the version compared
 * and bumped there, so of two saves based on the same version exactly one wins and the other is
 * told, whatever the timing.
 */
import { type Localized, localized } from '@/server/services/localized';
import { and, eq, ne, sql } from 'drizzle-orm';
import { products, variations } from '@/server/db/schema/index';
import { ConflictError, NotFoundError } from '@/server/services/errors';
import type { Tx } from '../audit';
import { uniqueViolation } from '@/server/db/error-chain';

export const PRODUCT_NOT_FOUND = localized('admin.api.productNotFound');

export type ProductRow = typeof products.$inferSelect;

export function staleMessage(current: number): Localized {
  return localized('admin.api.productStale', { version: current });
}

/** The product, locked for this transaction, when `version` is still its version. */
export async function lockProductVersion(tx: Tx, id: number, version: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  if (row.version !== version)
    throw new ConflictError(staleMessage(row.version), { version: [staleMessage(row.version)] });
  return row;
}

/** The next version, written with the save; the storefront's caches see updated_at move too. */
export async function bumpVersion(tx: Tx, id: number): Promise<void> {
  await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export const SKU_TAKEN = localized('admin.api.skuTaken');

/** A SKU names one product or one variation across both tables (the CSV import keys rows by it). */
export async function skuTaken(
  tx: Tx,
  sku: string,
  except: { productId?: number; variationIds?: number[] } = {},
): Promise<boolean> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(except.productId ? and(eq(products.sku, sku), ne(products.id, except.productId)) : eq(products.sku, sku))
    .limit(1);
  if (product) return true;
  const [variation] = await tx.select({ id: variations.id }).from(variations).where(eq(variations.sku, sku)).limit(1);
  return !!variation && !(except.variationIds ?? []).includes(variation.id);
}

export { uniqueViolation };
