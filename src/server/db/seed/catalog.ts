import {
  attributeGroups,
  attributeGroupTranslations,
  attributes,
  attributeTranslations,
  categories,
  categoryTranslations,
  productAttributeGroups,
  productCategories,
  productImages,
  products,
  productTranslations,
  reviews,
  variationAttributes,
  variations,
} from '../schema/index';
import type { Db } from '../client';
import { productImageUrl } from '@/server/images/urls';
import { insertBatched, insertReturningIds } from './batch';
import { AREAS, leaves, PRODUCTS_PER_LEAF } from './catalog-data';
import { isMid, type Tr } from './catalog-types';
import type { LanguageIds } from './i18n';
import { generateProducts, type ProductDraft } from './products';
import { createRandom } from './random';
import { reviewRows } from './reviews';
import { GROUP_TEXTS, OPTION_TEXTS } from './attribute-texts';

export interface SeededProduct {
  id: number;
  draft: ProductDraft;
  categoryName: string;
  imageUrl: string;
  variations: {
    id: number;
    sku: string;
    priceCents: number;
    attributes: { id: number; name: string; group: string }[];
  }[];
}

async function seedCategories(db: Db, lang: LanguageIds) {
  const ids = new Map<string, number>();
  const translations: { categoryId: number; languageId: number; name: string }[] = [];
  const add = async (level: { slug: string; name: Tr; parentSlug?: string; position: number }[]) => {
    const inserted = await insertReturningIds(
      db,
      categories,
      level.map((c) => ({
        slug: c.slug,
        name: c.name[0],
        position: c.position,
        parentId: c.parentSlug ? ids.get(c.parentSlug)! : null,
      })),
    );
    level.forEach((c, i) => {
      ids.set(c.slug, inserted[i]!);
      translations.push(
        { categoryId: inserted[i]!, languageId: lang.de, name: c.name[1] },
        { categoryId: inserted[i]!, languageId: lang.fr, name: c.name[2] },
      );
    });
  };
  // Parents first, so a product's deepest category always has the highest id
  // (the product page's breadcrumb relies on it).
  await add(AREAS.map((a, i) => ({ slug: a.slug, name: a.name, position: i })));
  await add(
    AREAS.flatMap((a) => a.children.map((c, i) => ({ slug: c.slug, name: c.name, parentSlug: a.slug, position: i }))),
  );
  await add(
    AREAS.flatMap((a) =>
      a.children
        .filter(isMid)
        .flatMap((m) => m.children.map((c, i) => ({ slug: c.slug, name: c.name, parentSlug: m.slug, position: i }))),
    ),
  );
  await insertBatched(db, categoryTranslations, translations);
  return ids;
}

async function seedAttributes(db: Db, lang: LanguageIds, drafts: ProductDraft[]) {
  // Groups and options in the order the catalogue data defines them.
  const groups = new Map<string, Set<string>>();
  for (const ref of leaves()) {
    for (const g of ref.leaf.variants?.groups ?? []) {
      const set = groups.get(g.group) ?? new Set<string>();
      g.options.forEach((o) => set.add(o));
      groups.set(g.group, set);
    }
  }
  const used = new Set(drafts.flatMap((d) => d.groups.map((g) => g.group)));
  const names = [...groups.keys()].filter((g) => used.has(g));
  const groupIds = await insertReturningIds(
    db,
    attributeGroups,
    names.map((name, position) => ({ name, position })),
  );
  const groupId = new Map(names.map((n, i) => [n, groupIds[i]!]));
  const rows = names.flatMap((n) =>
    [...groups.get(n)!].map((name, position) => ({ groupId: groupId.get(n)!, name, position })),
  );
  const attrIds = await insertReturningIds(db, attributes, rows);
  const attributeId = new Map(rows.map((r, i) => [`${r.groupId}:${r.name}`, attrIds[i]!]));
  const translate = (texts: Readonly<Record<string, readonly [string, string]>>, name: string) => {
    const t = texts[name];
    return t
      ? [
          { languageId: lang.de, name: t[0] },
          { languageId: lang.fr, name: t[1] },
        ]
      : [];
  };
  await insertBatched(
    db,
    attributeGroupTranslations,
    names.flatMap((n) => translate(GROUP_TEXTS, n).map((t) => ({ groupId: groupId.get(n)!, ...t }))),
  );
  await insertBatched(
    db,
    attributeTranslations,
    rows.flatMap((r, i) => translate(OPTION_TEXTS, r.name).map((t) => ({ attributeId: attrIds[i]!, ...t }))),
  );
  return {
    groupId,
    attributeId: (group: string, option: string) => attributeId.get(`${groupId.get(group)}:${option}`)!,
  };
}

export async function seedCatalog(db: Db, lang: LanguageIds, now: Date): Promise<SeededProduct[]> {
  const categoryIds = await seedCategories(db, lang);
  const drafts = generateProducts(leaves(), PRODUCTS_PER_LEAF, now);
  const { groupId, attributeId } = await seedAttributes(db, lang, drafts);

  const productIds = await insertReturningIds(
    db,
    products,
    drafts.map((d) => ({
      sku: d.sku,
      slug: d.slug,
      name: d.name,
      description: d.description,
      priceCents: d.priceCents,
      oldPriceCents: d.oldPriceCents,
      discountPercent: d.discountPercent,
      isTop: d.isTop,
      isNew: d.isNew,
      stock: d.stock,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
    })),
  );

  await insertBatched(
    db,
    productTranslations,
    drafts.flatMap((d, i) => [
      { productId: productIds[i]!, languageId: lang.de, ...d.tr.de },
      { productId: productIds[i]!, languageId: lang.fr, ...d.tr.fr },
    ]),
  );
  // Every ancestor is linked too, so "products in category X" is a plain join at any level.
  await insertBatched(
    db,
    productCategories,
    drafts.flatMap((d, i) =>
      [d.ref.area.slug, d.ref.mid?.slug, d.ref.leaf.slug]
        .filter((s): s is string => Boolean(s))
        .map((slug) => ({ productId: productIds[i]!, categoryId: categoryIds.get(slug)! })),
    ),
  );
  await insertBatched(
    db,
    productImages,
    drafts.flatMap((d, i) =>
      Array.from({ length: d.imageCount }, (_, n) => ({
        productId: productIds[i]!,
        url: productImageUrl(productIds[i]!, n + 1),
        position: n,
      })),
    ),
  );
  await insertBatched(
    db,
    productAttributeGroups,
    drafts.flatMap((d, i) =>
      d.groups.map((g, position) => ({ productId: productIds[i]!, groupId: groupId.get(g.group)!, position })),
    ),
  );

  const variationDrafts = drafts.flatMap((d, i) =>
    d.variations.map((v, k) => ({ productIndex: i, v, sku: `${d.sku}-${String(k + 1).padStart(2, '0')}` })),
  );
  const variationIds = await insertReturningIds(
    db,
    variations,
    // A variation at its product's price follows the product's price (and sale): an empty price.
    variationDrafts.map(({ productIndex, v, sku }) => ({
      productId: productIds[productIndex]!,
      sku,
      priceCents: v.priceCents === drafts[productIndex]!.priceCents ? null : v.priceCents,
      stock: v.stock,
    })),
  );
  const seeded: SeededProduct[] = drafts.map((draft, i) => ({
    id: productIds[i]!,
    draft,
    categoryName: draft.ref.leaf.name[0],
    imageUrl: productImageUrl(productIds[i]!, 1),
    variations: [],
  }));
  const links: { variationId: number; attributeId: number }[] = [];
  variationDrafts.forEach(({ productIndex, v, sku }, k) => {
    const groups = drafts[productIndex]!.groups;
    const attrs = v.options.map((option, gi) => ({
      id: attributeId(groups[gi]!.group, option),
      name: option,
      group: groups[gi]!.group,
    }));
    attrs.forEach((a) => links.push({ variationId: variationIds[k]!, attributeId: a.id }));
    seeded[productIndex]!.variations.push({ id: variationIds[k]!, sku, priceCents: v.priceCents, attributes: attrs });
  });
  await insertBatched(db, variationAttributes, links);

  await insertBatched(db, reviews, reviewRows(seeded, createRandom(20240601), now));
  return seeded;
}
