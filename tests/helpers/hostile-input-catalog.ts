/**
 * Hostile inputs of the staff catalogue API (/api/admin/products…, ADR 026), merged into the admin
 * table. Sent from an admin; no case is a valid edit: a body that passes the rules names a version
 * that is not the product's (409) or an id that does not exist (404), so nothing is written.
 */
import { type Case, type Entry, HTML, SQL, huge, invalid } from './hostile-input';

export interface CatalogIds {
  /** A product of the demo catalogue. */
  product: number;
  /** A category of the demo catalogue (with products and subcategories). */
  category: number;
}

const UNKNOWN_FIELD = 'Unknown field.';
const VERSION = 'version must be the version the form was opened at.';
const SKU = 'The SKU may have 1 to 64 letters, digits, dots, dashes or underscores.';
const PRICE = 'The price must be a whole number of cents from 0 to 1000000000.';
const STALE = /^Someone else saved this product after you opened it/;
const NOT_FOUND = 'Product not found.';
/** No product is ever at this version: a body that passes every rule still writes nothing. */
const FAR = 2_000_000_000;

export function catalogRouteTable(
  ids: CatalogIds,
  idCases: (path: (id: string) => string, notFound: string) => Case[],
): Record<string, Entry> {
  const productPath = (id: string) => `/api/admin/products/${id}`;
  const admin = (path: string, body: Entry['body'], cases: Case[] = []): Entry => ({ who: 'admin', path, body, cases });
  const newProduct = { sku: 'HOSTILE-1', name: 'Hostile', price_cents: 100, category_ids: [999_999_999] };
  const patch = { version: FAR, price_cents: 100 };
  const stale = (json: unknown): Case => ({ name: 'valid body, another version', json, status: 409, message: STALE });
  const withIds = (suffix: string, json: unknown) =>
    idCases((id) => `${productPath(id)}${suffix}`, NOT_FOUND).map((c) => ({ ...c, json }));

  const categoryPath = (id: string) => `/api/admin/categories/${id}`;
  const CATEGORY_NOT_FOUND = 'Category not found.';
  const newCategory = { name: 'Hostile', slug: 'hostile-category', parent_id: 999_999_999 };
  const categoryCases = (valid: Record<string, unknown>): Case[] => [
    invalid('huge name', { ...valid, name: huge(10_000) }, 'The name may have at most 128 characters.'),
    invalid('name as array', { ...valid, name: ['x'] }, 'The name is required.'),
    invalid(
      'SQL as slug',
      { ...valid, slug: SQL },
      'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.',
    ),
    invalid('reserved slug', { ...valid, slug: 'all' }, 'The slug "all" means every category; choose another.'),
    invalid(
      'SQL as parent',
      { ...valid, parent_id: SQL },
      'parent_id must be the id of a category (none for a top-level category).',
    ),
    invalid(
      'negative parent',
      { ...valid, parent_id: -1 },
      'parent_id must be the id of a category (none for a top-level category).',
    ),
    invalid(
      'javascript: image',
      { ...valid, image_url: 'javascript:alert(1)' },
      'The image must be a path on this shop (starting with /) or an https:// address.',
    ),
    invalid(
      'image with HTML',
      { ...valid, image_url: `/x"${HTML}` },
      'The image must be a path on this shop (starting with /) or an https:// address.',
    ),
    invalid('extra field', { ...valid, position: 1 }, UNKNOWN_FIELD),
  ];

  const promoPath = (id: string) => `/api/admin/promo-codes/${id}`;
  const PROMO_NOT_FOUND = 'Promo code not found.';
  const newPromo = { code: 'HOSTILE1', percent: 5, amount_cents: 100 };
  const promoCases = (valid: Record<string, unknown>): Case[] => [
    invalid(
      'SQL as code',
      { ...valid, code: SQL },
      'The code may have 2 to 64 letters, digits, dashes or underscores.',
    ),
    invalid(
      'HTML as code',
      { ...valid, code: HTML },
      'The code may have 2 to 64 letters, digits, dashes or underscores.',
    ),
    invalid(
      'huge code',
      { ...valid, code: huge(10_000) },
      'The code may have 2 to 64 letters, digits, dashes or underscores.',
    ),
    invalid(
      'percent over 100',
      { ...valid, percent: 101, amount_cents: undefined },
      'The percentage off must be a whole number from 1 to 100.',
    ),
    invalid(
      'negative amount',
      { ...valid, percent: undefined, amount_cents: -1 },
      'The amount off must be a whole number of cents from 1 to 100000000.',
    ),
    invalid('SQL as date', { ...valid, valid_from: SQL }, 'Dates are written YYYY-MM-DD.'),
    invalid('impossible date', { ...valid, valid_to: '2026-13-01' }, 'Dates are written YYYY-MM-DD.'),
    invalid(
      'zero usage limit',
      { ...valid, usage_limit: 0 },
      'The usage limit must be a whole number from 1 to 10000000, or empty for no limit.',
    ),
    invalid(
      'huge description',
      { ...valid, description: huge(10_000) },
      'The description may have at most 500 characters.',
    ),
    invalid('used count', { ...valid, used_count: 0 }, UNKNOWN_FIELD),
  ];

  const zonePath = (id: string) => `/api/admin/shipping/zones/${id}`;
  const countryPath = (id: string) => `/api/admin/shipping/countries/${id}`;
  const currencyPath = (id: string) => `/api/admin/currencies/${id}`;
  const PATTERN_STAR = 'A post-code pattern may not use * or +: give the lengths, as in [0-9]{5} or [A-Z]{1,2}.';
  const COUNTRY_IDS = 'ids must be a list of 1 to 300 country ids.';
  const STATE = 'state must be one of served, on_request, not_served.';
  const RATE = 'The rate is units of the currency for 1 EUR, above 0, with at most 6 decimals (e.g. 1.0835).';

  const importPath = (id: string) => `/api/admin/catalog-imports/${id}`;
  const IMPORT_NOT_FOUND = 'Import not found.';

  return {
    'GET /api/admin/catalog-imports': admin('/api/admin/catalog-imports', 'none'),
    'POST /api/admin/catalog-imports': admin('/api/admin/catalog-imports', 'multipart'),
    'GET /api/admin/catalog-imports/:id': admin(importPath('1'), 'none', idCases(importPath, IMPORT_NOT_FOUND)),
    'POST /api/admin/catalog-imports/:id/apply': admin(
      `${importPath('1')}/apply`,
      'none',
      idCases((id) => `${importPath(id)}/apply`, IMPORT_NOT_FOUND),
    ),
    ...nameTextsTable('/api/admin/attributes/groups', 64, 'Attribute group not found.', admin, idCases),
    ...nameTextsTable('/api/admin/attributes/options', 64, 'Option not found.', admin, idCases),
    ...nameTextsTable('/api/admin/shipping/countries', 96, 'Country not found.', admin, idCases),
    'GET /api/admin/shipping': admin('/api/admin/shipping', 'none'),
    'POST /api/admin/shipping/zones': admin('/api/admin/shipping/zones', 'object', [
      invalid('everything missing', {}, 'The zone code may have 2 to 16 capital letters, digits or underscores.'),
      invalid(
        'SQL as code',
        { code: SQL, name: 'x', cost_cents: 1 },
        'The zone code may have 2 to 16 capital letters, digits or underscores.',
      ),
      invalid(
        'negative price',
        { code: 'HOSTILE', name: 'x', cost_cents: -1 },
        'The delivery price must be a whole number of cents from 0 to 100000000.',
      ),
      invalid(
        'price as text',
        { code: 'HOSTILE', name: 'x', cost_cents: '5' },
        'The delivery price must be a whole number of cents from 0 to 100000000.',
      ),
      invalid(
        'huge name',
        { code: 'HOSTILE', name: huge(10_000), cost_cents: 1 },
        'The name may have at most 64 characters.',
      ),
    ]),
    'PUT /api/admin/shipping/zones/:id': admin(zonePath('1'), 'object', [
      ...idCases(zonePath, 'Delivery zone not found.').map((c) => ({ ...c, json: { name: 'x' } })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid(
        'fractional threshold',
        { free_over_cents: 1.5 },
        'The free-delivery threshold must be a whole number of cents from 0 to 100000000.',
      ),
    ]),
    'DELETE /api/admin/shipping/zones/:id': admin(
      zonePath('999999999'),
      'none',
      idCases(zonePath, 'Delivery zone not found.'),
    ),
    'PUT /api/admin/shipping/countries': admin('/api/admin/shipping/countries', 'object', [
      invalid('everything missing', {}, COUNTRY_IDS),
      invalid('no ids', { ids: [], state: 'served' }, COUNTRY_IDS),
      invalid('ids as text', { ids: '1,2', state: 'served' }, COUNTRY_IDS),
      invalid('SQL as id', { ids: [SQL], state: 'served' }, COUNTRY_IDS),
      invalid('negative id', { ids: [-1], state: 'served' }, COUNTRY_IDS),
      invalid('fractional id', { ids: [1.5], state: 'served' }, COUNTRY_IDS),
      invalid('id past the column', { ids: [2_147_483_648], state: 'served' }, COUNTRY_IDS),
      invalid('too many ids', { ids: Array.from({ length: 301 }, (_, i) => i + 1), state: 'served' }, COUNTRY_IDS),
      invalid('unknown state', { ids: [1], state: 'closed' }, STATE),
      invalid('SQL as state', { ids: [1], state: SQL }, STATE),
      invalid('state as flags', { ids: [1], state: { served: false } }, STATE),
      invalid('extra field', { ids: [1], state: 'served', zone_id: 1 }, UNKNOWN_FIELD),
      // Passes the rules, names no country: the lot is refused, nothing written.
      invalid(
        'unknown country',
        { ids: [999_999_999], state: 'not_served' },
        'Some of these countries do not exist (ids 999999999); nothing was changed.',
      ),
    ]),
    'PUT /api/admin/shipping/countries/:id': admin(countryPath('1'), 'object', [
      ...idCases(countryPath, 'Country not found.').map((c) => ({ ...c, json: { delivery_available: true } })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid('runaway pattern', { postcode_pattern: '^(a+)+$' }, PATTERN_STAR),
      invalid(
        'unanchored pattern',
        { postcode_pattern: SQL },
        'A post-code pattern starts with ^ and ends with $ (it must match the whole post code).',
      ),
      invalid(
        'many ways to match',
        { postcode_pattern: '^(1|1|1|1){1,16}$' },
        'This pattern can match the same text in too many ways: repeat plain characters or classes, not groups of alternatives.',
      ),
      invalid(
        'alternative outside a group',
        { postcode_pattern: '^1|2$' },
        'Put alternatives in a group, as in ^(GIR 0AA|[0-9]{5})$: a | outside a group matches only part of the post code.',
      ),
      invalid(
        'back-reference',
        { postcode_pattern: '^(\\d)\\1$' },
        'A post-code pattern may use \\d and \\s but no back-references, look-arounds or other escapes.',
      ),
      invalid(
        'huge pattern',
        { postcode_pattern: `^${huge(10_000)}$` },
        'A post-code pattern may have at most 120 characters.',
      ),
      invalid('unknown zone', { zone_id: 999_999_999 }, 'Choose a delivery zone of the shop.'),
      invalid('SQL as zone', { zone_id: SQL }, 'zone_id must be the id of a delivery zone (none: no zone).'),
      invalid('flag as text', { delivery_available: 'yes' }, 'delivery_available must be true or false.'),
      invalid('served as text', { served: 'false' }, 'served must be true or false.'),
      invalid('served as null', { served: null }, 'served must be true or false.'),
    ]),
    'GET /api/admin/vat-rates': admin('/api/admin/vat-rates', 'none'),
    'POST /api/admin/vat-rates': admin('/api/admin/vat-rates', 'object', [
      invalid('everything missing', {}, 'The name is required.'),
      invalid(
        'rate as number',
        { name: 'x', percent: 7 },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid(
        'rate of 100',
        { name: 'x', percent: '100' },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid(
        'SQL as rate',
        { name: 'x', percent: SQL },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid('huge name', { name: huge(10_000), percent: '7' }, 'The name may have at most 64 characters.'),
      invalid('extra field', { name: 'x', percent: '7', products: 3 }, UNKNOWN_FIELD),
      invalid(
        'unknown kind',
        { name: 'x', percent: '7', kind: 'super' },
        'The kind is standard, reduced or zero: the rate of that kind in each country is charged (ADR 030).',
      ),
    ]),
    'PUT /api/admin/vat-rates/:id': admin('/api/admin/vat-rates/1', 'object', [
      ...idCases((id) => `/api/admin/vat-rates/${id}`, 'VAT class not found.').map((c) => ({
        ...c,
        json: { name: 'x' },
      })),
      invalid('empty patch', {}, 'Nothing to change.'),
      {
        name: 'unknown class',
        path: '/api/admin/vat-rates/999999999',
        json: { percent: '5' },
        status: 404,
        message: 'VAT class not found.',
      },
    ]),
    'GET /api/admin/vat-rates/countries': admin('/api/admin/vat-rates/countries', 'none'),
    'PUT /api/admin/vat-rates/scheme': admin('/api/admin/vat-rates/scheme', 'object', [
      invalid('everything missing', {}, 'uses_oss must be true or false.'),
      invalid('flag as text', { uses_oss: 'yes' }, 'uses_oss must be true or false.'),
      invalid('SQL as flag', { uses_oss: SQL }, 'uses_oss must be true or false.'),
      invalid('extra field', { uses_oss: true, home_country_id: 1 }, UNKNOWN_FIELD),
    ]),
    'PUT /api/admin/vat-rates/countries/:id': admin('/api/admin/vat-rates/countries/1', 'object', [
      ...idCases((id) => `/api/admin/vat-rates/countries/${id}`, 'Country not found.').map((c) => ({
        ...c,
        json: { standard: '20' },
      })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid(
        'rate as number',
        { standard: 19 },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid(
        'rate of 100',
        { reduced: '100' },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid(
        'SQL as rate',
        { standard: SQL },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid(
        'huge rate',
        { standard: huge(10_000) },
        'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.',
      ),
      invalid('unknown kind', { super_reduced: '2.1' }, UNKNOWN_FIELD),
    ]),
    'DELETE /api/admin/vat-rates/:id': admin(
      '/api/admin/vat-rates/999999999',
      'none',
      idCases((id) => `/api/admin/vat-rates/${id}`, 'VAT class not found.'),
    ),
    'GET /api/admin/currencies': admin('/api/admin/currencies', 'none'),
    'POST /api/admin/currencies': admin('/api/admin/currencies', 'object', [
      invalid('everything missing', {}, 'The currency code is three capital letters (ISO 4217), e.g. CHF.'),
      invalid(
        'SQL as code',
        { code: SQL, symbol: 'x', rate: '1' },
        'The currency code is three capital letters (ISO 4217), e.g. CHF.',
      ),
      invalid('zero rate', { code: 'XXA', symbol: 'x', rate: '0' }, RATE),
      invalid('rate as number', { code: 'XXA', symbol: 'x', rate: 1.2 }, RATE),
      invalid('rate with 7 decimals', { code: 'XXA', symbol: 'x', rate: '1.1234567' }, RATE),
      invalid('exponent rate', { code: 'XXA', symbol: 'x', rate: '1e3' }, RATE),
      invalid(
        'huge symbol',
        { code: 'XXA', symbol: huge(100), rate: '1' },
        'The symbol may have at most 8 characters.',
      ),
    ]),
    'PUT /api/admin/currencies/:id': admin(currencyPath('1'), 'object', [
      ...idCases(currencyPath, 'Currency not found.').map((c) => ({ ...c, json: { symbol: 'x' } })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid(
        'unset the default',
        { is_default: false },
        'is_default can only be set to true (another currency is then no longer the default).',
      ),
      invalid('euro rate', { rate: '2' }, "Prices are kept in euros: the euro's rate is always 1."),
    ]),
    'DELETE /api/admin/currencies/:id': admin(currencyPath('1'), 'none', [
      ...idCases(currencyPath, 'Currency not found.'),
      { name: 'the euro', status: 409, message: 'The euro cannot be removed: prices are kept in euros.' },
    ]),
    'GET /api/admin/promo-codes': admin('/api/admin/promo-codes', 'none', [
      {
        name: 'huge search',
        query: `?q=${huge(10_000)}`,
        status: 422,
        message: 'The search may have at most 64 characters.',
      },
      { name: 'unknown parameter', query: '?limit=1', status: 422, message: 'Unknown parameter.' },
    ]),
    'POST /api/admin/promo-codes': admin('/api/admin/promo-codes', 'object', [
      invalid('everything missing', {}, 'The code may have 2 to 64 letters, digits, dashes or underscores.'),
      invalid('both discounts', newPromo, 'Give either an amount off or a percentage off, not both.'),
      ...promoCases(newPromo),
    ]),
    'GET /api/admin/promo-codes/:id': admin(promoPath('1'), 'none', idCases(promoPath, PROMO_NOT_FOUND)),
    'PUT /api/admin/promo-codes/:id': admin(promoPath('1'), 'object', [
      ...idCases(promoPath, PROMO_NOT_FOUND).map((c) => ({ ...c, json: { description: 'x' } })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid(
        'both discounts',
        { percent: 5, amount_cents: 100 },
        'Give either an amount off or a percentage off, not both.',
      ),
      ...promoCases({}),
    ]),
    'DELETE /api/admin/promo-codes/:id': admin(promoPath('1'), 'none', idCases(promoPath, PROMO_NOT_FOUND)),
    'GET /api/admin/categories': admin('/api/admin/categories', 'none'),
    'POST /api/admin/categories': admin('/api/admin/categories', 'object', [
      invalid('everything missing', {}, 'The name is required.'),
      invalid('unknown parent', newCategory, 'The parent category does not exist.'),
      ...categoryCases(newCategory),
    ]),
    'GET /api/admin/categories/:id': admin(
      categoryPath(String(ids.category)),
      'none',
      idCases(categoryPath, CATEGORY_NOT_FOUND),
    ),
    'PUT /api/admin/categories/:id': admin(categoryPath(String(ids.category)), 'object', [
      ...idCases(categoryPath, CATEGORY_NOT_FOUND).map((c) => ({ ...c, json: { name: 'Hostile' } })),
      invalid('empty patch', {}, 'Nothing to change.'),
      invalid('unknown parent', { parent_id: 999_999_999 }, 'The parent category does not exist.'),
      invalid(
        'under itself',
        { parent_id: ids.category },
        'A category cannot move under itself or one of its subcategories.',
      ),
      invalid('unknown language', { language_id: 999_999, name: 'x' }, 'Unknown language.'),
      ...categoryCases({}),
    ]),
    'POST /api/admin/categories/:id/move': admin(`${categoryPath(String(ids.category))}/move`, 'object', [
      ...idCases((id) => `${categoryPath(id)}/move`, CATEGORY_NOT_FOUND).map((c) => ({
        ...c,
        json: { direction: 'up' },
      })),
      invalid('SQL as direction', { direction: SQL }, 'direction must be up or down.'),
      invalid('direction missing', {}, 'direction must be up or down.'),
    ]),
    'DELETE /api/admin/categories/:id': admin(categoryPath(String(ids.category)), 'none', [
      ...idCases(categoryPath, CATEGORY_NOT_FOUND),
      { name: 'not empty', status: 409, message: 'This category has subcategories: move or delete them first.' },
    ]),
    'GET /api/admin/products': admin('/api/admin/products', 'none', [
      {
        name: 'huge search',
        query: `?q=${huge(10_000)}`,
        status: 422,
        message: 'The search may have at most 120 characters.',
      },
      {
        name: 'SQL as category',
        query: `?category=${encodeURIComponent(SQL)}`,
        status: 422,
        message: 'category must be a category id.',
      },
      {
        name: 'HTML as sort',
        query: `?sort=${encodeURIComponent(HTML)}`,
        status: 422,
        message: 'sort must be newest, updated, price_asc, price_desc or stock_asc.',
      },
      {
        name: 'forged cursor',
        query: `?after=${encodeURIComponent("1.1' or 1=1")}`,
        status: 422,
        message: 'after must be a cursor from a previous page.',
      },
      {
        name: 'cursor past the integer column',
        query: '?after=1.99999999999',
        status: 422,
        message: 'after must be a cursor from a previous page.',
      },
      { name: 'unknown parameter', query: '?limit=100000', status: 422, message: 'Unknown parameter.' },
      { name: 'search twice', query: '?q=a&q=b', status: 422, message: 'The search must be one text.' },
    ]),
    'POST /api/admin/products': admin('/api/admin/products', 'object', [
      invalid('everything missing', {}, 'The SKU is required.'),
      invalid('SQL as SKU', { ...newProduct, sku: SQL }, SKU),
      invalid('HTML as SKU', { ...newProduct, sku: HTML }, SKU),
      invalid('huge SKU', { ...newProduct, sku: huge(10_000) }, SKU),
      invalid('SKU as array', { ...newProduct, sku: ['A'] }, 'The SKU is required.'),
      invalid('huge name', { ...newProduct, name: huge(100_000) }, 'The name may have at most 191 characters.'),
      invalid('blank name', { ...newProduct, name: '   ' }, 'The name is required.'),
      invalid('negative price', { ...newProduct, price_cents: -1 }, PRICE),
      invalid('fractional price', { ...newProduct, price_cents: 1.5 }, PRICE),
      invalid('huge price', { ...newProduct, price_cents: 1e20 }, PRICE),
      invalid('price as text', { ...newProduct, price_cents: '100' }, PRICE),
      invalid(
        'sale price not lower',
        { ...newProduct, sale_price_cents: 100 },
        'The sale price must be lower than the price.',
      ),
      invalid('negative stock', { ...newProduct, stock: -1 }, 'The stock must be a whole number from 0 to 10000000.'),
      invalid('SQL as category', { ...newProduct, category_ids: [SQL] }, 'categories must be a list of category ids.'),
      invalid(
        'too many categories',
        { ...newProduct, category_ids: Array.from({ length: 21 }, (_, i) => i + 1) },
        'A product may be in at most 20 categories.',
      ),
      invalid('unknown category', newProduct, 'Choose categories of the shop.'),
      invalid(
        'description as object',
        { ...newProduct, description: { html: 'x' } },
        'The description must be text (HTML).',
      ),
      invalid('version on create', { ...newProduct, version: 1 }, UNKNOWN_FIELD),
      invalid('extra field', { ...newProduct, id: 1 }, UNKNOWN_FIELD),
      invalid(
        'prototype key',
        JSON.parse(`{${JSON.stringify(newProduct).slice(1, -1)},"__proto__":{"active":true}}`),
        UNKNOWN_FIELD,
      ),
    ]),
    'GET /api/admin/products/:id': admin(productPath(String(ids.product)), 'none', idCases(productPath, NOT_FOUND)),
    'PUT /api/admin/products/:id/currency-prices': admin(
      `${productPath(String(ids.product))}/currency-prices`,
      'object',
      [
        invalid('version missing', { prices: [] }, VERSION),
        invalid('version as text', { version: '1', prices: [] }, VERSION),
        invalid(
          'SQL as currency',
          { version: FAR, prices: [{ currency: SQL, price_cents: 100 }] },
          "currency must be the code of one of the shop's currencies other than EUR.",
        ),
        invalid('prices as text', { version: FAR, prices: SQL }),
        invalid('extra field', { version: FAR, prices: [], active: true }, UNKNOWN_FIELD),
      ],
    ),
    'PUT /api/admin/products/:id': admin(productPath(String(ids.product)), 'object', [
      ...withIds('', patch),
      stale(patch),
      invalid('version missing', { price_cents: 100 }, VERSION),
      invalid('version as text', { ...patch, version: '1' }, VERSION),
      invalid('negative version', { ...patch, version: -1 }, VERSION),
      invalid('only the version', { version: FAR }, 'Nothing to change.'),
      invalid('unknown language', { ...patch, language_id: 999_999 }, 'Unknown language.'),
      invalid(
        'SQL as slug',
        { ...patch, slug: SQL },
        'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.',
      ),
      invalid('SQL as SKU', { ...patch, sku: SQL }, SKU),
      invalid(
        'sale price not lower',
        { ...patch, sale_price_cents: 100 },
        'The sale price must be lower than the price.',
      ),
      invalid('active as text', { ...patch, active: 'true' }, 'active must be true or false.'),
      invalid(
        'SQL as VAT class',
        { ...patch, vat_rate_id: SQL },
        "vat_rate_id must be the id of one of the VAT classes, or empty for the shop's rate.",
      ),
      invalid('extra field', { ...patch, discount_percent: 90 }, UNKNOWN_FIELD),
    ]),
    'POST /api/admin/products/:id/variations/generate': admin(
      `${productPath(String(ids.product))}/variations/generate`,
      'object',
      [
        ...withIds('/variations/generate', { version: FAR, axes: [{ group: 'Size', values: ['S'] }] }),
        stale({ version: FAR, axes: [{ group: 'Size', values: ['S'] }] }),
        invalid('no axes', { version: FAR, axes: [] }, 'Choose at least one attribute.'),
        invalid(
          'four axes',
          { version: FAR, axes: ['A', 'B', 'C', 'D'].map((group) => ({ group, values: ['x'] })) },
          'At most 3 attributes.',
        ),
        invalid(
          'huge value',
          { version: FAR, axes: [{ group: 'Size', values: [huge(10_000)] }] },
          'The value may have at most 64 characters.',
        ),
        invalid(
          'too many combinations',
          {
            version: FAR,
            axes: [
              { group: 'A', values: Array.from({ length: 50 }, (_, i) => `a${i}`) },
              { group: 'B', values: ['1', '2', '3', '4', '5'] },
            ],
          },
          'At most 200 combinations at once.',
        ),
        invalid('axes as text', { version: FAR, axes: SQL }, 'axes must be a list of attributes and values.'),
        invalid(
          'extra field in an axis',
          { version: FAR, axes: [{ group: 'Size', values: ['S'], id: 1 }] },
          UNKNOWN_FIELD,
        ),
      ],
    ),
    'PUT /api/admin/products/:id/variations': admin(`${productPath(String(ids.product))}/variations`, 'object', [
      ...withIds('/variations', { version: FAR, remove: [1] }),
      stale({ version: FAR, remove: [1] }),
      invalid(
        'variation with SQL as SKU',
        { version: FAR, variations: [{ id: 1, sku: SQL, price_cents: 1, stock: 1, active: true }] },
        SKU,
      ),
      invalid(
        'variation with a negative stock',
        { version: FAR, variations: [{ id: 1, sku: 'A', price_cents: 1, stock: -5, active: true }] },
        'The stock must be a whole number from 0 to 10000000.',
      ),
      invalid('remove as text', { version: FAR, remove: SQL }, 'remove must be a list of variation ids.'),
      invalid('variations as object', { version: FAR, variations: { id: 1 } }, 'variations must be a list.'),
    ]),
    'PUT /api/admin/products/:id/images': admin(`${productPath(String(ids.product))}/images`, 'object', [
      ...withIds('/images', { version: FAR, images: [] }),
      stale({ version: FAR, images: [] }),
      invalid(
        'javascript: URL',
        { version: FAR, images: [{ url: 'javascript:alert(1)', alt: { en: 'x' } }] },
        'An image URL must start with https:// or /.',
      ),
      invalid(
        'protocol-relative URL',
        { version: FAR, images: [{ url: '//evil.example/x.jpg', alt: { en: 'x' } }] },
        'An image URL must start with https:// or /.',
      ),
      invalid(
        'URL with a quote',
        { version: FAR, images: [{ url: `/x.jpg"${HTML}`, alt: { en: 'x' } }] },
        'An image URL must start with https:// or /.',
      ),
      invalid(
        'huge alternative text',
        { version: FAR, images: [{ url: '/x.jpg', alt: { en: huge(10_000) } }] },
        'The alternative text may have at most 300 characters.',
      ),
      invalid(
        'SQL as language code',
        { version: FAR, images: [{ url: '/x.jpg', alt: { [SQL]: 'x' } }] },
        'alt must map language codes to texts.',
      ),
      invalid(
        'missing default alternative text',
        { version: FAR, images: [{ url: '/x.jpg', alt: {} }] },
        'Every image needs an alternative text in English.',
      ),
      invalid(
        'asset and URL',
        { version: FAR, images: [{ url: '/x.jpg', asset_id: 1, alt: { en: 'x' } }] },
        'Each image is an uploaded image (asset_id) or a URL, not both.',
      ),
      invalid(
        'too many images',
        { version: FAR, images: Array.from({ length: 21 }, () => ({ url: '/x.jpg', alt: { en: 'x' } })) },
        'A product may have at most 20 images.',
      ),
    ]),
  };
}

/**
 * GET and PUT `{base}/:id/texts` (names per language, ADR 041). Every case is refused before a
 * write: a bad body, a language the shop lacks, the default language, or an id that names nothing.
 */
function nameTextsTable(
  base: string,
  max: number,
  notFound: string,
  admin: (path: string, body: Entry['body'], cases?: Case[]) => Entry,
  idCases: (path: (id: string) => string, notFound: string) => Case[],
): Record<string, Entry> {
  const path = (id: string) => `${base}/${id}/texts`;
  const TEXTS = 'texts maps 1 to 32 language codes (such as de) to names.';
  return {
    [`GET ${base}/:id/texts`]: admin(path('1'), 'none', idCases(path, notFound)),
    [`PUT ${base}/:id/texts`]: admin(path('1'), 'object', [
      ...idCases(path, notFound).map((c) => ({ ...c, json: { texts: { de: 'Hostile' } } })),
      invalid('huge name', { texts: { de: huge(10_000) } }, `A name may have at most ${max} characters.`),
      invalid('SQL as language', { texts: { [SQL]: 'x' } }, TEXTS),
      invalid('no language', { texts: {} }, TEXTS),
      invalid('texts missing', {}, TEXTS),
      invalid('name as object', { texts: { de: { html: HTML } } }, `A name may have at most ${max} characters.`),
      invalid('unknown language', { texts: { xx: 'x' } }, 'Unknown language.'),
      invalid(
        'default language',
        { texts: { en: 'x' } },
        "The default language's name is the row's own name; only other languages have texts here.",
      ),
      invalid('unknown field', { texts: { de: 'x' }, name: 'x' }, 'Unknown field.'),
    ]),
  };
}
