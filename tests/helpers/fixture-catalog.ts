/**
 * A small deterministic catalogue for the product API tests, inserted into a `seed:'none'`
 * database. Every number here is chosen so tests can assert exact rows and order:
 *
 * key        name                      EUR     old    disc top new stock category    age(d) variations
 * dome       Alpine Dome Tent          199.99  249.99 20   x   x   7     Dome Tents  1      Red/S, Blue/M
 * tunnel     Trail Tunnel Tent         149.99                  x   0     Tents       2      Green/L (stock 0)
 * summit     Summit Backpack 40L        89.99   99.99 10   x       3     Backpacks   3      Red/M, Red/L, Blue/M inactive
 * ultra      Ultralight Backpack 20L    89.99                  x   12    Backpacks   4      -
 * mech       Mechanical Keyboard       129.99          x           20    Keyboards   5      Blue, Green
 * wireless   Wireless Keyboard          49.99   59.99 17           9     Keyboards   6      -
 * lantern    Camping Lantern            10.00                  x   30    Outdoor     7      -
 * inactive   Inactive Tent               9.99   19.99 50   x   x   5     Tents       0      (active = false)
 * mouse      Gaming Mouse               39.99          x           5     Computers   8      -
 * footprint  Dome Tent Footprint        24.99                      15    Dome Tents  9      -
 * poles      Trekking Poles             89.99                      4     Outdoor,Tents 10    -
 *
 * Products link only to the categories listed (no ancestor links), so descendant filtering is
 * tested for real. USD is 1.0835 per EUR (10.00 EUR → 10.835 → 10.84 USD, half-up).
 */
import { invalidateShopBasics } from '@/server/services/request-context';
import { invalidateCatalogMeta } from '@/server/services/catalog/meta';
import { invalidateVocabulary } from '@/server/services/catalog/search';
import type { Db } from '@/server/db/client';
import {
  attributeGroups,
  attributes,
  categories,
  categoryTranslations,
  currencies,
  languages,
  orderItems,
  orders,
  productCategories,
  productImages,
  products,
  productTranslations,
  reviews,
  variationAttributes,
  variations,
} from '@/server/db/schema/index';

export const USD_RATE = '1.0835';

type ProductKey =
  | 'dome'
  | 'tunnel'
  | 'summit'
  | 'ultra'
  | 'mech'
  | 'wireless'
  | 'lantern'
  | 'inactive'
  | 'mouse'
  | 'footprint'
  | 'poles';
type CategoryKey = 'outdoor' | 'tents' | 'domeTents' | 'backpacks' | 'computers' | 'keyboards';
type AttrKey = 'red' | 'blue' | 'green' | 's' | 'm' | 'l';

export interface FixtureCatalog {
  lang: { en: number; de: number };
  p: Record<ProductKey, number>;
  cat: Record<CategoryKey, number>;
  attr: Record<AttrKey, number>;
  group: { colour: number; size: number };
  /** product id → key, to turn API rows back into readable keys */
  keyOf: (id: number) => string;
}

const DAY = 86_400_000;
const ago = (days: number, now: number) => new Date(now - days * DAY);

export async function insertFixtureCatalog(db: Db): Promise<FixtureCatalog> {
  const now = Date.now();
  const langRows = await db
    .insert(languages)
    .values([
      { code: 'en', title: 'English', isDefault: true, position: 0 },
      { code: 'de', title: 'Deutsch', position: 1 },
    ])
    .returning();
  const lang = { en: langRows[0]!.id, de: langRows[1]!.id };
  await db.insert(currencies).values([
    { code: 'EUR', symbol: '€', value: '1', isDefault: true, position: 0 },
    { code: 'USD', symbol: '$', value: USD_RATE, position: 1 },
    { code: 'GBP', symbol: '£', value: '0.85', position: 2 },
  ]);

  const [outdoor, computers] = await db
    .insert(categories)
    .values([
      { slug: 'outdoor', name: 'Outdoor', position: 1 },
      { slug: 'computers', name: 'Computers', position: 2 },
    ])
    .returning();
  const [tents, backpacks, keyboards] = await db
    .insert(categories)
    .values([
      { slug: 'tents', name: 'Tents', parentId: outdoor!.id, position: 1 },
      { slug: 'backpacks', name: 'Backpacks', parentId: outdoor!.id, position: 2 },
      { slug: 'keyboards', name: 'Keyboards', parentId: computers!.id, position: 1 },
    ])
    .returning();
  const [domeTents] = await db
    .insert(categories)
    .values([{ slug: 'dome-tents', name: 'Dome Tents', parentId: tents!.id }])
    .returning();
  const cat: FixtureCatalog['cat'] = {
    outdoor: outdoor!.id,
    tents: tents!.id,
    domeTents: domeTents!.id,
    backpacks: backpacks!.id,
    computers: computers!.id,
    keyboards: keyboards!.id,
  };
  await db.insert(categoryTranslations).values([
    { categoryId: cat.outdoor, languageId: lang.de, name: 'Outdoor-Abenteuer' },
    { categoryId: cat.tents, languageId: lang.de, name: 'Zelte' },
  ]);

  const [colour, size] = await db
    .insert(attributeGroups)
    .values([
      { name: 'Colour', position: 0 },
      { name: 'Size', position: 1 },
    ])
    .returning();
  const attrRows = await db
    .insert(attributes)
    .values([
      { groupId: colour!.id, name: 'Red', position: 0 },
      { groupId: colour!.id, name: 'Blue', position: 1 },
      { groupId: colour!.id, name: 'Green', position: 2 },
      { groupId: size!.id, name: 'S', position: 0 },
      { groupId: size!.id, name: 'M', position: 1 },
      { groupId: size!.id, name: 'L', position: 2 },
    ])
    .returning();
  const [red, blue, green, s, m, l] = attrRows.map((a) => a.id) as [number, number, number, number, number, number];
  const attr = { red, blue, green, s, m, l };

  const specs: {
    key: ProductKey;
    name: string;
    description: string;
    price: number;
    old?: number;
    disc?: number;
    top?: boolean;
    isNew?: boolean;
    stock: number;
    cats: CategoryKey[];
    age: number;
    active?: boolean;
  }[] = [
    {
      key: 'dome',
      name: 'Alpine Dome Tent',
      description: '<p>A sturdy dome tent for two.</p><script>alert(1)</script>',
      price: 19999,
      old: 24999,
      disc: 20,
      top: true,
      isNew: true,
      stock: 7,
      cats: ['domeTents'],
      age: 1,
    },
    {
      key: 'tunnel',
      name: 'Trail Tunnel Tent',
      description: '<p>Roomy tunnel shelter.</p>',
      price: 14999,
      isNew: true,
      stock: 0,
      cats: ['tents'],
      age: 2,
    },
    {
      key: 'summit',
      name: 'Summit Backpack 40L',
      description: '<p>Pack for long hikes.</p>',
      price: 8999,
      old: 9999,
      disc: 10,
      top: true,
      stock: 3,
      cats: ['backpacks'],
      age: 3,
    },
    {
      key: 'ultra',
      name: 'Ultralight Backpack 20L',
      description: '<p>Light daypack.</p>',
      price: 8999,
      isNew: true,
      stock: 12,
      cats: ['backpacks'],
      age: 4,
    },
    {
      key: 'mech',
      name: 'Mechanical Keyboard',
      description: '<p>Clicky switches.</p>',
      price: 12999,
      top: true,
      stock: 20,
      cats: ['keyboards'],
      age: 5,
    },
    {
      key: 'wireless',
      name: 'Wireless Keyboard',
      description: '<p>Bluetooth typing.</p>',
      price: 4999,
      old: 5999,
      disc: 17,
      stock: 9,
      cats: ['keyboards'],
      age: 6,
    },
    {
      key: 'lantern',
      name: 'Camping Lantern',
      description: '<p>Bright light for the campsite.</p>',
      price: 1000,
      isNew: true,
      stock: 30,
      cats: ['outdoor'],
      age: 7,
    },
    {
      key: 'inactive',
      name: 'Inactive Tent',
      description: '<p>Withdrawn tent.</p>',
      price: 999,
      old: 1999,
      disc: 50,
      top: true,
      isNew: true,
      stock: 5,
      cats: ['tents'],
      age: 0,
      active: false,
    },
    {
      key: 'mouse',
      name: 'Gaming Mouse',
      description: '<p>Fast sensor.</p>',
      price: 3999,
      top: true,
      stock: 5,
      cats: ['computers'],
      age: 8,
    },
    {
      key: 'footprint',
      name: 'Dome Tent Footprint',
      description: '<p>Protects the floor of your shelter.</p>',
      price: 2499,
      stock: 15,
      cats: ['domeTents'],
      age: 9,
    },
    {
      key: 'poles',
      name: 'Trekking Poles',
      description: '<p>Carbon poles.</p>',
      price: 8999,
      stock: 4,
      cats: ['outdoor', 'tents'],
      age: 10,
    },
  ];
  const p = {} as Record<ProductKey, number>;
  for (const spec of specs) {
    const [row] = await db
      .insert(products)
      .values({
        sku: `FX-${spec.key.toUpperCase()}`,
        slug: spec.key,
        name: spec.name,
        description: spec.description,
        priceCents: spec.price,
        oldPriceCents: spec.old ?? 0,
        discountPercent: spec.disc ?? 0,
        isTop: spec.top ?? false,
        isNew: spec.isNew ?? false,
        stock: spec.stock,
        active: spec.active ?? true,
        createdAt: ago(spec.age, now),
        updatedAt: ago(spec.age, now),
      })
      .returning();
    p[spec.key] = row!.id;
    await db.insert(productCategories).values(spec.cats.map((c) => ({ productId: row!.id, categoryId: cat[c] })));
  }
  await db.insert(productTranslations).values([
    {
      productId: p.dome,
      languageId: lang.de,
      name: 'Alpine Kuppelzelt',
      description: '<p>Ein stabiles Kuppelzelt für zwei.</p>',
    },
    { productId: p.tunnel, languageId: lang.de, name: 'Trail Tunnelzelt', description: '' },
  ]);
  await db.insert(productImages).values([
    { productId: p.dome, url: '/images/products/dome/2.svg', position: 1 },
    { productId: p.dome, url: '/images/products/dome/1.svg', position: 0 },
  ]);

  const variationSpecs: {
    key: ProductKey;
    sku: string;
    price: number;
    stock: number;
    attrs: number[];
    active?: boolean;
  }[] = [
    { key: 'dome', sku: 'FX-DOME-RS', price: 19999, stock: 3, attrs: [s, red] },
    { key: 'dome', sku: 'FX-DOME-BM', price: 20999, stock: 4, attrs: [blue, m] },
    { key: 'tunnel', sku: 'FX-TUNNEL-GL', price: 14999, stock: 0, attrs: [green, l] },
    { key: 'summit', sku: 'FX-SUMMIT-RM', price: 8999, stock: 2, attrs: [red, m] },
    { key: 'summit', sku: 'FX-SUMMIT-RL', price: 8999, stock: 1, attrs: [red, l] },
    { key: 'summit', sku: 'FX-SUMMIT-BM', price: 8999, stock: 9, attrs: [blue, m], active: false },
    { key: 'mech', sku: 'FX-MECH-B', price: 12999, stock: 10, attrs: [blue] },
    { key: 'mech', sku: 'FX-MECH-G', price: 13999, stock: 10, attrs: [green] },
  ];
  for (const v of variationSpecs) {
    const [row] = await db
      .insert(variations)
      // A variation at its product's price follows the product (an empty price, as migration 0022 stores it).
      .values({
        productId: p[v.key],
        sku: v.sku,
        priceCents: v.price === specs.find((s) => s.key === v.key)!.price ? null : v.price,
        stock: v.stock,
        active: v.active ?? true,
      })
      .returning();
    await db.insert(variationAttributes).values(v.attrs.map((a) => ({ variationId: row!.id, attributeId: a })));
  }

  await db.insert(reviews).values([
    { productId: p.dome, authorName: 'Anna', rating: 5 },
    { productId: p.dome, authorName: 'Ben', rating: 4 },
    { productId: p.summit, authorName: 'Cleo', rating: 3 },
  ]);

  // Trending: wireless 3 units, tunnel 2, mech 2; failed, old and inactive-product orders do not count.
  const order = async (
    nr: string,
    status: 'Pending' | 'Success' | 'Failed' | 'Error',
    days: number,
    items: [ProductKey, number][],
  ) => {
    const [o] = await db
      .insert(orders)
      .values({
        orderNr: nr,
        status,
        paymentMethod: 'card',
        name: 'Test',
        surname: 'Buyer',
        email: 'buyer@example.com',
        phone: '+491234567',
        countryName: 'Germany',
        city: 'Berlin',
        address: 'Street 1',
        postCode: '10115',
        currency: 'EUR',
        currencyRate: '1',
        cartTotalCents: 100,
        vatCents: 0,
        vatPercent: '0',
        finalCents: 100,
        convertedFinalCents: 100,
        createdAt: ago(days, now),
      })
      .returning();
    await db.insert(orderItems).values(
      items.map(([key, quantity]) => ({
        orderId: o!.id,
        productId: p[key],
        sku: key,
        name: key,
        priceCents: 100,
        quantity,
      })),
    );
  };
  await order('FX-1', 'Success', 2, [
    ['wireless', 3],
    ['tunnel', 1],
  ]);
  await order('FX-2', 'Pending', 5, [
    ['tunnel', 1],
    ['mech', 2],
  ]);
  await order('FX-3', 'Failed', 1, [['footprint', 50]]);
  await order('FX-4', 'Error', 1, [['lantern', 40]]);
  await order('FX-5', 'Success', 40, [['mouse', 100]]);
  await order('FX-6', 'Success', 1, [['inactive', 10]]);

  invalidateShopBasics(db);
  invalidateCatalogMeta(db);
  invalidateVocabulary(db);
  const keys = new Map(Object.entries(p).map(([k, id]) => [id, k]));
  return {
    lang,
    p,
    cat,
    attr,
    group: { colour: colour!.id, size: size!.id },
    keyOf: (id) => keys.get(id) ?? `#${id}`,
  };
}
