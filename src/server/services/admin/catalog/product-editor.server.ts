/**
 * The staff product editor (ADR 026): one product as the form shows it, its creation and the
 * changes of its base fields and texts. Texts of the default language live on the product row,
 * the others in product_translations (as for every translated entity, ADR 004). Each save runs in
 * one transaction that checks the form's version (product-lock.server.ts), writes an audit row
 * and then empties every instance's caches (contentChanged).
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
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
  productCurrencyPrices,
  vatRates,
} from '@/server/db/schema/index';
import type { AdminProduct, ProductCreate, ProductPatch } from '@/lib/contract/admin/products';
import { salePriceProblem, toStaffPrice, toStoredPrice } from '@/lib/rules/product-price';
import { slugify } from '@/lib/rules/slug';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { sanitizeHtml } from '@/server/services/html';
import { type Editor, type Tx, changedFields, definedOnly, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';
import {
  PRODUCT_NOT_FOUND,
  SKU_TAKEN,
  bumpVersion,
  lockProductVersion,
  skuTaken,
  uniqueViolation,
} from './product-lock.server';

export { PRODUCT_NOT_FOUND };

export const SLUG_TAKEN = localized('admin.api.productSlugTaken');
const UNKNOWN_CATEGORY = localized('admin.api.unknownCategory');

export async function getAdminProduct(db: Db | Tx, id: number): Promise<AdminProduct | null> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [languages, translations, categoryRows, groupRows, variationRows, pairRows, imageRows, fixedRows] =
    await Promise.all([
      adminLanguages(db as Db),
      db.select().from(productTranslations).where(eq(productTranslations.productId, id)),
      db
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, id))
        .orderBy(asc(productCategories.categoryId)),
      db
        .select({ id: attributeGroups.id, name: attributeGroups.name })
        .from(productAttributeGroups)
        .innerJoin(attributeGroups, eq(attributeGroups.id, productAttributeGroups.groupId))
        .where(eq(productAttributeGroups.productId, id))
        .orderBy(asc(productAttributeGroups.position), asc(attributeGroups.id)),
      db.select().from(variations).where(eq(variations.productId, id)).orderBy(asc(variations.id)),
      db
        .select({
          variationId: variationAttributes.variationId,
          groupId: attributeGroups.id,
          group: attributeGroups.name,
          value: attributes.name,
          position: attributes.position,
        })
        .from(variationAttributes)
        .innerJoin(variations, eq(variations.id, variationAttributes.variationId))
        .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
        .innerJoin(attributeGroups, eq(attributeGroups.id, attributes.groupId))
        .where(eq(variations.productId, id))
        .orderBy(asc(attributeGroups.position), asc(attributeGroups.id), asc(attributes.position), asc(attributes.id)),
      db
        .select({
          id: productImages.id,
          url: productImages.url,
          assetId: productImages.assetId,
          alt: productImages.alt,
          width: mediaAssets.width,
          height: mediaAssets.height,
        })
        .from(productImages)
        .leftJoin(mediaAssets, eq(mediaAssets.id, productImages.assetId))
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      db
        .select()
        .from(productCurrencyPrices)
        .where(eq(productCurrencyPrices.productId, id))
        .orderBy(asc(productCurrencyPrices.currency), asc(productCurrencyPrices.id)),
    ]);
  const price = toStaffPrice(product);
  const groupOrder = groupRows.map((g) => g.id);
  return {
    id: product.id,
    version: product.version,
    sku: product.sku,
    slug: product.slug,
    price_cents: price.price_cents,
    sale_price_cents: price.sale_price_cents,
    stock: product.stock,
    low_stock_threshold: product.lowStockThreshold,
    cost_cents: product.costCents,
    active: product.active,
    is_new: product.isNew,
    is_top: product.isTop,
    category_ids: categoryRows.map((c) => c.id),
    vat_rate_id: product.vatRateId,
    texts: languages.all.map((l) => {
      const own = l.id === languages.default.id ? product : translations.find((t) => t.languageId === l.id);
      return {
        language_id: l.id,
        code: l.code,
        name: own?.name || product.name,
        description: own?.description || product.description,
        own: Boolean(own),
      };
    }),
    attribute_groups: groupRows.map((g) => ({
      id: g.id,
      name: g.name,
      values: [...new Set(pairRows.filter((p) => p.groupId === g.id).map((p) => p.value))],
    })),
    variations: variationRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      price_cents: v.priceCents,
      sale_price_cents: v.salePriceCents,
      stock: v.stock,
      active: v.active,
      attributes: pairRows
        .filter((p) => p.variationId === v.id)
        .sort((a, b) => groupOrder.indexOf(a.groupId) - groupOrder.indexOf(b.groupId))
        .map((p) => ({ group: p.group, value: p.value })),
    })),
    images: imageRows.map((i) => ({
      id: i.id,
      url: i.url,
      asset_id: i.assetId,
      width: i.width,
      height: i.height,
      alt: i.alt,
    })),
    currency_prices: fixedRows.map((f) => ({
      currency: f.currency,
      variation_id: f.variationId,
      price_cents: f.priceCents,
      sale_price_cents: f.salePriceCents,
    })),
    updated_at: product.updatedAt.toISOString(),
  };
}

async function checkCategories(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  if (found.length !== new Set(ids).size)
    throw new InvalidInputError(UNKNOWN_CATEGORY, { category_ids: [UNKNOWN_CATEGORY] });
}

async function setCategories(tx: Tx, productId: number, ids: readonly number[]): Promise<void> {
  await checkCategories(tx, ids);
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  if (ids.length)
    await tx.insert(productCategories).values([...new Set(ids)].map((categoryId) => ({ productId, categoryId })));
}

const UNKNOWN_VAT = localized('admin.api.unknownVat');
async function checkVatRate(tx: Tx, vatRateId: number | null | undefined): Promise<void> {
  if (!vatRateId) return;
  const [rate] = await tx.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.id, vatRateId));
  if (!rate) throw new InvalidInputError(UNKNOWN_VAT, { vat_rate_id: [UNKNOWN_VAT] });
}

async function checkSku(tx: Tx, sku: string, productId?: number): Promise<void> {
  if (await skuTaken(tx, sku, { productId })) throw new InvalidInputError(SKU_TAKEN, { sku: [SKU_TAKEN] });
}

async function checkSlug(tx: Tx, slug: string, productId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(productId ? and(eq(products.slug, slug), sql`${products.id} <> ${productId}`) : eq(products.slug, slug))
    .limit(1);
  if (taken) throw new InvalidInputError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
}

/** A concurrent save that took the SKU or slug between our check and our write: the same 422. */
function explainUnique(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('sku')) throw new InvalidInputError(SKU_TAKEN, { sku: [SKU_TAKEN] });
  if (constraint?.includes('slug')) throw new InvalidInputError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
  throw error;
}

export async function createProduct(db: Db, editor: Editor, input: ProductCreate): Promise<AdminProduct> {
  const stored = toStoredPrice({ price_cents: input.price_cents, sale_price_cents: input.sale_price_cents ?? null });
  const id = await transaction(db, async (tx) => {
    await checkSku(tx, input.sku);
    if (input.slug) await checkSlug(tx, input.slug);
    await checkVatRate(tx, input.vat_rate_id);
    const [row] = await tx
      .insert(products)
      .values({
        sku: input.sku,
        // A unique placeholder until the id is known: the suggested slug ends with it.
        slug: input.slug ?? `new-${input.sku.toLowerCase()}-${Date.now()}`,
        name: input.name,
        description: sanitizeHtml(input.description ?? ''),
        ...stored,
        stock: input.stock ?? 0,
        lowStockThreshold: input.low_stock_threshold ?? null,
        costCents: input.cost_cents ?? null,
        active: input.active ?? false,
        vatRateId: input.vat_rate_id ?? null,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    if (!input.slug)
      await tx
        .update(products)
        .set({ slug: `${slugify(input.name) || 'product'}-${productId}` })
        .where(eq(products.id, productId));
    await setCategories(tx, productId, input.category_ids ?? []);
    await recordChange(tx, editor, 'product', productId, 'create', `${input.sku}: ${input.name}`);
    return productId;
  }).catch(explainUnique);
  contentChanged(db, { products: [id] });
  return (await getAdminProduct(db, id))!;
}

export async function updateProduct(db: Db, editor: Editor, id: number, patch: ProductPatch): Promise<AdminProduct> {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, patch.language_id);
  const description = patch.description === undefined ? undefined : sanitizeHtml(patch.description);
  await transaction(db, async (tx) => {
    const before = await lockProductVersion(tx, id, patch.version);
    if (patch.sku !== undefined && patch.sku !== before.sku) await checkSku(tx, patch.sku, id);
    if (patch.slug !== undefined && patch.slug !== before.slug) await checkSlug(tx, patch.slug, id);
    await checkVatRate(tx, patch.vat_rate_id);
    const price =
      patch.price_cents !== undefined || patch.sale_price_cents !== undefined ? mergedPrice(before, patch) : undefined;
    const isDefault = language.id === languages.default.id;
    const base = definedOnly({
      ...(isDefault && { name: patch.name, description }),
      sku: patch.sku,
      slug: patch.slug,
      ...price,
      stock: patch.stock,
      lowStockThreshold: patch.low_stock_threshold,
      costCents: patch.cost_cents,
      vatRateId: patch.vat_rate_id,
      active: patch.active,
      isNew: patch.is_new,
      isTop: patch.is_top,
    });
    if (Object.keys(base).length) await tx.update(products).set(base).where(eq(products.id, id));
    if (!isDefault && (patch.name !== undefined || description !== undefined)) {
      await tx
        .insert(productTranslations)
        .values({
          productId: id,
          languageId: language.id,
          name: patch.name ?? before.name,
          // Not given: '' falls back to the default language's description, which keeps following its edits.
          description: description ?? '',
        })
        .onConflictDoUpdate({
          target: [productTranslations.productId, productTranslations.languageId],
          set: {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(description !== undefined && { description }),
          },
        });
    }
    if (patch.category_ids !== undefined) await setCategories(tx, id, patch.category_ids);
    await bumpVersion(tx, id);
    const fields = changedFields({ ...patch, language_id: undefined, version: undefined });
    await recordChange(tx, editor, 'product', id, 'update', `${before.sku} ${language.code}: ${fields}`);
  }).catch(explainUnique);
  contentChanged(db, { products: [id] });
  return (await getAdminProduct(db, id))!;
}

/** The stored prices after a patch that may give only one of the two staff prices. */
function mergedPrice(before: { priceCents: number; oldPriceCents: number }, patch: ProductPatch) {
  const current = toStaffPrice(before);
  const next = {
    price_cents: patch.price_cents ?? current.price_cents,
    sale_price_cents: patch.sale_price_cents === undefined ? current.sale_price_cents : patch.sale_price_cents,
  };
  // salePriceProblem's one problem, in the admin's language (its English text is the same).
  if (salePriceProblem(next))
    throw new InvalidInputError(localized('admin.api.salePriceTooHigh'), {
      sale_price_cents: [localized('admin.api.salePriceTooHigh')],
    });
  return toStoredPrice(next);
}
