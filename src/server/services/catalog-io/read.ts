/**
 * A whole catalogue CSV read into rows (format.ts) with the problems a file can show without the
 * database: syntax, header, each row, SKUs repeated in the file. Rows come back in the order an
 * import applies them: products first (so every variation's product exists), then variations,
 * each in file order; a resumed import counts its progress in this order.
 */
import { CsvSyntaxError, parseCsv } from '../csv';
import {
  type CatalogRow,
  type Header,
  type Problem,
  type ProductRow,
  type VariationRow,
  readHeader,
  readRow,
} from './format';

export interface ReadCatalog {
  header: Header | null;
  rows: CatalogRow[];
  problems: Problem[];
  /** The SKUs of every product row of the file, those with problems too: their variations are not orphans. */
  productSkus: Set<string>;
}

export function readCatalogCsv(
  text: string,
  languages: { default: string; others: string[]; currencies?: string[] },
): ReadCatalog {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return {
        header: null,
        rows: [],
        problems: [{ line: error.line, sku: '', message: error.message.replace(/^Line \d+: /, '') }],
        productSkus: new Set(),
      };
    throw error;
  }
  const [first, ...rest] = records;
  if (!first)
    return {
      header: null,
      rows: [],
      problems: [{ line: 1, sku: '', message: 'The file is empty.' }],
      productSkus: new Set(),
    };
  const header = readHeader(first.cells, languages);
  if (Array.isArray(header)) return { header: null, rows: [], problems: header, productSkus: new Set() };
  const problems: Problem[] = [];
  const products: ProductRow[] = [];
  const variations: VariationRow[] = [];
  const firstLine = new Map<string, number>();
  const skuColumn = header.columns.indexOf('sku');
  const parentColumn = header.columns.indexOf('parent_sku');
  const productSkus = new Set<string>();
  for (const record of rest) {
    const sku = (record.cells[skuColumn] ?? '').trim();
    if (sku && (parentColumn < 0 || !(record.cells[parentColumn] ?? '').trim())) productSkus.add(sku);
    const seen = sku ? firstLine.get(sku.toUpperCase()) : undefined;
    if (seen !== undefined) {
      problems.push({ line: record.line, sku, message: `The SKU is already on line ${seen}.` });
      continue;
    }
    if (sku) firstLine.set(sku.toUpperCase(), record.line);
    const row = readRow(header, record.line, record.cells);
    if (Array.isArray(row)) {
      problems.push(...row);
      continue;
    }
    if (row.kind === 'product') products.push(row);
    else variations.push(row);
  }
  if (products.length + variations.length + problems.length === 0)
    problems.push({ line: 2, sku: '', message: 'The file has a header but no rows.' });
  return { header, rows: [...products, ...variations], problems, productSkus };
}
