/**
 * The staff product editor's API (ADR 026) on a real database (both engines with
 * TEST_DATABASE_URL): permissions, create, texts per language, prices, the version check under
 * parallel saves, variations, images, the audit and the storefront seeing a change at once.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, productTranslations, products } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'products');
let fx: FixtureCatalog;
let staff: ApiSession;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  staff = (await h.signedIn('staff')).session;
});

const STALE =
  /^Someone else saved this product after you opened it \(it is now at version \d+\)\. Your changes were not saved/;

async function create(sku: string, over: Record<string, unknown> = {}) {
  const res = await staff.post('/api/admin/products', {
    sku,
    name: `Product ${sku}`,
    price_cents: 5_000,
    category_ids: [fx.cat.tents],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payload;
}

describe('who may edit products', () => {
  it('answers 401 to a guest, 403 to an editor, 200 to staff and admins', async () => {
    const guest = createApiSession(api);
    expect((await guest.get('/api/admin/products')).status).toBe(401);
    const editor = (await h.signedIn('editor')).session;
    const refused = await editor.get('/api/admin/products');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This action is unauthorized.');
    expect((await editor.post('/api/admin/products', { sku: 'X-1', name: 'X', price_cents: 1 })).status).toBe(403);
    expect((await staff.get('/api/admin/products')).status).toBe(200);
    expect((await (await h.signedIn('admin')).session.get(`/api/admin/products/${fx.p.dome}`)).status).toBe(200);
  });
});

describe('creating and changing a product', () => {
  it('creates an unpublished product with a slug from its name and an audit row', async () => {
    const product = await create('NEW-TENT-1', { name: 'Storm Shelter 2P', sale_price_cents: 4_000 });
    expect(product).toMatchObject({
      sku: 'NEW-TENT-1',
      slug: `storm-shelter-2p-${product.id}`,
      price_cents: 5_000,
      sale_price_cents: 4_000,
      stock: 0,
      active: false,
      version: 1,
      category_ids: [fx.cat.tents],
      variations: [],
      images: [],
    });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ priceCents: 4_000, oldPriceCents: 5_000, discountPercent: 20 });
    expect((await api.request(`/api/products/${product.id}/info`)).status).toBe(404);
    const audit = await db()
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'product'), eq(contentChanges.entityId, String(product.id))));
    expect(audit.map((a) => [a.action, a.summary])).toEqual([['create', 'NEW-TENT-1: Storm Shelter 2P']]);
  });

  it('refuses a SKU another product or a variation has, and bad prices, with field messages', async () => {
    for (const sku of ['FX-DOME', 'FX-DOME-RS']) {
      const res = await staff.post('/api/admin/products', { sku, name: 'Copy', price_cents: 100 });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ sku: ['Another product or variation already has this SKU.'] });
    }
    const sale = await staff.post('/api/admin/products', {
      sku: 'SALE-1',
      name: 'Sale',
      price_cents: 100,
      sale_price_cents: 100,
    });
    expect(sale.status).toBe(422);
    expect(sale.body.errors).toEqual({ sale_price_cents: ['The sale price must be lower than the price.'] });
    const sku = await staff.post('/api/admin/products', { sku: 'bad sku!', name: 'Bad', price_cents: 100 });
    expect(sku.body.errors.sku).toEqual(['The SKU may have 1 to 64 letters, digits, dots, dashes or underscores.']);
  });

  it('saves texts per language, prices and publishing, each save a new version', async () => {
    const product = await create('NEW-TENT-2');
    const de = await staff.put(`/api/admin/products/${product.id}`, {
      version: 1,
      language_id: fx.lang.de,
      name: 'Sturmzelt',
      description: '<p>Hält dicht.</p><script>x()</script>',
    });
    expect(de.status, JSON.stringify(de.body)).toBe(200);
    expect(de.body.message).toBe('Product saved.');
    expect(de.body.payload.version).toBe(2);
    expect(de.body.payload.texts).toEqual([
      { language_id: fx.lang.en, code: 'en', name: 'Product NEW-TENT-2', description: '', own: true },
      { language_id: fx.lang.de, code: 'de', name: 'Sturmzelt', description: '<p>Hält dicht.</p>', own: true },
    ]);
    const [translation] = await db()
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.productId, product.id));
    expect(translation).toMatchObject({ name: 'Sturmzelt', languageId: fx.lang.de });

    const priced = await staff.put(`/api/admin/products/${product.id}`, {
      version: 2,
      price_cents: 8_000,
      sale_price_cents: 6_000,
      stock: 4,
      active: true,
    });
    expect(priced.body.payload).toMatchObject({
      version: 3,
      price_cents: 8_000,
      sale_price_cents: 6_000,
      stock: 4,
      active: true,
    });
    // A sale price alone is checked against the stored price.
    const tooHigh = await staff.put(`/api/admin/products/${product.id}`, { version: 3, sale_price_cents: 9_000 });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.errors).toEqual({ sale_price_cents: ['The sale price must be lower than the price.'] });
    const offSale = await staff.put(`/api/admin/products/${product.id}`, { version: 3, sale_price_cents: null });
    expect(offSale.body.payload).toMatchObject({ version: 4, price_cents: 8_000, sale_price_cents: null });

    const nothing = await staff.put(`/api/admin/products/${product.id}`, { version: 4, language_id: fx.lang.de });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('Nothing to change.');
  });

  it("stores a language's text only when sent: an untouched fallback stays the default's", async () => {
    const product = await create('NEW-TENT-3', { description: '<p>Keeps you dry.</p>' });
    const rows = () =>
      db()
        .select()
        .from(productTranslations)
        .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.languageId, fx.lang.de)));
    // The German tab of a product without German texts, only the price changed: the form leaves the fallback out.
    const priced = await staff.put(`/api/admin/products/${product.id}`, {
      version: 1,
      language_id: fx.lang.de,
      price_cents: 7_000,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.payload.price_cents).toBe(7_000);
    expect(await rows()).toEqual([]);
    expect(priced.body.payload.texts[1]).toEqual({
      language_id: fx.lang.de,
      code: 'de',
      name: 'Product NEW-TENT-3',
      description: '<p>Keeps you dry.</p>',
      own: false,
    });
    // Only the name edited: the German description keeps following the default language's.
    const named = await staff.put(`/api/admin/products/${product.id}`, {
      version: 2,
      language_id: fx.lang.de,
      name: 'Sturmzelt',
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(await rows()).toMatchObject([{ name: 'Sturmzelt', description: '' }]);
    const english = await staff.put(`/api/admin/products/${product.id}`, {
      version: 3,
      language_id: fx.lang.en,
      description: '<p>Keeps you dry in any storm.</p>',
    });
    expect(english.body.payload.texts[1]).toEqual({
      language_id: fx.lang.de,
      code: 'de',
      name: 'Sturmzelt',
      description: '<p>Keeps you dry in any storm.</p>',
      own: true,
    });
  });

  it('shows a new price to the next guest request (caches emptied)', async () => {
    const before = await (await api.request(`/api/products/${fx.p.mech}/info`)).json();
    expect(before.payload.price).toBe(129.99);
    const current = (await staff.get(`/api/admin/products/${fx.p.mech}`)).body.payload;
    expect(
      (await staff.put(`/api/admin/products/${fx.p.mech}`, { version: current.version, price_cents: 11_999 })).status,
    ).toBe(200);
    const after = await (await api.request(`/api/products/${fx.p.mech}/info`)).json();
    expect(after.payload.price).toBe(119.99);
  });
});

describe('two people saving the same product', () => {
  it('lets exactly one of two saves of the same version through and tells the other', async () => {
    for (let round = 0; round < 3; round++) {
      const product = await create(`RACE-${round}`);
      const other = (await h.signedIn('staff')).session;
      const answers = await Promise.all([
        staff.put(`/api/admin/products/${product.id}`, { version: 1, price_cents: 7_000 }),
        other.put(`/api/admin/products/${product.id}`, { version: 1, price_cents: 9_000 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.message).toMatch(STALE);
      expect(loser.body.message).toContain('version 2');
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.version).toBe(2);
      expect(row!.priceCents).toBe(winner.body.payload.price_cents);
    }
  });

  it('refuses a save from a form opened before the last save', async () => {
    const product = await create('STALE-1');
    expect((await staff.put(`/api/admin/products/${product.id}`, { version: 1, stock: 3 })).status).toBe(200);
    const stale = await staff.put(`/api/admin/products/${product.id}`, { version: 1, stock: 9 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors.version[0]).toMatch(STALE);
    expect((await staff.get(`/api/admin/products/${product.id}`)).body.payload.stock).toBe(3);
  });
});

describe('variations', () => {
  it('generates the missing combinations, edits and removes them', async () => {
    const product = await create('VAR-TENT', { price_cents: 10_000 });
    const made = await staff.post(`/api/admin/products/${product.id}/variations/generate`, {
      version: 1,
      axes: [
        { group: 'Size', values: ['S', 'M'] },
        { group: 'Colour', values: ['Red', 'Blue'] },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('4 variations created.');
    const p = made.body.payload;
    // Existing groups and values are found by name (any case): no duplicates of the fixture's.
    expect(
      p.attribute_groups.map((g: { id: number; name: string; values: string[] }) => [g.id, g.name, g.values]),
    ).toEqual([
      [fx.group.size, 'Size', ['S', 'M']],
      [fx.group.colour, 'Colour', ['Red', 'Blue']],
    ]);
    // New combinations follow the product's price (empty: null) until staff give them their own.
    expect(
      p.variations.map((v: { sku: string; price_cents: number | null; stock: number; attributes: unknown[] }) => [
        v.sku,
        v.price_cents,
        v.stock,
        v.attributes,
      ]),
    ).toEqual([
      [
        'VAR-TENT-S-RED',
        null,
        0,
        [
          { group: 'Size', value: 'S' },
          { group: 'Colour', value: 'Red' },
        ],
      ],
      [
        'VAR-TENT-S-BLUE',
        null,
        0,
        [
          { group: 'Size', value: 'S' },
          { group: 'Colour', value: 'Blue' },
        ],
      ],
      [
        'VAR-TENT-M-RED',
        null,
        0,
        [
          { group: 'Size', value: 'M' },
          { group: 'Colour', value: 'Red' },
        ],
      ],
      [
        'VAR-TENT-M-BLUE',
        null,
        0,
        [
          { group: 'Size', value: 'M' },
          { group: 'Colour', value: 'Blue' },
        ],
      ],
    ]);

    const more = await staff.post(`/api/admin/products/${product.id}/variations/generate`, {
      version: 2,
      axes: [
        { group: 'size', values: ['S', 'M', 'XL'] },
        { group: 'colour', values: ['red', 'blue'] },
      ],
    });
    expect(more.body.message).toBe('2 variations created.');
    expect(more.body.payload.variations.map((v: { sku: string }) => v.sku).slice(4)).toEqual([
      'VAR-TENT-XL-RED',
      'VAR-TENT-XL-BLUE',
    ]);

    const other = await staff.post(`/api/admin/products/${product.id}/variations/generate`, {
      version: 3,
      axes: [{ group: 'Material', values: ['Nylon'] }],
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      'This product already varies over other attributes: remove its variations first to vary over these.',
    );

    const [first, second, ...rest] = more.body.payload.variations as { id: number; sku: string }[];
    const saved = await staff.put(`/api/admin/products/${product.id}/variations`, {
      version: 3,
      variations: [{ id: first!.id, sku: 'VAR-TENT-SMALL-RED', price_cents: 11_000, stock: 5, active: true }],
      remove: [second!.id],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload.variations).toHaveLength(5);
    expect(saved.body.payload.variations[0]).toMatchObject({
      sku: 'VAR-TENT-SMALL-RED',
      price_cents: 11_000,
      stock: 5,
    });

    const clash = await staff.put(`/api/admin/products/${product.id}/variations`, {
      version: 4,
      variations: [{ id: rest[0]!.id, sku: 'FX-DOME', price_cents: 1, stock: 1, active: true }],
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.variations).toEqual(['FX-DOME: Another product or variation already has this SKU.']);
    const foreign = await staff.put(`/api/admin/products/${product.id}/variations`, {
      version: 4,
      remove: [fx.p.dome],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe('Every variation must belong to this product.');
  });

  it('refuses more than 200 combinations and repeated values', async () => {
    const product = await create('VAR-BIG');
    const values = (n: number) => Array.from({ length: n }, (_, i) => `V${i}`);
    const big = await staff.post(`/api/admin/products/${product.id}/variations/generate`, {
      version: 1,
      axes: [
        { group: 'A', values: values(15) },
        { group: 'B', values: values(14) },
      ],
    });
    expect(big.status).toBe(422);
    expect(big.body.errors.axes).toEqual(['At most 200 combinations at once.']);
    const twice = await staff.post(`/api/admin/products/${product.id}/variations/generate`, {
      version: 1,
      axes: [{ group: 'Size', values: ['S', 's'] }],
    });
    expect(twice.body.errors['axes.0.values']).toEqual(['Size: each value may be named once.']);
  });
});

describe('images', () => {
  it("keeps the order and the alternative texts, and requires the default language's", async () => {
    const product = await create('IMG-1');
    const missing = await staff.put(`/api/admin/products/${product.id}/images`, {
      version: 1,
      images: [{ url: '/images/fallback.svg', alt: { de: 'Zelt' } }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ images: ['Every image needs an alternative text in English.'] });
    const script = await staff.put(`/api/admin/products/${product.id}/images`, {
      version: 1,
      images: [{ url: 'javascript:alert(1)', alt: { en: 'x' } }],
    });
    expect(script.status).toBe(422);
    const unknown = await staff.put(`/api/admin/products/${product.id}/images`, {
      version: 1,
      images: [{ asset_id: 999_999, alt: { en: 'x' } }],
    });
    expect(unknown.body.message).toBe('An image was not found: upload it again.');

    const saved = await staff.put(`/api/admin/products/${product.id}/images`, {
      version: 1,
      images: [
        { url: 'https://cdn.example.com/b.jpg', alt: { en: 'Back view', de: '' } },
        { url: '/images/fallback.svg', alt: { en: 'Front view', de: 'Vorderansicht' } },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload.images.map((i: { url: string; alt: unknown }) => [i.url, i.alt])).toEqual([
      ['https://cdn.example.com/b.jpg', { en: 'Back view' }],
      ['/images/fallback.svg', { en: 'Front view', de: 'Vorderansicht' }],
    ]);
    // products.image_count follows product_images through the triggers of migration 0012.
    const listed = async () => (await staff.get('/api/admin/products?q=IMG-1')).body.payload.rows[0];
    expect((await listed()).images).toBe(2);
    expect((await staff.put(`/api/admin/products/${product.id}/images`, { version: 2, images: [] })).status).toBe(200);
    expect((await listed()).images).toBe(0);
    expect((await staff.get('/api/admin/products?no_image=1&q=IMG-1')).body.payload.total).toBe(1);
  });
});
