/**
 * One batch of a catalogue import (ADR 026), inside the batch's transaction: read what the shop
 * has for the batch's SKUs in a few queries, compare, and write only what differs, so applying a
 * file twice changes nothing (counted as unchanged). Products and variations that change get a
 * new version (the editor's optimistic check sees it) and a new updated_at.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  attributeGroups,
  attributes,
  categories,
  mediaAssets,
  productAttributeGroups,
  productCategories,
  productImages,
  products,
  productTranslations,
  variationAttributes,
  variations,
  vatRates,
} from '@/server/db/schema/index';
import { toStoredPrice } from '@/lib/rules/product-price';
import { slugify } from '@/lib/rules/slug';
import type { Tx } from '../admin/audit';
import { sanitizeHtml } from '../html';
import type { ProductRow, VariationRow } from './format';

export interface BatchContext {
  defaultLanguage: string;
  /** Language code → id. */
  languageIds: Map<string, number>;
  /** The zip's images by file name (check.server.ts stored them). */
  files: Record<string, { id: number; url: string }>;
}

/** /media/{hash}/… : an uploaded photo of this shop (an exported file names them so). */
const MEDIA_PATH = /^\/media\/([0-9a-f]{64})\//;

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type ProductRecord = typeof products.$inferSelect;

/** What the shop has for a batch's SKUs, read in a few queries. */
interface Loaded {
  existing: Map<string, ProductRecord>;
  translations: (typeof productTranslations.$inferSelect)[];
  categoryLinks: (typeof productCategories.$inferSelect)[];
  images: (typeof productImages.$inferSelect)[];
  vatRateOf: (name: string) => number | null;
  categoryId: Map<string, number>;
  /** An image cell's stored URL and asset: a zip file's asset, a known /media photo, or an outside address. */
  source: (src: string) => { url: string; assetId: number | null };
}

/** The writes a batch collects over its rows, done together at its end. */
interface Pending {
  translationRows: (typeof productTranslations.$inferInsert)[];
  clearedTranslations: { productId: number; languageId: number }[];
  newCategoryLinks: { productId: number; categoryId: number }[];
  newImages: (typeof productImages.$inferInsert)[];
  relinkCategories: number[];
  reimage: number[];
  bump: number[];
}

async function loadBatch(tx: Tx, rows: readonly ProductRow[], ctx: BatchContext): Promise<Loaded> {
  const existing = new Map(
    (
      await tx
        .select()
        .from(products)
        .where(
          inArray(
            products.sku,
            rows.map((r) => r.sku),
          ),
        )
    ).map((p) => [p.sku, p]),
  );
  const ids = [...existing.values()].map((p) => p.id);
  const [translations, categoryLinks, images, categoryRows] = await Promise.all([
    ids.length ? tx.select().from(productTranslations).where(inArray(productTranslations.productId, ids)) : [],
    ids.length ? tx.select().from(productCategories).where(inArray(productCategories.productId, ids)) : [],
    ids.length
      ? tx
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(productImages.productId, productImages.position, productImages.id)
      : [],
    tx.select({ id: categories.id, slug: categories.slug }).from(categories),
  ]);
  const vatClass = new Map(
    (await tx.select({ id: vatRates.id, name: vatRates.name }).from(vatRates)).map((r) => [r.name, r.id]),
  );
  const hashes = [...new Set(rows.flatMap((r) => (r.images ?? []).flatMap((i) => MEDIA_PATH.exec(i.src)?.[1] ?? [])))];
  const assetByHash = new Map(
    hashes.length
      ? (
          await tx
            .select({ id: mediaAssets.id, hash: mediaAssets.hash })
            .from(mediaAssets)
            .where(inArray(mediaAssets.hash, hashes))
        ).map((a) => [a.hash, a.id])
      : [],
  );
  return {
    existing,
    translations,
    categoryLinks,
    images,
    vatRateOf: (name) => (name ? (vatClass.get(name) ?? null) : null),
    categoryId: new Map(categoryRows.map((c) => [c.slug, c.id])),
    source: (src) => {
      const file = ctx.files[src];
      if (file) return { url: file.url, assetId: file.id };
      const hash = MEDIA_PATH.exec(src)?.[1];
      return { url: src, assetId: (hash && assetByHash.get(hash)) || null };
    },
  };
}

/** New products: one insert; their slugs from the name and the SKU, made unique in the batch and the shop. */
async function insertFresh(tx: Tx, rows: readonly ProductRow[], loaded: Loaded): Promise<number> {
  const fresh = rows.filter((r) => !loaded.existing.has(r.sku));
  if (!fresh.length) return 0;
  const wanted = fresh.map(
    (r) => r.slug ?? `${slugify(r.name!) || 'product'}-${slugify(r.sku) || 'sku'}`.slice(0, 191),
  );
  const taken = new Set(
    (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, wanted))).map((p) => p.slug),
  );
  const slugs = wanted.map((slug) => {
    let candidate = slug;
    for (let n = 2; taken.has(candidate); n++) candidate = `${slug.slice(0, 180)}-${n}`;
    taken.add(candidate);
    return candidate;
  });
  const inserted = await tx
    .insert(products)
    .values(
      fresh.map((r, i) => ({
        sku: r.sku,
        slug: slugs[i]!,
        name: r.name!,
        description: sanitizeHtml(r.description ?? ''),
        ...toStoredPrice(r.price!),
        stock: r.stock ?? 0,
        lowStockThreshold: r.lowStockThreshold ?? null,
        active: r.active ?? true,
        vatRateId: r.vatClass === undefined ? null : loaded.vatRateOf(r.vatClass),
      })),
    )
    .returning();
  // Version 0 marks them new for the rest of the batch.
  for (const p of inserted) loaded.existing.set(p.sku, { ...p, version: 0 });
  return fresh.length;
}

/** Writes the product's own columns that differ; true when any did. */
async function updateBase(tx: Tx, row: ProductRow, product: ProductRecord, loaded: Loaded): Promise<boolean> {
  const base: Partial<typeof products.$inferInsert> = {};
  if (row.name !== undefined && row.name !== product.name) base.name = row.name;
  if (row.description !== undefined) {
    const description = sanitizeHtml(row.description);
    if (description !== product.description) base.description = description;
  }
  if (row.slug !== undefined && row.slug !== product.slug) base.slug = row.slug;
  if (row.price) {
    const stored = toStoredPrice(row.price);
    if (stored.priceCents !== product.priceCents || stored.oldPriceCents !== product.oldPriceCents)
      Object.assign(base, stored);
  }
  if (row.stock !== undefined && row.stock !== product.stock) base.stock = row.stock;
  if (row.active !== undefined && row.active !== product.active) base.active = row.active;
  if (row.vatClass !== undefined && loaded.vatRateOf(row.vatClass) !== product.vatRateId)
    base.vatRateId = loaded.vatRateOf(row.vatClass);
  if (row.lowStockThreshold !== undefined && row.lowStockThreshold !== product.lowStockThreshold)
    base.lowStockThreshold = row.lowStockThreshold;
  if (!Object.keys(base).length) return false;
  await tx.update(products).set(base).where(eq(products.id, product.id));
  return true;
}

function diffTranslations(
  row: ProductRow,
  product: ProductRecord,
  loaded: Loaded,
  ctx: BatchContext,
  pending: Pending,
): boolean {
  let changed = false;
  for (const [code, languageId] of ctx.languageIds) {
    if (code === ctx.defaultLanguage || (!row.names.has(code) && !row.descriptions.has(code))) continue;
    const own = loaded.translations.find((t) => t.productId === product.id && t.languageId === languageId);
    const name = row.names.has(code) ? row.names.get(code)! : (own?.name ?? '');
    const description = row.descriptions.has(code)
      ? sanitizeHtml(row.descriptions.get(code)!)
      : (own?.description ?? '');
    if (!name && !description) {
      if (own) {
        pending.clearedTranslations.push({ productId: product.id, languageId });
        changed = true;
      }
    } else if (!own || own.name !== (name || product.name) || own.description !== description) {
      pending.translationRows.push({
        productId: product.id,
        languageId,
        name: name || row.name || product.name,
        description,
      });
      changed = true;
    }
  }
  return changed;
}

function diffCategories(row: ProductRow, product: ProductRecord, loaded: Loaded, pending: Pending): boolean {
  if (row.categories === undefined) return false;
  const want = [...new Set(row.categories.map((slug) => loaded.categoryId.get(slug)!))].sort((a, b) => a - b);
  const have = loaded.categoryLinks
    .filter((l) => l.productId === product.id)
    .map((l) => l.categoryId)
    .sort((a, b) => a - b);
  if (same(want, have)) return false;
  pending.relinkCategories.push(product.id);
  pending.newCategoryLinks.push(...want.map((id) => ({ productId: product.id, categoryId: id })));
  return true;
}

function diffImages(
  row: ProductRow,
  product: ProductRecord,
  loaded: Loaded,
  ctx: BatchContext,
  pending: Pending,
): boolean {
  if (row.images === undefined) return false;
  const have = loaded.images.filter((i) => i.productId === product.id);
  const want = row.images.map((image, position) => {
    const { url, assetId } = loaded.source(image.src);
    // Alternative texts of other languages stay with an image that stays.
    const kept = have.find((h) => h.url === url)?.alt ?? {};
    const alt = { ...kept, [ctx.defaultLanguage]: image.alt };
    if (!image.alt) delete alt[ctx.defaultLanguage];
    return { productId: product.id, url, assetId, position, alt };
  });
  if (
    same(
      want.map((w) => [w.url, w.alt]),
      have.map((h) => [h.url, h.alt]),
    )
  )
    return false;
  pending.reimage.push(product.id);
  pending.newImages.push(...want);
  return true;
}

async function writePending(tx: Tx, pending: Pending): Promise<void> {
  for (const cleared of pending.clearedTranslations) {
    await tx
      .delete(productTranslations)
      .where(
        and(
          eq(productTranslations.productId, cleared.productId),
          eq(productTranslations.languageId, cleared.languageId),
        ),
      );
  }
  if (pending.translationRows.length) {
    await tx
      .insert(productTranslations)
      .values(pending.translationRows)
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.languageId],
        set: { name: sql`excluded.name`, description: sql`excluded.description` },
      });
  }
  if (pending.relinkCategories.length)
    await tx.delete(productCategories).where(inArray(productCategories.productId, pending.relinkCategories));
  if (pending.newCategoryLinks.length) await tx.insert(productCategories).values(pending.newCategoryLinks);
  if (pending.reimage.length) await tx.delete(productImages).where(inArray(productImages.productId, pending.reimage));
  if (pending.newImages.length) await tx.insert(productImages).values(pending.newImages);
  if (pending.bump.length)
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(products.id, pending.bump));
}

export async function applyProductRows(tx: Tx, rows: readonly ProductRow[], ctx: BatchContext): Promise<Counts> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  if (!rows.length) return counts;
  const loaded = await loadBatch(tx, rows, ctx);
  counts.created = await insertFresh(tx, rows, loaded);
  const pending: Pending = {
    translationRows: [],
    clearedTranslations: [],
    newCategoryLinks: [],
    newImages: [],
    relinkCategories: [],
    reimage: [],
    bump: [],
  };
  for (const row of rows) {
    const product = loaded.existing.get(row.sku)!;
    const isNew = product.version === 0;
    // Every diff runs (each collects its writes); `changed` only counts the row.
    const changes = [
      !isNew && (await updateBase(tx, row, product, loaded)),
      diffTranslations(row, product, loaded, ctx, pending),
      diffCategories(row, product, loaded, pending),
      diffImages(row, product, loaded, ctx, pending),
    ];
    if (isNew) continue;
    if (changes.some(Boolean)) {
      pending.bump.push(product.id);
      counts.updated++;
    } else counts.unchanged++;
  }
  await writePending(tx, pending);
  return counts;
}

/** Groups and values by lower-case name, created when new (other batches or staff may race: on conflict do nothing). */
async function attributeIds(
  tx: Tx,
  rows: readonly VariationRow[],
): Promise<(group: string, value: string) => { groupId: number; attributeId: number }> {
  const groupNames = [
    ...new Map(rows.flatMap((r) => r.attributes.map((a) => [a.group.toLowerCase(), a.group]))).values(),
  ];
  const groupsOf = async () =>
    new Map((await tx.select().from(attributeGroups)).map((g) => [g.name.toLowerCase(), g.id]));
  let groups = await groupsOf();
  const missingGroups = groupNames.filter((n) => !groups.has(n.toLowerCase()));
  if (missingGroups.length) {
    await tx
      .insert(attributeGroups)
      .values(missingGroups.map((name) => ({ name })))
      .onConflictDoNothing();
    groups = await groupsOf();
  }
  const valuesOf = async () =>
    new Map((await tx.select().from(attributes)).map((a) => [`${a.groupId}=${a.name.toLowerCase()}`, a.id]));
  let values = await valuesOf();
  const wanted = new Map(
    rows.flatMap((r) =>
      r.attributes.map((a) => [
        `${groups.get(a.group.toLowerCase())}=${a.value.toLowerCase()}`,
        { groupId: groups.get(a.group.toLowerCase())!, name: a.value },
      ]),
    ),
  );
  const missing = [...wanted].filter(([key]) => !values.has(key)).map(([, v]) => v);
  if (missing.length) {
    await tx.insert(attributes).values(missing).onConflictDoNothing();
    values = await valuesOf();
  }
  return (group, value) => {
    const groupId = groups.get(group.toLowerCase())!;
    return { groupId, attributeId: values.get(`${groupId}=${value.toLowerCase()}`)! };
  };
}

export async function applyVariationRows(tx: Tx, rows: readonly VariationRow[]): Promise<Counts> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  if (!rows.length) return counts;
  const idsOf = await attributeIds(tx, rows);
  // The parents are locked first, by id: a variation write updates its product's offer columns
  // (triggers of migration 0022), and checkout locks products before variations in that order, so
  // an import beside a checkout of the same product waits instead of deadlocking.
  const parentRows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, [...new Set(rows.map((r) => r.parentSku))]))
    .orderBy(products.id)
    .for('update');
  const parents = new Map(parentRows.map((p) => [p.sku, p]));
  const existing = new Map(
    (
      await tx
        .select()
        .from(variations)
        .where(
          inArray(
            variations.sku,
            rows.map((r) => r.sku),
          ),
        )
    ).map((v) => [v.sku, v]),
  );
  const links = existing.size
    ? await tx
        .select()
        .from(variationAttributes)
        .where(
          inArray(
            variationAttributes.variationId,
            [...existing.values()].map((v) => v.id),
          ),
        )
    : [];
  const touchedProducts = new Set<number>();
  const groupLinks: { productId: number; groupId: number; position: number }[] = [];
  const fresh: VariationRow[] = [];
  const relink: { id: number; attributeIds: number[] }[] = [];
  for (const row of rows) {
    const parent = parents.get(row.parentSku)!;
    const ids = row.attributes.map((a) => idsOf(a.group, a.value));
    ids.forEach((a, position) => groupLinks.push({ productId: parent.id, groupId: a.groupId, position }));
    const variation = existing.get(row.sku);
    if (!variation) {
      fresh.push(row);
      touchedProducts.add(parent.id);
      continue;
    }
    const set: Partial<typeof variations.$inferInsert> = {};
    if (row.priceCents !== undefined && row.priceCents !== variation.priceCents) set.priceCents = row.priceCents;
    if (row.salePriceCents !== undefined && row.salePriceCents !== variation.salePriceCents)
      set.salePriceCents = row.salePriceCents;
    if (row.stock !== undefined && row.stock !== variation.stock) set.stock = row.stock;
    if (row.active !== undefined && row.active !== variation.active) set.active = row.active;
    const want = ids.map((a) => a.attributeId).sort((a, b) => a - b);
    const have = links
      .filter((l) => l.variationId === variation.id)
      .map((l) => l.attributeId)
      .sort((a, b) => a - b);
    if (!same(want, have)) relink.push({ id: variation.id, attributeIds: want });
    if (Object.keys(set).length) await tx.update(variations).set(set).where(eq(variations.id, variation.id));
    if (Object.keys(set).length || !same(want, have)) {
      counts.updated++;
      touchedProducts.add(parent.id);
    } else counts.unchanged++;
  }
  if (fresh.length) {
    const inserted = await tx
      .insert(variations)
      .values(
        fresh.map((r) => ({
          productId: parents.get(r.parentSku)!.id,
          sku: r.sku,
          priceCents: r.priceCents ?? null,
          salePriceCents: r.salePriceCents ?? null,
          stock: r.stock ?? 0,
          active: r.active ?? true,
        })),
      )
      .returning({ id: variations.id, sku: variations.sku });
    const bySku = new Map(fresh.map((r) => [r.sku, r]));
    for (const v of inserted)
      relink.push({
        id: v.id,
        attributeIds: bySku.get(v.sku)!.attributes.map((a) => idsOf(a.group, a.value).attributeId),
      });
    counts.created = fresh.length;
  }
  if (relink.length) {
    await tx.delete(variationAttributes).where(
      inArray(
        variationAttributes.variationId,
        relink.map((r) => r.id),
      ),
    );
    await tx
      .insert(variationAttributes)
      .values(relink.flatMap((r) => r.attributeIds.map((attributeId) => ({ variationId: r.id, attributeId }))));
  }
  const newGroupLinks = groupLinks.filter((l) => touchedProducts.has(l.productId));
  if (newGroupLinks.length) await tx.insert(productAttributeGroups).values(newGroupLinks).onConflictDoNothing();
  if (touchedProducts.size)
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(products.id, [...touchedProducts]));
  return counts;
}
