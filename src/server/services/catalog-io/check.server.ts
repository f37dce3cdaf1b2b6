/**
 * The dry run of a catalogue import (ADR 026): every problem of the file with its line, the rows
 * checked against the database (categories, SKUs of the other kind, products of variations, what a
 * new product needs), nothing written but the import's own row, which keeps the file for the
 * apply. The same file again, while an earlier apply of it is unfinished, is that import (resume).
 */
import { fixedPriceCurrencies } from './apply-currency-prices.server';
import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { catalogImports, categories, products, variations, vatRates } from '@/server/db/schema/index';
import { adminLanguages } from '../admin/languages';
import type { CatalogRow, Problem } from './format';
import { readCatalogCsv } from './read';
import { storeZipImages } from './zip-images.server';

/** The import as the page and the API show it. */
export interface ImportState {
  id: number;
  file_name: string;
  status: string;
  total_rows: number;
  applied_rows: number;
  error_count: number;
  errors: Problem[];
  summary: Record<string, number>;
  created_at: string;
  updated_at: string;
}

/** More than this many problems is a different file, not a list to read: the rest are counted. */
export const REPORTED_PROBLEMS = 1_000;
const CHUNK = 5_000;

/** Every column but the file itself (up to tens of MB): what a state read selects. */
const { content: _content, ...stateColumns } = getTableColumns(catalogImports);
export { stateColumns };

export function importState(row: Omit<typeof catalogImports.$inferSelect, 'content'>): ImportState {
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    total_rows: row.totalRows,
    applied_rows: row.appliedRows,
    error_count: row.errorCount,
    errors: row.errors,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What a header may name besides the base columns: the other languages, and the currencies a fixed price can be in (all but EUR). */
export async function importLanguages(db: Db): Promise<{ default: string; others: string[]; currencies: string[] }> {
  const [languages, currencyRows] = await Promise.all([adminLanguages(db), fixedPriceCurrencies(db)]);
  return {
    default: languages.default.code,
    others: languages.all.filter((l) => l.id !== languages.default.id).map((l) => l.code),
    currencies: currencyRows,
  };
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The problems only the database can tell. */
async function databaseProblems(db: Db, rows: readonly CatalogRow[], inFile: ReadonlySet<string>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const add = (row: CatalogRow, message: string) => problems.push({ line: row.line, sku: row.sku, message });
  const slugs = new Set((await db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug));
  const vatClasses = new Set((await db.select({ name: vatRates.name }).from(vatRates)).map((r) => r.name));
  const productSkus = new Map<string, number>();
  const variationSkus = new Map<string, { productId: number }>();
  const allSkus = [...new Set(rows.flatMap((r) => (r.kind === 'variation' ? [r.sku, r.parentSku] : [r.sku])))];
  for (const part of chunks(allSkus)) {
    for (const p of await db
      .select({ sku: products.sku, id: products.id })
      .from(products)
      .where(inArray(products.sku, part)))
      productSkus.set(p.sku, p.id);
    for (const v of await db
      .select({ sku: variations.sku, productId: variations.productId })
      .from(variations)
      .where(inArray(variations.sku, part)))
      variationSkus.set(v.sku, { productId: v.productId });
  }
  for (const row of rows) {
    if (row.kind === 'product') {
      if (variationSkus.has(row.sku)) add(row, 'This SKU belongs to a variation in the shop; a product needs its own.');
      if (!productSkus.has(row.sku) && (row.name === undefined || row.price === undefined))
        add(row, 'A new product needs a name and a price.');
      const unknown = (row.categories ?? []).filter((slug) => !slugs.has(slug));
      if (unknown.length) add(row, `Unknown categories: ${unknown.join(', ')}. Use the slugs of /admin/categories.`);
      if (row.vatClass && !vatClasses.has(row.vatClass))
        add(
          row,
          `Unknown VAT class "${row.vatClass}": use a name from /admin/shipping, or leave it empty for the shop's rate.`,
        );
    } else {
      if (productSkus.has(row.sku)) add(row, 'This SKU belongs to a product in the shop; a variation needs its own.');
      if (!inFile.has(row.parentSku) && !productSkus.has(row.parentSku))
        add(row, `No product has the SKU ${row.parentSku} (parent_sku), in the file or in the shop.`);
      const existing = variationSkus.get(row.sku);
      if (
        existing &&
        productSkus.get(row.parentSku) !== undefined &&
        existing.productId !== productSkus.get(row.parentSku)
      )
        add(row, 'This variation belongs to another product in the shop.');
    }
  }
  return problems;
}

/** Images named by file name (not an address): from the zip. */
const isFileName = (src: string) => !src.startsWith('/') && !src.startsWith('https://');

/** The zip's images the rows name, stored as media assets; the rows whose images cannot be had, as problems. */
async function zipProblems(db: Db, rows: readonly CatalogRow[], zip: Uint8Array | undefined, createdBy: number | null) {
  const users = new Map<string, CatalogRow[]>();
  for (const row of rows) {
    if (row.kind !== 'product') continue;
    for (const image of row.images ?? [])
      if (isFileName(image.src)) users.set(image.src, [...(users.get(image.src) ?? []), row]);
  }
  const problems: Problem[] = [];
  if (users.size === 0) return { files: {}, problems };
  if (!zip) {
    for (const [name, named] of users)
      for (const row of named)
        problems.push({
          line: row.line,
          sku: row.sku,
          message: `The image ${name} is named by its file name: upload the images zip with the CSV.`,
        });
    return { files: {}, problems };
  }
  const stored = await storeZipImages(db, zip, new Set(users.keys()), createdBy);
  for (const [name, message] of stored.problems)
    for (const row of users.get(name)!) problems.push({ line: row.line, sku: row.sku, message });
  return { files: stored.files, problems };
}

/**
 * Checks a file and records the import (status `checked`); nothing else is written, except the
 * zip's images, stored as media assets (content-addressed: checking the same zip again adds none).
 */
export async function checkImport(
  db: Db,
  text: string,
  options: { fileName: string; createdBy: number | null; zip?: Uint8Array },
): Promise<ImportState> {
  const fileHash = createHash('sha256').update(text).digest('hex');
  const [unfinished] = await db
    .select(stateColumns)
    .from(catalogImports)
    .where(and(eq(catalogImports.fileHash, fileHash), inArray(catalogImports.status, ['applying', 'failed'])))
    .orderBy(desc(catalogImports.id))
    .limit(1);
  if (unfinished) return importState(unfinished);
  const read = readCatalogCsv(text, await importLanguages(db));
  // The rows that read well are checked against the shop too: one report names everything.
  const images = await zipProblems(db, read.rows, options.zip, options.createdBy);
  const problems = [...read.problems, ...(await databaseProblems(db, read.rows, read.productSkus)), ...images.problems];
  problems.sort((a, b) => a.line - b.line);
  const [row] = await db
    .insert(catalogImports)
    .values({
      fileHash,
      fileName: options.fileName.slice(0, 255),
      status: 'checked',
      totalRows: read.rows.length,
      errorCount: problems.length,
      errors: problems.slice(0, REPORTED_PROBLEMS),
      summary: {
        products: read.rows.filter((r) => r.kind === 'product').length,
        variations: read.rows.filter((r) => r.kind === 'variation').length,
      },
      content: problems.length ? '' : text,
      files: images.files,
      createdBy: options.createdBy,
    })
    .returning(stateColumns);
  return importState(row!);
}

export async function getImport(db: Db, id: number): Promise<ImportState | null> {
  const [row] = await db.select(stateColumns).from(catalogImports).where(eq(catalogImports.id, id));
  return row ? importState(row) : null;
}

/** The newest imports, for the page's history. */
export async function recentImports(db: Db, limit = 10): Promise<ImportState[]> {
  const rows = await db.select(stateColumns).from(catalogImports).orderBy(desc(catalogImports.id)).limit(limit);
  return rows.map(importState);
}
