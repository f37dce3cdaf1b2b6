/**
 * products.attribute_ids and products.category_ids (migration 0018, ADR 005): the distinct
 * attribute ids of a product's active variations and its product_categories links, which the
 * catalogue's filters and facet counts read instead of joining variations or hashing category
 * links. Triggers keep them; these tests write through every path (demo seed, bench seed, staff
 * editor, CSV import, plain SQL) and compare the columns with the values recomputed from the
 * tables. Both engines with TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/index';
import { seedBench } from '@/server/db/seed/bench';
import { applyImport } from '@/server/services/catalog-io/apply.server';
import { checkImport } from '@/server/services/catalog-io/check.server';
import { useTestDatabase } from '../helpers/db';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'attribute-ids');
let staff: ApiSession;

beforeAll(async () => {
  staff = (await h.signedIn('staff')).session;
});

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Products whose columns differ from their active variations' attributes or their category links. */
async function outOfSync(d: Db): Promise<{ id: number; stored: string; actual: string }[]> {
  return rowsOf(
    await d.execute(sql`
      select p.id, p.attribute_ids::text || ' ' || p.category_ids::text as stored, x.attrs::text || ' ' || y.cats::text as actual
      from products p cross join lateral (
        select coalesce(array_agg(distinct va.attribute_id order by va.attribute_id), '{}'::int[]) as attrs
        from variations v join variation_attributes va on va.variation_id = v.id
        where v.product_id = p.id and v.active
      ) x cross join lateral (
        select coalesce(array_agg(pc.category_id order by pc.category_id), '{}'::int[]) as cats
        from product_categories pc where pc.product_id = p.id
      ) y
      where p.attribute_ids is distinct from x.attrs or p.category_ids is distinct from y.cats`),
  );
}

async function categoryIdsOf(id: number): Promise<number[]> {
  const [row] = await db().select({ ids: products.categoryIds }).from(products).where(eq(products.id, id));
  return row!.ids.map(Number);
}

async function categoryId(slug: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db().execute(sql`select id from categories where slug = ${slug}`));
  return Number(row!.id);
}

async function attributeIdsOf(id: number): Promise<number[]> {
  const [row] = await db().select({ ids: products.attributeIds }).from(products).where(eq(products.id, id));
  return row!.ids.map(Number);
}

async function attributeId(group: string, value: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db().execute(
      sql`select a.id from attributes a join attribute_groups g on g.id = a.group_id where g.name = ${group} and a.name = ${value}`,
    ),
  );
  return Number(row!.id);
}

describe('products.attribute_ids and category_ids', () => {
  it('matches the variations after the demo seed and the bench seed', async () => {
    expect(await outOfSync(db())).toEqual([]);
    const [demo] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from products where attribute_ids <> '{}'`),
    );
    expect(Number(demo!.n)).toBeGreaterThan(0);
    const [linked] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from products where category_ids = '{}'`),
    );
    expect(Number(linked!.n)).toBe(0); // every demo product is in a category

    await seedBench(db(), 40);
    expect(await outOfSync(db())).toEqual([]);
    const [bench] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from products where sku like 'BENCH-%' and attribute_ids <> '{}'`,
      ),
    );
    expect(Number(bench!.n)).toBeGreaterThan(0); // 2 in 5 bench products vary
  });

  it('follows the staff editor: generated, deactivated and removed variations', async () => {
    const tents = await categoryId('tents');
    const bags = await categoryId('sleeping-bags');
    const created = await staff.post('/api/admin/products', {
      sku: 'ATTR-IDS',
      name: 'Attribute ids tent',
      price_cents: 5_000,
      category_ids: [tents],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.payload.id as number;
    expect(await attributeIdsOf(id)).toEqual([]);
    expect(await categoryIdsOf(id)).toEqual([tents]);
    const moved = await staff.put(`/api/admin/products/${id}`, {
      version: created.body.payload.version,
      category_ids: [bags, tents],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await categoryIdsOf(id)).toEqual([tents, bags].sort((a, b) => a - b));

    const made = await staff.post(`/api/admin/products/${id}/variations/generate`, {
      version: moved.body.payload.version,
      axes: [
        { group: 'Colour', values: ['Sand', 'Orange'] },
        { group: 'Length', values: ['Long'] },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sand = await attributeId('Colour', 'Sand');
    const orange = await attributeId('Colour', 'Orange');
    const long = await attributeId('Length', 'Long');
    expect(await attributeIdsOf(id)).toEqual([sand, orange, long].sort((a, b) => a - b));

    const variations = made.body.payload.variations as {
      id: number;
      sku: string;
      price_cents: number;
      stock: number;
    }[];
    const orangeOne = variations.find((v) => v.sku.includes('ORANGE'))!;
    const off = await staff.put(`/api/admin/products/${id}/variations`, {
      version: made.body.payload.version,
      variations: [
        {
          id: orangeOne.id,
          sku: orangeOne.sku,
          price_cents: orangeOne.price_cents,
          stock: orangeOne.stock,
          active: false,
        },
      ],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await attributeIdsOf(id)).toEqual([sand, long].sort((a, b) => a - b));

    const removed = await staff.put(`/api/admin/products/${id}/variations`, {
      version: off.body.payload.version,
      remove: variations.map((v) => v.id),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await attributeIdsOf(id)).toEqual([]);
    expect(await outOfSync(db())).toEqual([]);
  });

  it('follows the CSV import (an inactive variation does not count)', async () => {
    const csv = [
      'sku,parent_sku,active,name,name:de,description,price,sale_price,stock,categories,attributes,images,image_alt',
      'ATTR-IMP,,yes,Import lamp,Importlampe,,49.00,,0,tents|sleeping-bags,,,',
      'ATTR-IMP-S,ATTR-IMP,yes,,,,49.00,,4,,Colour=Sand,,',
      'ATTR-IMP-O,ATTR-IMP,no,,,,49.00,,2,,Colour=Orange,,',
    ].join('\r\n');
    const state = await checkImport(db(), csv, { fileName: 'attr.csv', createdBy: null });
    await applyImport(db(), state.id, { editor: null });
    const [product] = await db().select({ id: products.id }).from(products).where(eq(products.sku, 'ATTR-IMP'));
    expect(await attributeIdsOf(product!.id)).toEqual([await attributeId('Colour', 'Sand')]);
    expect(await categoryIdsOf(product!.id)).toEqual(
      [await categoryId('tents'), await categoryId('sleeping-bags')].sort((a, b) => a - b),
    );
    expect(await outOfSync(db())).toEqual([]);
  });

  it('follows plain SQL on variations and variation_attributes, and deleted attributes', async () => {
    const [row] = rowsOf<{ id: number; product_id: number }>(
      await db().execute(sql`select v.id, v.product_id from variations v where v.active
        and exists (select 1 from variation_attributes va where va.variation_id = v.id) order by v.id limit 1`),
    );
    const variation = Number(row!.id);
    const product = Number(row!.product_id);
    const [other] = rowsOf<{ id: number }>(
      await db().execute(sql`select id from products where attribute_ids = '{}' and active order by id limit 1`),
    );
    const target = Number(other!.id);

    await db().execute(sql`update variations set stock = stock + 1 where id = ${variation}`); // not a change of attributes
    expect(await outOfSync(db())).toEqual([]);
    await db().execute(sql`update variations set product_id = ${target} where id = ${variation}`);
    expect(await attributeIdsOf(target)).not.toEqual([]);
    expect(await outOfSync(db())).toEqual([]);
    await db().execute(sql`update variation_attributes set attribute_id = ${await attributeId('Colour', 'Orange')}
      where variation_id = ${variation} and attribute_id = (select min(attribute_id) from variation_attributes where variation_id = ${variation})`);
    expect(await outOfSync(db())).toEqual([]);
    await db().execute(sql`update variations set active = false where id = ${variation}`);
    expect(await attributeIdsOf(target)).toEqual([]);
    await db().execute(sql`update variations set active = true, product_id = ${product} where id = ${variation}`);
    await db().execute(sql`delete from variation_attributes where variation_id = ${variation}`);
    expect(await outOfSync(db())).toEqual([]);
    const sand = await attributeId('Colour', 'Sand');
    await db().execute(sql`delete from attributes where id = ${sand}`); // cascades to variation_attributes
    const [left] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from products where ${sand} = any(attribute_ids)`),
    );
    expect(Number(left!.n)).toBe(0);
    expect(await outOfSync(db())).toEqual([]);
  });

  it('follows plain SQL on product_categories and deleted categories', async () => {
    const bags = await categoryId('sleeping-bags');
    const [row] = rowsOf<{ id: number }>(
      await db().execute(
        sql`select product_id as id from product_categories where category_id = ${bags} order by product_id limit 1`,
      ),
    );
    const product = Number(row!.id);
    await db().execute(
      sql`update product_categories set category_id = ${await categoryId('tents')} where product_id = ${product} and category_id = ${bags}`,
    );
    expect(await categoryIdsOf(product)).not.toContain(bags);
    expect(await outOfSync(db())).toEqual([]);
    await db().execute(sql`delete from product_categories where product_id = ${product}`);
    expect(await categoryIdsOf(product)).toEqual([]);
    await db().execute(sql`insert into product_categories (product_id, category_id) values (${product}, ${bags})`);
    expect(await categoryIdsOf(product)).toEqual([bags]);
    await db().execute(sql`delete from categories where id = ${bags}`); // cascades to product_categories
    const [left] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from products where ${bags} = any(category_ids)`),
    );
    expect(Number(left!.n)).toBe(0);
    expect(await outOfSync(db())).toEqual([]);
  });
});
