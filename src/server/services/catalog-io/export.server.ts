/**
 * The whole catalogue as CSV in the import's format (docs/catalog-csv.md), streamed: products in
 * id order in keyset batches, each followed by its variations, so 100 000 products never sit in
 * memory and export → import changes nothing.
 */
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  attributeGroups,
  attributeGroupTranslations,
  attributes,
  attributeTranslations,
  categories,
  productCategories,
  productCurrencyPrices,
  productImages,
  products,
  productTranslations,
  variationAttributes,
  variations,
  vatRates,
} from '@/server/db/schema/index';
import { csvRow } from '../csv';
import { adminLanguages } from '../admin/languages';
import { LIST_SEPARATOR, exportColumns, fixedPriceCells, priceCells, variationPriceCells } from './format';
import { fixedPriceCurrencies } from './apply-currency-prices.server';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export async function* exportCatalogCsv(db: Db, batch = 1_000): AsyncGenerator<string> {
  const languages = await adminLanguages(db);
  const others = languages.all.filter((l) => l.id !== languages.default.id);
  const currencies = await fixedPriceCurrencies(db);
  const columns = exportColumns(
    others.map((l) => l.code),
    currencies,
  );
  yield `\uFEFF${csvRow(columns)}`;
  const slugOf = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.id, c.slug]),
  );
  const vatName = new Map(
    (await db.select({ id: vatRates.id, name: vatRates.name }).from(vatRates)).map((r) => [r.id, r.name]),
  );
  const attribute = await attributeTexts(db);
  let after = 0;
  for (;;) {
    const page = await db.select().from(products).where(gt(products.id, after)).orderBy(asc(products.id)).limit(batch);
    if (!page.length) return;
    const ids = page.map((p) => p.id);
    const [translations, links, images, vars, fixed] = await Promise.all([
      db.select().from(productTranslations).where(inArray(productTranslations.productId, ids)),
      db.select().from(productCategories).where(inArray(productCategories.productId, ids)),
      db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      db.select().from(variations).where(inArray(variations.productId, ids)).orderBy(asc(variations.id)),
      db.select().from(productCurrencyPrices).where(inArray(productCurrencyPrices.productId, ids)),
    ]);
    const pairs = vars.length
      ? await db
          .select()
          .from(variationAttributes)
          .where(
            inArray(
              variationAttributes.variationId,
              vars.map((v) => v.id),
            ),
          )
      : [];
    let chunk = '';
    for (const p of page) {
      const own = translations.filter((t) => t.productId === p.id);
      const text = (code: string, field: 'name' | 'description') => {
        const t = own.find((x) => x.languageId === others.find((l) => l.code === code)?.id);
        return t ? t[field] : '';
      };
      const pictures = images.filter((i) => i.productId === p.id);
      const cells: Record<string, string> = {
        sku: p.sku,
        parent_sku: '',
        active: yesNo(p.active),
        slug: p.slug,
        name: p.name,
        description: p.description,
        ...priceCells(p),
        ...fixedPriceCells(
          fixed.filter((f) => f.productId === p.id),
          null,
          currencies,
        ),
        stock: String(p.stock),
        categories: links
          .filter((l) => l.productId === p.id)
          .map((l) => slugOf.get(l.categoryId)!)
          .sort()
          .join(LIST_SEPARATOR),
        attributes: '',
        images: pictures.map((i) => i.url).join(LIST_SEPARATOR),
        vat_class: p.vatRateId === null ? '' : (vatName.get(p.vatRateId) ?? ''),
        low_stock_threshold: p.lowStockThreshold === null ? '' : String(p.lowStockThreshold),
        image_alt: pictures.some((i) => i.alt[languages.default.code])
          ? pictures.map((i) => i.alt[languages.default.code] ?? '').join(LIST_SEPARATOR)
          : '',
      };
      for (const l of others) {
        cells[`name:${l.code}`] = text(l.code, 'name');
        cells[`description:${l.code}`] = text(l.code, 'description');
      }
      chunk += csvRow(columns.map((c) => cells[c] ?? ''));
      for (const v of vars.filter((x) => x.productId === p.id)) {
        const values = pairs.filter((a) => a.variationId === v.id).map((a) => attribute.get(a.attributeId)!);
        const row: Record<string, string> = {
          sku: v.sku,
          parent_sku: p.sku,
          active: yesNo(v.active),
          ...variationPriceCells(v),
          ...fixedPriceCells(
            fixed.filter((f) => f.productId === p.id),
            v.id,
            currencies,
          ),
          stock: String(v.stock),
          attributes: values.map((a) => `${a.group}=${a.value}`).join(LIST_SEPARATOR),
        };
        for (const l of others) {
          // Empty where the language has no text of its own: the import then keeps what is stored.
          const local = values.map((a) => ({ group: a.groups.get(l.id), value: a.values.get(l.id) }));
          row[`attributes:${l.code}`] = local.some((a) => a.group || a.value)
            ? values.map((a, i) => `${local[i]!.group || a.group}=${local[i]!.value || a.value}`).join(LIST_SEPARATOR)
            : '';
        }
        chunk += csvRow(columns.map((c) => row[c] ?? ''));
      }
    }
    yield chunk;
    after = page.at(-1)!.id;
  }
}

/** Every attribute with its group, both with their texts by language id. */
async function attributeTexts(db: Db) {
  const [groupRows, attributeRows, groupTexts, valueTexts] = await Promise.all([
    db.select().from(attributeGroups),
    db.select().from(attributes),
    db.select().from(attributeGroupTranslations),
    db.select().from(attributeTranslations),
  ]);
  const textsOf = (rows: { id: number; languageId: number; name: string }[]) => {
    const out = new Map<number, Map<number, string>>();
    for (const r of rows) out.set(r.id, (out.get(r.id) ?? new Map<number, string>()).set(r.languageId, r.name));
    return out;
  };
  const groupText = textsOf(groupTexts.map((t) => ({ ...t, id: t.groupId })));
  const valueText = textsOf(valueTexts.map((t) => ({ ...t, id: t.attributeId })));
  const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
  const none = new Map<number, string>();
  return new Map(
    attributeRows.map((a) => [
      a.id,
      {
        group: groupName.get(a.groupId)!,
        value: a.name,
        groups: groupText.get(a.groupId) ?? none,
        values: valueText.get(a.id) ?? none,
      },
    ]),
  );
}
