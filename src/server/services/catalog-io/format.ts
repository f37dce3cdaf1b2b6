/**
 * The catalogue CSV (docs/catalog-csv.md, ADR 026): which columns there are and what one row
 * means. One row per product or per variation (a variation row names its product in
 * `parent_sku`), keyed by SKU. A column left out of the file leaves that field as it is; a column
 * in the file sets it, and an empty cell means empty (no sale price, no translation, no images).
 * Pure: the checks that need the database (categories, SKUs taken elsewhere) are import.server.ts's.
 */
import {
  MAX_PRICE_CENTS,
  MAX_STOCK,
  SKU_PATTERN,
  SKU_PROBLEM,
  type StaffPrice,
  formatAmount,
  parseAmount,
  salePriceProblem,
  toStaffPrice,
} from '@/lib/rules/product-price';
import { unneutralized } from '../csv';
import { centsToDecimal, minorDigits } from '@/lib/money';
import type { FixedPrice } from '@/lib/rules/currency-price';
import { MAX_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';

export const BASE_COLUMNS = [
  'sku',
  'parent_sku',
  'active',
  'slug',
  'name',
  'description',
  'price',
  'sale_price',
  'stock',
  'categories',
  'attributes',
  'images',
  'image_alt',
  'vat_class',
  'low_stock_threshold',
] as const;
type BaseColumn = (typeof BASE_COLUMNS)[number];
/** Per-language columns: `name:de`, `description:de`, `attributes:de` (a variation's pairs in that language). */
const TRANSLATED = /^(name|description|attributes):([a-z]{2,8})$/;
/** Per-currency fixed prices (ADR 034): `price:USD`, `sale_price:USD`, in that currency's decimals. */
const PER_CURRENCY = /^(price|sale_price):([a-z]{3})$/;

/** A row's fixed prices by currency code: a price (and sale price), or null for none (converted). */
export type FixedPriceCells = Map<string, StaffPrice | null>;

/** Cells inside a cell (categories, images, alt texts, attributes) are separated by |. */
export const LIST_SEPARATOR = '|';

export interface Header {
  columns: string[];
  has(column: BaseColumn): boolean;
  /** The other languages' codes that have a column. */
  languages: string[];
  /** The currencies (upper case) that have a price:<code> column. */
  currencies: string[];
}

export interface ImageCell {
  src: string;
  alt: string;
}

export interface ProductRow {
  kind: 'product';
  line: number;
  sku: string;
  active?: boolean;
  slug?: string;
  name?: string;
  description?: string;
  /** By language code; '' clears that language's text. */
  names: Map<string, string>;
  descriptions: Map<string, string>;
  price?: StaffPrice;
  stock?: number;
  categories?: string[];
  images?: ImageCell[];
  /** Its fixed prices per currency, for the currencies with columns. */
  fixedPrices?: FixedPriceCells;
  /** The VAT class's name; '' for the shop's rate. */
  vatClass?: string;
  /** Its own low-stock threshold; null: the shop's. */
  lowStockThreshold?: number | null;
}

export interface VariationRow {
  kind: 'variation';
  line: number;
  sku: string;
  parentSku: string;
  active?: boolean;
  /** Its own regular and sale price; null: the product's (choicePrice). */
  priceCents?: number | null;
  salePriceCents?: number | null;
  stock?: number;
  attributes: { group: string; value: string }[];
  /**
   * By language code: the same pairs in that language, in the same order ("Farbe=Rot" beside
   * "Colour=Red"); a language without a cell keeps its stored texts.
   */
  translatedAttributes: Map<string, { group: string; value: string }[]>;
  /** Its own fixed prices per currency; null: none (the product's when it follows the product's price). */
  fixedPrices?: FixedPriceCells;
}

export type CatalogRow = ProductRow | VariationRow;

export interface Problem {
  line: number;
  sku: string;
  message: string;
}

export function problemText(p: Problem): string {
  return `Line ${p.line}${p.sku ? ` (SKU ${p.sku})` : ''}: ${p.message}`;
}

/** The header's columns, or the problems with them (all reported on line 1). */
export function readHeader(
  cells: string[],
  languages: { default: string; others: string[]; currencies?: string[] },
): Header | Problem[] {
  const columns = cells.map((c) => c.trim().toLowerCase());
  const problems: string[] = [];
  const seen = new Set<string>();
  const codes = new Set<string>();
  const currencies = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) problems.push(`The column ${column} appears twice.`);
    seen.add(column);
    const translated = TRANSLATED.exec(column);
    const perCurrency = PER_CURRENCY.exec(column);
    if (perCurrency) {
      const code = perCurrency[2]!.toUpperCase();
      if (code === 'EUR') problems.push(`${column}: the EUR prices go in the columns price and sale_price.`);
      else if (!languages.currencies?.includes(code)) problems.push(`${column}: the shop has no currency ${code}.`);
      else if (perCurrency[1] === 'price') currencies.add(code);
      else if (!columns.includes(`price:${perCurrency[2]}`))
        problems.push(`${column} needs the column price:${perCurrency[2]} beside it.`);
    } else if (translated) {
      const code = translated[2]!;
      if (code === languages.default)
        problems.push(`${column}: the ${languages.default} texts go in the columns name and description.`);
      else if (!languages.others.includes(code)) problems.push(`${column}: the shop has no language ${code}.`);
      else codes.add(code);
    } else if (!(BASE_COLUMNS as readonly string[]).includes(column)) {
      problems.push(
        `Unknown column "${column}". The columns are ${BASE_COLUMNS.join(', ')}, name:<language>, description:<language>, attributes:<language>, price:<currency> and sale_price:<currency>.`,
      );
    }
  }
  if (!seen.has('sku')) problems.push('The column sku is required.');
  if (problems.length) return problems.map((message) => ({ line: 1, sku: '', message }));
  return { columns, has: (column) => seen.has(column), languages: [...codes], currencies: [...currencies] };
}

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

const list = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

/** Name=Value pairs of an attributes cell. */
const pairs = (cell: string) =>
  list(cell).map((pair) => {
    const at = pair.indexOf('=');
    return { group: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), ok: at > 0 && at < pair.length - 1 };
  });

const IMAGE_SOURCE = /^(https:\/\/[^\s"'<>|]+|\/(?!\/)[^\s"'<>|]*|[\w][\w .-]{0,200}\.(?:jpe?g|png|webp|avif))$/i;

/** A record's cells by column, with the readers of its typed cells; problems collect in `problems`. */
function cellReader(header: Header, raw: string[]) {
  // Trimmed again: an apostrophe the export put before spaces kept them from the first trim.
  const cells = raw.map((c) => unneutralized(c.trim()).trim());
  const get = (column: string): string | undefined => {
    const i = header.columns.indexOf(column);
    return i < 0 ? undefined : (cells[i] ?? '');
  };
  const problems: string[] = [];
  const problem = (message: string) => problems.push(message);

  const flag = (column: 'active'): boolean | undefined => {
    const cell = get(column);
    if (cell === undefined || cell === '') return undefined;
    if (YES.has(cell.toLowerCase())) return true;
    if (NO.has(cell.toLowerCase())) return false;
    problem(`${column} must be yes or no.`);
    return undefined;
  };
  const amount = (column: 'price' | 'sale_price'): number | null | undefined => {
    const cell = get(column);
    if (cell === undefined) return undefined;
    if (cell === '') return null;
    const cents = parseAmount(cell);
    if (cents === null) problem(`The ${column.replace('_', ' ')} "${cell}" is not an amount such as 12.50.`);
    return cents;
  };
  const fixedPrices = (): FixedPriceCells | undefined => {
    if (!header.currencies.length) return undefined;
    const out: FixedPriceCells = new Map();
    for (const code of header.currencies) {
      const cell = (column: string) => {
        const text = get(`${column}:${code.toLowerCase()}`) ?? '';
        if (text === '') return null;
        const cents = parseAmountIn(text, code);
        if (cents === null)
          problem(
            `The ${column.replace('_', ' ')} in ${code} "${text}" is not an amount such as ${minorDigits(code) ? '12.50' : '1250'}.`,
          );
        return cents;
      };
      const price = cell('price');
      const sale = cell('sale_price');
      if (price === null) {
        if (sale !== null) problem(`A sale price in ${code} needs the price in ${code} beside it.`);
        out.set(code, null);
        continue;
      }
      const staff = { price_cents: price, sale_price_cents: sale };
      const saleProblem = salePriceProblem(staff);
      if (saleProblem) problem(`${code}: ${saleProblem}`);
      out.set(code, staff);
    }
    return out;
  };
  const stockOf = (): number | undefined => {
    const cell = get('stock');
    if (cell === undefined || cell === '') return undefined;
    if (!/^\d{1,8}$/.test(cell) || Number(cell) > MAX_STOCK) {
      problem(`The stock must be a whole number from 0 to ${MAX_STOCK}.`);
      return undefined;
    }
    return Number(cell);
  };

  return { get, problems, problem, flag, amount, fixedPrices, stockOf };
}

type Cells = ReturnType<typeof cellReader>;

function readVariation(
  cells: Cells,
  header: Header,
  line: number,
  sku: string,
  parentSku: string,
): CatalogRow | Problem[] {
  const { get, problems, problem, flag, amount, fixedPrices, stockOf } = cells;
  if (!SKU_PATTERN.test(parentSku)) problem(`parent_sku: ${SKU_PROBLEM}`);
  if (parentSku === sku) problem('A variation cannot be its own product.');
  for (const column of [
    'slug',
    'name',
    'description',
    'categories',
    'images',
    'image_alt',
    'vat_class',
    'low_stock_threshold',
    ...header.languages.flatMap((c) => [`name:${c}`, `description:${c}`]),
  ]) {
    if (get(column)) problem(`${column} belongs on the product's row, not on a variation's.`);
  }
  const attributes = pairs(get('attributes') ?? '');
  if (attributes.length === 0) problem('A variation needs its attributes, such as Size=M|Colour=Red.');
  if (attributes.some((a) => !a.ok || a.group.length > 64 || a.value.length > 64))
    problem('Attributes are written as Name=Value pairs separated by |, each part at most 64 characters.');
  const translatedAttributes = new Map<string, { group: string; value: string }[]>();
  for (const code of header.languages) {
    const cell = get(`attributes:${code}`);
    if (!cell) continue;
    const own = pairs(cell);
    if (own.length !== attributes.length || own.some((a) => !a.ok || a.group.length > 64 || a.value.length > 64))
      problem(`attributes:${code} names the same pairs as attributes, in the same order, such as Größe=M|Farbe=Rot.`);
    translatedAttributes.set(
      code,
      own.map(({ group, value }) => ({ group, value })),
    );
  }
  const groups = attributes.map((a) => a.group.toLowerCase());
  if (new Set(groups).size !== groups.length) problem('Each attribute may be named once per variation.');
  // An empty price (or sale price) is the product's: the variation follows its product.
  const priceCents = amount('price');
  const salePriceCents = amount('sale_price');
  if (typeof priceCents === 'number' && typeof salePriceCents === 'number') {
    const saleProblem = salePriceProblem({ price_cents: priceCents, sale_price_cents: salePriceCents });
    if (saleProblem) problem(saleProblem);
  }
  const row: VariationRow = {
    kind: 'variation',
    line,
    sku,
    parentSku,
    active: flag('active'),
    priceCents,
    salePriceCents,
    stock: stockOf(),
    attributes: attributes.map(({ group, value }) => ({ group, value })),
    translatedAttributes,
    fixedPrices: fixedPrices(),
  };
  return problems.length ? problems.map((message) => ({ line, sku, message })) : row;
}

function readProduct(cells: Cells, header: Header, line: number, sku: string): CatalogRow | Problem[] {
  const { get, problems, problem, flag, amount, fixedPrices, stockOf } = cells;
  if (get('attributes') || header.languages.some((c) => get(`attributes:${c}`)))
    problem('attributes belong on variation rows (with a parent_sku).');
  // An empty name or price leaves the product's as it is (a new product needs both: check.server.ts).
  const name = get('name');
  if (name && name.length > 191) problem('The name may have at most 191 characters.');
  const price = amount('price');
  const sale = amount('sale_price');
  let staffPrice: StaffPrice | undefined;
  if (typeof price === 'number') {
    staffPrice = { price_cents: price, sale_price_cents: sale ?? null };
    const saleProblem = salePriceProblem(staffPrice);
    if (saleProblem) problem(saleProblem);
  } else if (typeof sale === 'number') problem('A sale price needs the price beside it.');
  const thresholdCell = get('low_stock_threshold');
  let lowStockThreshold: number | null | undefined = thresholdCell === undefined ? undefined : null;
  if (thresholdCell) {
    if (/^\d{1,4}$/.test(thresholdCell) && Number(thresholdCell) <= MAX_LOW_STOCK_THRESHOLD)
      lowStockThreshold = Number(thresholdCell);
    else
      problem(
        `The low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, or empty for the shop's.`,
      );
  }
  const slug = get('slug');
  if (slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    problem('The slug may contain only lowercase letters, digits and single hyphens.');
  const sources = get('images') === undefined ? undefined : list(get('images')!);
  const alts =
    get('image_alt') === undefined ? [] : (get('image_alt') ?? '').split(LIST_SEPARATOR).map((a) => a.trim());
  if (sources?.some((s) => !IMAGE_SOURCE.test(s)))
    problem(
      'Images are https:// addresses, paths on this shop (/…) or file names of the uploaded zip (.jpg, .png, .webp, .avif).',
    );
  if (sources && alts.filter(Boolean).length > sources.length) problem('There are more image_alt texts than images.');
  const names = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const code of header.languages) {
    const n = get(`name:${code}`);
    const d = get(`description:${code}`);
    if (n !== undefined) names.set(code, n);
    if (d !== undefined) descriptions.set(code, d);
    if (n && n.length > 191) problem(`name:${code} may have at most 191 characters.`);
  }
  for (const text of [get('description'), ...descriptions.values()])
    if (text && text.length > 50_000) problem('A description may have at most 50000 characters.');
  const row: ProductRow = {
    kind: 'product',
    line,
    sku,
    active: flag('active'),
    slug: slug || undefined,
    name: name || undefined,
    description: get('description'),
    names,
    descriptions,
    price: staffPrice,
    stock: stockOf(),
    categories: get('categories') === undefined ? undefined : list(get('categories')!),
    images: sources?.map((src, i) => ({ src, alt: alts[i] ?? '' })),
    fixedPrices: fixedPrices(),
    vatClass: get('vat_class'),
    lowStockThreshold,
  };
  return problems.length ? problems.map((message) => ({ line, sku, message })) : row;
}

/** One record as a row, or its problems. */
export function readRow(header: Header, line: number, raw: string[]): CatalogRow | Problem[] {
  const cells = cellReader(header, raw);
  const { get, problem } = cells;
  const sku = get('sku') ?? '';
  if (raw.length > header.columns.length && raw.slice(header.columns.length).some((c) => c.trim() !== ''))
    problem(`The row has ${raw.length} cells; the header has ${header.columns.length}.`);
  if (!SKU_PATTERN.test(sku)) problem(sku ? SKU_PROBLEM : 'The SKU is required.');
  const parentSku = get('parent_sku') ?? '';
  return parentSku ? readVariation(cells, header, line, sku, parentSku) : readProduct(cells, header, line, sku);
}

/** The export's columns for a shop whose other languages are `languages`. */
export function exportColumns(languages: readonly string[], currencies: readonly string[] = []): string[] {
  return [
    'sku',
    'parent_sku',
    'active',
    'slug',
    'name',
    ...languages.map((c) => `name:${c}`),
    'description',
    ...languages.map((c) => `description:${c}`),
    'price',
    'sale_price',
    ...currencies.flatMap((c) => [`price:${c}`, `sale_price:${c}`]),
    'stock',
    'categories',
    'attributes',
    ...languages.map((c) => `attributes:${c}`),
    'images',
    'image_alt',
    'vat_class',
    'low_stock_threshold',
  ];
}

/** The export's price cells of a variation: empty where it follows its product. */
export function variationPriceCells(v: { priceCents: number | null; salePriceCents: number | null }): {
  price: string;
  sale_price: string;
} {
  return {
    price: v.priceCents === null ? '' : formatAmount(v.priceCents),
    sale_price: v.salePriceCents === null ? '' : formatAmount(v.salePriceCents),
  };
}

/** The export's price cells of a stored product. */
export function priceCells(stored: { priceCents: number; oldPriceCents: number }): {
  price: string;
  sale_price: string;
} {
  const staff = toStaffPrice(stored);
  return {
    price: formatAmount(staff.price_cents),
    sale_price: staff.sale_price_cents === null ? '' : formatAmount(staff.sale_price_cents),
  };
}

/** "12.50" / "12,50" (USD), "1250" (JPY) → minor units of that currency; null when it is not such an amount. */
export function parseAmountIn(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = (digits ? new RegExp(`^\\s*(\\d{1,9})(?:[.,](\\d{1,${digits}}))?\\s*$`) : /^\s*(\d{1,10})\s*$/).exec(
    text,
  );
  if (!match) return null;
  const cents = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** The export's fixed-price cells of a product (variationId null) or variation, for each currency with columns. */
export function fixedPriceCells(
  fixed: readonly FixedPrice[],
  variationId: number | null,
  currencies: readonly string[],
): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const code of currencies) {
    const own = fixed.find((f) => f.currency === code && f.variationId === variationId);
    cells[`price:${code}`] = own ? centsToDecimal(own.priceCents, code) : '';
    cells[`sale_price:${code}`] = own && own.salePriceCents !== null ? centsToDecimal(own.salePriceCents, code) : '';
  }
  return cells;
}
