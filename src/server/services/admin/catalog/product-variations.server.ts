/**
 * A product's variations in the staff editor (ADR 026): generate the missing combinations of
 * chosen attribute values (groups and values are found by name, created when new; a new one
 * follows the product's price: empty), change each variation's SKU, price, sale price, stock and
 * availability, remove combinations. Same version check, audit
 * and cache rule as every product save.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  attributeGroups,
  attributes,
  productAttributeGroups,
  variationAttributes,
  variations,
} from '@/server/db/schema/index';
import type { AdminProduct, GenerateVariations, SaveVariations } from '@/lib/contract/admin/products';
import { combinationKey, combinations, variationSku } from '@/lib/rules/variations';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, recordChange } from '../audit';
import { getAdminProduct } from './product-editor.server';
import { SKU_TAKEN, bumpVersion, lockProductVersion, skuTaken, uniqueViolation } from './product-lock.server';

const NOT_THIS_PRODUCTS = localized('admin.api.variationNotThisProduct');

/** The group named `name` (any case), created when new. Concurrent creators meet at the unique index. */
async function groupId(tx: Tx, name: string): Promise<number> {
  const find = async () =>
    (
      await tx
        .select({ id: attributeGroups.id })
        .from(attributeGroups)
        .where(sql`lower(${attributeGroups.name}) = lower(${name})`)
        .limit(1)
    )[0]?.id;
  const found = await find();
  if (found) return found;
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${attributeGroups.position}), 0)::int` })
    .from(attributeGroups);
  await tx
    .insert(attributeGroups)
    .values({ name, position: (max?.n ?? 0) + 1 })
    .onConflictDoNothing();
  return (await find())!;
}

async function attributeId(tx: Tx, group: number, name: string): Promise<number> {
  const find = async () =>
    (
      await tx
        .select({ id: attributes.id })
        .from(attributes)
        .where(and(eq(attributes.groupId, group), sql`lower(${attributes.name}) = lower(${name})`))
        .limit(1)
    )[0]?.id;
  const found = await find();
  if (found) return found;
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${attributes.position}), 0)::int` })
    .from(attributes)
    .where(eq(attributes.groupId, group));
  await tx
    .insert(attributes)
    .values({ groupId: group, name, position: (max?.n ?? 0) + 1 })
    .onConflictDoNothing();
  return (await find())!;
}

/** The keys of the combinations the product already has. */
async function existingKeys(tx: Tx, productId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ variationId: variationAttributes.variationId, group: attributeGroups.name, value: attributes.name })
    .from(variationAttributes)
    .innerJoin(variations, eq(variations.id, variationAttributes.variationId))
    .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
    .innerJoin(attributeGroups, eq(attributeGroups.id, attributes.groupId))
    .where(eq(variations.productId, productId));
  const byVariation = new Map<number, { group: string; value: string }[]>();
  for (const r of rows) byVariation.set(r.variationId, [...(byVariation.get(r.variationId) ?? []), r]);
  return new Set([...byVariation.values()].map(combinationKey));
}

/** A free SKU near the suggestion: TENT-S, then TENT-S-2, TENT-S-3… */
async function freeSku(tx: Tx, suggestion: string, planned: Set<string>): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const sku = n === 1 ? suggestion : `${suggestion.slice(0, 60)}-${n}`;
    if (!planned.has(sku) && !(await skuTaken(tx, sku))) return sku;
  }
  throw new InvalidInputError(SKU_TAKEN);
}

export async function generateVariations(
  db: Db,
  editor: Editor,
  productId: number,
  input: GenerateVariations,
): Promise<{ product: AdminProduct; created: number }> {
  const created = await transaction(db, async (tx) => {
    const product = await lockProductVersion(tx, productId, input.version);
    // One statement at a time: a transaction is one connection.
    const groups: number[] = [];
    for (const axis of input.axes) groups.push(await groupId(tx, axis.group));
    const current = await tx
      .select({ groupId: productAttributeGroups.groupId })
      .from(productAttributeGroups)
      .where(eq(productAttributeGroups.productId, productId));
    const [hasVariations] = await tx
      .select({ id: variations.id })
      .from(variations)
      .where(eq(variations.productId, productId))
      .limit(1);
    if (hasVariations && (current.length !== groups.length || current.some((c) => !groups.includes(c.groupId)))) {
      const message = localized('admin.api.variesOverOthers');
      throw new InvalidInputError(message, { axes: [message] });
    }
    await tx.delete(productAttributeGroups).where(eq(productAttributeGroups.productId, productId));
    await tx
      .insert(productAttributeGroups)
      .values(groups.map((id, position) => ({ productId, groupId: id, position })));
    const valueIds: number[][] = [];
    for (const [i, axis] of input.axes.entries()) {
      const ids: number[] = [];
      for (const value of axis.values) ids.push(await attributeId(tx, groups[i]!, value));
      valueIds.push(ids);
    }
    const have = await existingKeys(tx, productId);
    const planned = new Set<string>();
    let made = 0;
    for (const combo of combinations(input.axes)) {
      const pairs = combo.map((value, i) => ({ group: input.axes[i]!.group, value }));
      if (have.has(combinationKey(pairs))) continue;
      const sku = await freeSku(tx, variationSku(product.sku, combo), planned);
      planned.add(sku);
      const [row] = await tx
        .insert(variations)
        .values({ productId, sku, priceCents: null, stock: 0, active: true })
        .returning({ id: variations.id });
      await tx.insert(variationAttributes).values(
        combo.map((value, i) => ({
          variationId: row!.id,
          attributeId: valueIds[i]![input.axes[i]!.values.indexOf(value)]!,
        })),
      );
      made++;
    }
    await bumpVersion(tx, productId);
    await recordChange(
      tx,
      editor,
      'product',
      productId,
      'variations',
      `${product.sku}: ${made} combinations of ${input.axes.map((a) => a.group).join(' × ')} created`,
    );
    return made;
  });
  contentChanged(db, { products: [productId] });
  return { product: (await getAdminProduct(db, productId))!, created };
}

export async function saveVariations(
  db: Db,
  editor: Editor,
  productId: number,
  input: SaveVariations,
): Promise<AdminProduct> {
  await transaction(db, async (tx) => {
    const product = await lockProductVersion(tx, productId, input.version);
    const named = [...input.remove, ...input.variations.map((v) => v.id)];
    if (named.length) {
      const own = await tx
        .select({ id: variations.id })
        .from(variations)
        .where(and(eq(variations.productId, productId), inArray(variations.id, named)));
      if (own.length !== new Set(named).size)
        throw new InvalidInputError(NOT_THIS_PRODUCTS, { variations: [NOT_THIS_PRODUCTS] });
    }
    const skus = input.variations.map((v) => v.sku);
    if (new Set(skus).size !== skus.length)
      throw new InvalidInputError(localized('admin.api.variationSkuTwice'), {
        variations: [localized('admin.api.variationSkuTwice')],
      });
    if (input.remove.length)
      await tx.delete(variations).where(and(eq(variations.productId, productId), inArray(variations.id, input.remove)));
    const ownIds = input.variations.map((v) => v.id);
    for (const v of input.variations) {
      if (input.remove.includes(v.id)) continue;
      if (v.sku === product.sku || (await skuTaken(tx, v.sku, { variationIds: ownIds }))) {
        throw new InvalidInputError(localized('admin.api.variationSkuTaken', { sku: v.sku }), {
          variations: [localized('admin.api.variationSkuTaken', { sku: v.sku })],
        });
      }
      await tx
        .update(variations)
        .set({
          sku: v.sku,
          priceCents: v.price_cents,
          ...(v.sale_price_cents !== undefined && { salePriceCents: v.sale_price_cents }),
          stock: v.stock,
          active: v.active,
        })
        .where(eq(variations.id, v.id));
    }
    const [left] = await tx
      .select({ id: variations.id })
      .from(variations)
      .where(eq(variations.productId, productId))
      .limit(1);
    // No variation left: the product is a simple one again (no drop-downs on its page).
    if (!left) await tx.delete(productAttributeGroups).where(eq(productAttributeGroups.productId, productId));
    await bumpVersion(tx, productId);
    await recordChange(
      tx,
      editor,
      'product',
      productId,
      'variations',
      `${product.sku}: ${input.variations.length} changed, ${input.remove.length} removed`,
    );
  }).catch((error: unknown) => {
    // Two variations swapping SKUs in one save meet the unique index mid-way.
    if (uniqueViolation(error)?.includes('sku')) throw new InvalidInputError(SKU_TAKEN, { variations: [SKU_TAKEN] });
    throw error;
  });
  contentChanged(db, { products: [productId] });
  return (await getAdminProduct(db, productId))!;
}
