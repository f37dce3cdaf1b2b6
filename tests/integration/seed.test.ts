import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@/server/db/client';
import { orderItems, orders, settings, users } from '@/server/db/schema/index';
import { readMessages } from '@/server/db/seed/i18n';
import {
  DEMO_CUSTOMER,
  DEMO_EDITOR,
  DEMO_STAFF,
  generatedLoginsNotice,
  seedDemo,
  seedIfEmpty,
} from '@/server/db/seed/index';
import { useDatabase } from '@/server/runtime';
import { mediaStorage } from '@/server/media/media-storage.server';
import { GET } from '@/pages/images/[...path]';
import { createTestDatabase } from '../helpers/db';

async function image(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://shop.test/images/${path}`, { headers });
  return (await GET({ params: { path }, request, locals: { user: null } } as never)) as Response;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
async function one(db: Db, query: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql.raw(query));
  return Number(row?.n ?? 0);
}

const TABLES = [
  'languages',
  'localizations',
  'currencies',
  'countries',
  'shipping_zones',
  'shipping_rates',
  'settings',
  'static_pages',
  'faqs',
  'social_links',
  'featured_categories',
  'categories',
  'category_translations',
  'products',
  'product_translations',
  'product_images',
  'variations',
  'variation_attributes',
  'reviews',
  'promo_codes',
  'users',
  'orders',
  'order_items',
];
const countAll = async (db: Db) =>
  Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, await one(db, `select count(*) as n from ${t}`)] as const)),
  );

describe('demo seed', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: 'none' });
    db = database.db;
    // Its time is the start-up benchmark's business (bench/), not a test's.
    await seedDemo(db);
  }, 120_000);
  afterAll(() => database?.close());

  it('numbers its orders with the one order-number scheme of checkout (issue 29), each number once', async () => {
    const rows = await db.select({ orderNr: orders.orderNr, createdAt: orders.createdAt }).from(orders);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const day = row.createdAt.toISOString().slice(2, 10).replaceAll('-', '');
      expect(row.orderNr).toMatch(new RegExp(`^${day}-\\d{6}$`));
    }
    expect(new Set(rows.map((r) => r.orderNr)).size).toBe(rows.length);
  });

  it('has the counts the shop needs', async () => {
    expect(await one(db, 'select count(*) as n from products')).toBeGreaterThanOrEqual(300);
    expect(await one(db, 'select count(*) as n from categories where parent_id is not null')).toBeGreaterThanOrEqual(
      30,
    );
    expect(await one(db, 'select count(*) as n from languages')).toBe(3);
    // EUR, USD, GBP offered; JPY (no minor unit, ADR 034) kept off.
    expect(await one(db, 'select count(*) as n from currencies')).toBe(4);
    expect(await one(db, 'select count(*) as n from currencies where enabled')).toBe(3);
    expect(
      await one(db, "select count(*) as n from currencies where code = 'JPY' and not enabled and rounding = 'whole'"),
    ).toBe(1);
    expect(await one(db, 'select count(*) as n from countries')).toBeGreaterThanOrEqual(40);
    expect(await one(db, 'select count(*) as n from countries where not served')).toBe(5);
    expect(await one(db, 'select count(*) as n from faqs')).toBeGreaterThanOrEqual(8);
    expect(await one(db, 'select count(*) as n from faqs where is_popular')).toBeGreaterThanOrEqual(1);
    expect(await one(db, 'select count(*) as n from featured_categories')).toBe(5);
    expect(await one(db, 'select count(*) as n from shipping_zones')).toBe(4);
    expect(await one(db, 'select count(*) as n from static_pages where is_terms or is_privacy or is_cookie')).toBe(3);
  });

  it('has one default language (en) and one default currency (EUR)', async () => {
    expect(await rows(db, sql`select code from languages where is_default`)).toEqual([{ code: 'en' }]);
    expect(await rows(db, sql`select code from currencies where is_default`)).toEqual([{ code: 'EUR' }]);
  });

  it('links the featured tiles to the top-level categories', async () => {
    const tiles = await rows<{ url: string; image_url: string; slug: string | null }>(
      db,
      sql`select f.url, f.image_url, c.slug from featured_categories f
          left join categories c on f.url = '/products/' || c.slug || '/all' and c.parent_id is null
          order by f.position`,
    );
    expect(tiles.map((t) => t.slug)).toEqual([
      'outdoor-adventure',
      'sports-equipment',
      'fitness-essentials',
      'apparel-and-footwear',
      'accessories-and-tech',
    ]);
    for (const tile of tiles) expect(tile.image_url).toMatch(/^\/images\/categories\/[a-z-]+\.svg/);
  });

  it('translates the whole category tree into de and fr', async () => {
    expect(
      await one(
        db,
        `select count(*) as n from categories c cross join languages l where l.code in ('de','fr')
        and not exists (select 1 from category_translations t where t.category_id = c.id and t.language_id = l.id)`,
      ),
    ).toBe(0);
  });

  it('gives every product an image, a category and a description in the spec shape', async () => {
    expect(
      await one(
        db,
        'select count(*) as n from products p where not exists (select 1 from product_images i where i.product_id = p.id)',
      ),
    ).toBe(0);
    expect(
      await one(db, 'select max(c) as n from (select count(*) c from product_images group by product_id) x'),
    ).toBeLessThanOrEqual(4);
    expect(
      await one(
        db,
        'select count(*) as n from products p where not exists (select 1 from product_categories c where c.product_id = p.id)',
      ),
    ).toBe(0);
    expect(
      await one(
        db,
        `select count(*) as n from products where description not like '<p>%</p>%<ul>%</ul>%'
        or description not like '%<p>Important information: %'`,
      ),
    ).toBe(0);
    expect(
      await one(
        db,
        "select count(*) as n from product_images where url not like '/images/products/%/%.svg%' and url not like '/media/%'",
      ),
    ).toBe(0);
  });

  it('ships a handful of real photos through the upload pipeline, with alternative texts in every language', async () => {
    const photos = await rows<{
      product_id: number;
      url: string;
      hash: string;
      mime: string;
      width: number;
      height: number;
      alt: Record<string, string>;
    }>(
      db,
      sql`select i.product_id, i.url, a.hash, a.mime, a.width, a.height, i.alt from product_images i join media_assets a on a.id = i.asset_id order by i.product_id, i.position`,
    );
    expect(photos.length).toBe(6);
    expect(new Set(photos.map((p) => p.product_id)).size).toBe(5);
    for (const photo of photos) {
      expect(photo).toMatchObject({
        mime: 'image/jpeg',
        width: 1600,
        height: 1200,
        url: `/media/${photo.hash}/1280.jpg`,
      });
      expect(Object.keys(photo.alt).sort()).toEqual(['de', 'en', 'fr']);
      expect(await mediaStorage().has(`originals/${photo.hash}.jpg`)).toBe(true);
    }
    // Those products show only their photos; the others keep the drawings.
    expect(
      await one(db, "select count(*) as n from product_images where asset_id is null and url like '/media/%'"),
    ).toBe(0);
  });

  it('puts at least 15% on sale with consistent prices', async () => {
    const total = await one(db, 'select count(*) as n from products');
    const sale = await one(db, 'select count(*) as n from products where old_price_cents > 0');
    expect(sale / total).toBeGreaterThanOrEqual(0.15);
    expect(
      await one(db, 'select count(*) as n from products where old_price_cents > 0 and old_price_cents <= price_cents'),
    ).toBe(0);
    expect(
      await one(
        db,
        `select count(*) as n from products where (old_price_cents = 0) <> (discount_percent = 0)
        or (old_price_cents > 0 and discount_percent <> round((old_price_cents - price_cents) * 100.0 / old_price_cents))`,
      ),
    ).toBe(0);
  });

  it('has top, new, out-of-stock and low-stock products', async () => {
    expect(await one(db, 'select count(*) as n from products where is_top')).toBeGreaterThan(0);
    expect(await one(db, 'select count(*) as n from products where is_new')).toBeGreaterThan(0);
    expect(await one(db, 'select count(*) as n from products where stock = 0')).toBeGreaterThan(0);
    expect(await one(db, 'select count(*) as n from products where stock between 1 and 3')).toBeGreaterThan(0);
  });

  it('gives at least 40% of products variations, each matching its product groups', async () => {
    const total = await one(db, 'select count(*) as n from products');
    const varied = await one(db, 'select count(distinct product_id) as n from variations');
    expect(varied / total).toBeGreaterThanOrEqual(0.4);
    // every variation attribute belongs to one of its product's attribute groups
    expect(
      await one(
        db,
        `select count(*) as n from variation_attributes va
        join variations v on v.id = va.variation_id
        join attributes a on a.id = va.attribute_id
        where not exists (select 1 from product_attribute_groups g where g.product_id = v.product_id and g.group_id = a.group_id)`,
      ),
    ).toBe(0);
    // and has exactly one attribute per group
    expect(
      await one(
        db,
        `select count(*) as n from variations v where
        (select count(*) from variation_attributes va where va.variation_id = v.id) <>
        (select count(*) from product_attribute_groups g where g.product_id = v.product_id)`,
      ),
    ).toBe(0);
    // some multi-group products leave combinations out, so the picker has options to disable
    expect(
      await one(
        db,
        `select count(*) as n from (
        select g.product_id from product_attribute_groups g group by g.product_id having count(*) >= 2) multi
        where (select count(*) from variations v where v.product_id = multi.product_id) <
          (select exp(sum(ln(cnt)))::int from (
            select count(distinct va.attribute_id) cnt from variations v
            join variation_attributes va on va.variation_id = v.id
            join attributes a on a.id = va.attribute_id
            where v.product_id = multi.product_id group by a.group_id) per_group)`,
      ),
    ).toBeGreaterThan(10);
  });

  it('translates at least 50 products into de and fr', async () => {
    expect(
      await one(
        db,
        "select count(distinct product_id) as n from product_translations t join languages l on l.id = t.language_id where l.code = 'de'",
      ),
    ).toBeGreaterThanOrEqual(50);
    expect(
      await one(
        db,
        "select count(distinct product_id) as n from product_translations t join languages l on l.id = t.language_id where l.code = 'fr'",
      ),
    ).toBeGreaterThanOrEqual(50);
  });

  it('seeds the UI messages from src/i18n/messages', async () => {
    for (const code of ['en', 'de', 'fr']) {
      const expected = Object.keys(readMessages(code)).length;
      const n = await one(
        db,
        `select count(*) as n from localizations z join languages l on l.id = z.language_id where l.code = '${code}'`,
      );
      expect(n).toBe(expected);
    }
  });

  it('has every settings field filled', async () => {
    const [row] = await db.select().from(settings).where(eq(settings.id, 1));
    expect(row).toBeDefined();
    // Empty means "off" for these: the demo sends no staff mails (they would land in every
    // test's mailbox) and staff mails use the shop's default language.
    const emptyMeansOff = new Set(['staffMailTo', 'staffMailLanguage']);
    for (const [key, value] of Object.entries(row!)) {
      if (typeof value === 'string' && !emptyMeansOff.has(key)) expect(value, key).not.toBe('');
    }
    expect(row!.staffMailTo).toBe('');
    // The demo shop is in the Netherlands under the OSS (ADR 030): the Dutch 21 %.
    expect(row!.vatPercent).toMatch(/^21(\.0+)?$/);
    expect(row!.usesOss).toBe(true);
    expect(row!.isRegEnabled).toBe(true);
    expect(row!.minTopUpAmountCents).toBeGreaterThan(0);
  });

  it('has the promo codes the checkout is tested with', async () => {
    const codes = await rows<{
      code: string;
      discount_type: string;
      applies_to_delivery: boolean;
      expired: boolean;
      used_up: boolean;
      per_customer_limit: number | null;
      first_order_only: boolean;
    }>(
      db,
      sql`select code, discount_type, applies_to_delivery, coalesce(valid_to < now(), false) as expired,
            coalesce(used_count >= usage_limit, false) as used_up, per_customer_limit, first_order_only from promo_codes order by code`,
    );
    // Issue 13: SAVE10 once per customer, WELCOME5 ("for new customers") on a first order only.
    expect(codes.find((c) => c.code === 'SAVE10')).toMatchObject({
      per_customer_limit: 1,
      first_order_only: false,
      used_up: false,
    });
    expect(codes.find((c) => c.code === 'WELCOME5')).toMatchObject({
      per_customer_limit: null,
      first_order_only: true,
      used_up: false,
      expired: false,
    });
    expect(codes.find((c) => c.code === 'SAVE10')?.discount_type).toBe('fixed');
    expect(codes.find((c) => c.code === 'SPRING15')?.discount_type).toBe('percent');
    expect(codes.some((c) => c.applies_to_delivery)).toBe(true);
    expect(codes.some((c) => c.expired)).toBe(true);
    expect(codes.some((c) => c.used_up)).toBe(true);
  });

  it('has a verified demo customer and an editor whose passwords verify', async () => {
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customer?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(customer?.countryId).not.toBeNull();
    expect(customer?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(customer!.passwordHash, DEMO_CUSTOMER.password)).toBe(true);
    expect(await verify(customer!.passwordHash, 'wrong')).toBe(false);
    const [editor] = await db.select().from(users).where(eq(users.email, DEMO_EDITOR.email));
    expect(editor?.role).toBe('editor');
    expect(await verify(editor!.passwordHash, DEMO_EDITOR.password)).toBe(true);
  });

  it('gives the demo customer orders in every status with consistent amounts', async () => {
    const list = await db.select().from(orders);
    expect(new Set(list.map((o) => o.status))).toEqual(new Set(['Pending', 'Success', 'Error', 'Failed']));
    for (const order of list) {
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(items.length).toBeGreaterThan(0);
      expect(order.cartTotalCents).toBe(items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0));
      expect(order.finalCents).toBe(order.cartTotalCents + (order.deliveryCostCents ?? 0) - order.discountCents);
      expect(order.vatCents).toBe(Math.round((order.finalCents * 20) / 120));
      for (const item of items) {
        expect(item.name).not.toBe('');
        expect(item.imageUrl).toMatch(/^\/images\/products\//);
        expect(item.categoryName).toBeTruthy();
        expect(Array.isArray(item.variationAttributes)).toBe(true);
      }
    }
  });

  it('serves the generated images the seed links to', async () => {
    useDatabase(database);
    const [first] = await rows<{ url: string }>(db, sql`select url from product_images order by id limit 1`);
    const path = first!.url.replace(/^\/images\//, '').replace(/\?.*$/, '');
    const response = await image(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await response.text()).toMatch(/^<svg [\s\S]*<\/svg>$/);
    expect((await image(path, { 'if-none-match': etag })).status).toBe(304);

    const [tile] = await rows<{ image_url: string }>(
      db,
      sql`select image_url from featured_categories order by position limit 1`,
    );
    expect((await image(tile!.image_url.replace(/^\/images\//, '').replace(/\?.*$/, ''))).status).toBe(200);
    expect((await image('fallback.svg')).status).toBe(200);
    expect((await image('products/99999999/1.svg')).status).toBe(404);
    expect((await image('categories/no-such-category.svg')).status).toBe(404);
    expect((await image('products/1/../../etc.svg')).status).toBe(404);
  });

  it('seedIfEmpty leaves a seeded database alone', async () => {
    const before = await countAll(db);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await countAll(db)).toEqual(before);
  });
});

describe('seedIfEmpty', () => {
  it('seeds an empty database once, even when called concurrently', async () => {
    const database = await createTestDatabase({ seed: 'none' });
    try {
      const results = await Promise.all([seedIfEmpty(database.db), seedIfEmpty(database.db)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await one(database.db, 'select count(*) as n from languages')).toBe(3);
      expect(await seedIfEmpty(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('demo accounts of a production seed (generated passwords)', () => {
  it('gives the editor, the staff member and the demo customer fresh random passwords, never the published ones', async () => {
    const database = await createTestDatabase({ seed: 'none' });
    try {
      const report = await seedIfEmpty(database.db, { passwords: 'generated' });
      expect(report).not.toBe(false);
      const generated = report ? report.generated : [];
      expect(generated.map((g) => [g.role, g.email])).toEqual([
        ['editor', DEMO_EDITOR.email],
        ['staff', DEMO_STAFF.email],
        ['customer', DEMO_CUSTOMER.email],
      ]);
      const [editorLogin, staffLogin, customerLogin] = generated;
      expect(editorLogin!.password).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);
      expect(editorLogin!.password).not.toBe(customerLogin!.password);
      for (const login of generated) {
        const [row] = await database.db.select().from(users).where(eq(users.email, login.email));
        expect(await verify(row!.passwordHash, login.password)).toBe(true);
        expect(await verify(row!.passwordHash, DEMO_EDITOR.password)).toBe(false);
        expect(await verify(row!.passwordHash, DEMO_CUSTOMER.password)).toBe(false);
        expect(await verify(row!.passwordHash, DEMO_STAFF.password)).toBe(false);
      }
      const notice = generatedLoginsNotice(generated);
      expect(notice).toContain(`editor    ${DEMO_EDITOR.email.padEnd(20)}  ${editorLogin!.password}`);
      expect(notice).toContain(`customer  ${DEMO_CUSTOMER.email.padEnd(20)}  ${customerLogin!.password}`);
      expect(notice).toContain(`staff     ${DEMO_STAFF.email.padEnd(20)}  ${staffLogin!.password}`);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('the published seed reports no generated logins', async () => {
    const database = await createTestDatabase({ seed: 'none' });
    try {
      expect(await seedDemo(database.db, { passwords: 'published' })).toEqual({ generated: [] });
    } finally {
      await database.close();
    }
  }, 120_000);
});
