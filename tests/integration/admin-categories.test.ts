/**
 * The staff category tree (ADR 026) on a real database (both engines with TEST_DATABASE_URL):
 * permissions, create, rename per language, slug change with the old address kept for a 301,
 * moves that would make a cycle or a too deep tree refused, reordering, deleting only what is empty.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { categoryTranslations, contentChanges } from '@/server/db/schema/index';
import { getCategoryTree, renamedCategoryPath } from '@/server/services/categories';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'cats');
let fx: FixtureCatalog;
let staff: ApiSession;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  staff = (await h.signedIn('staff')).session;
});

const base = '/api/admin/categories';

describe('who may edit categories', () => {
  it('answers 401 to a guest and 403 to an editor', async () => {
    expect((await createApiSession(api).get(base)).status).toBe(401);
    const editor = (await h.signedIn('editor')).session;
    expect((await editor.post(base, { name: 'X', slug: 'x' })).status).toBe(403);
  });
});

describe('the tree', () => {
  it('lists the tree with product counts', async () => {
    const res = await staff.get(base);
    expect(res.status).toBe(200);
    const outdoor = res.body.payload.find((c: { slug: string }) => c.slug === 'outdoor');
    expect(outdoor.children.map((c: { slug: string }) => c.slug)).toEqual(['tents', 'backpacks']);
    expect(outdoor.children[0].children.map((c: { slug: string; products: number }) => [c.slug, c.products])).toEqual([
      ['dome-tents', 2],
    ]);
  });

  it('creates, renames in German, changes the slug with a 301 for the old one, audited', async () => {
    const made = await staff.post(base, { name: 'Hammocks', slug: 'hammocks', parent_id: fx.cat.outdoor });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.payload.id;
    expect(made.body.payload).toMatchObject({
      parent_id: fx.cat.outdoor,
      slug: 'hammocks',
      position: 3,
      old_slugs: [],
    });
    const de = await staff.put(`${base}/${id}`, { language_id: fx.lang.de, name: 'Hängematten' });
    expect(de.body.payload.texts).toEqual([
      { language_id: fx.lang.en, code: 'en', name: 'Hammocks', own: true },
      { language_id: fx.lang.de, code: 'de', name: 'Hängematten', own: true },
    ]);
    const [translation] = await db().select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
    expect(translation!.name).toBe('Hängematten');
    expect(
      (await getCategoryTree(db(), fx.lang.de)).find((c) => c.slug === 'outdoor')!.subcategories.map((c) => c.name),
    ).toContain('Hängematten');

    const pictured = await staff.put(`${base}/${id}`, { image_url: '/media/abc/640.jpg' });
    expect(pictured.body.payload.image_url).toBe('/media/abc/640.jpg');
    // The storefront's tree carries it at once (the home page's tiles show it).
    expect(
      (await getCategoryTree(db(), fx.lang.en))
        .find((c) => c.slug === 'outdoor')!
        .subcategories.find((c) => c.id === id)!.imageUrl,
    ).toBe('/media/abc/640.jpg');
    await staff.put(`${base}/${id}`, { image_url: null });

    const renamed = await staff.put(`${base}/${id}`, { slug: 'camping-hammocks' });
    expect(renamed.body.payload).toMatchObject({ slug: 'camping-hammocks', old_slugs: ['hammocks'] });
    expect(await renamedCategoryPath(db(), 'hammocks')).toBe('/products/outdoor/camping-hammocks');
    // Renaming the top level moves every address under it.
    await staff.put(`${base}/${fx.cat.outdoor}`, { slug: 'the-outdoors' });
    expect(await renamedCategoryPath(db(), 'outdoor')).toBe('/products/the-outdoors/all');
    expect(await renamedCategoryPath(db(), 'hammocks')).toBe('/products/the-outdoors/camping-hammocks');
    // Taking an old slug back ends its redirect.
    await staff.put(`${base}/${fx.cat.outdoor}`, { slug: 'outdoor' });
    expect(await renamedCategoryPath(db(), 'outdoor')).toBeNull();
    const audit = await db().select().from(contentChanges).where(eq(contentChanges.entity, 'category'));
    expect(audit.filter((a) => a.entityId === String(id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
    ]);
  });

  it('refuses a taken or reserved slug, a cycle and a tree deeper than three levels', async () => {
    expect((await staff.post(base, { name: 'Tents again', slug: 'tents' })).body.errors).toEqual({
      slug: ['Another category already uses this slug.'],
    });
    expect((await staff.post(base, { name: 'All', slug: 'all' })).body.message).toBe(
      'The slug "all" means every category; choose another.',
    );
    const cycle = await staff.put(`${base}/${fx.cat.outdoor}`, { parent_id: fx.cat.domeTents });
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors).toEqual({
      parent_id: ['A category cannot move under itself or one of its subcategories.'],
    });
    const deep = await staff.post(base, { name: 'Too deep', slug: 'too-deep', parent_id: fx.cat.domeTents });
    expect(deep.body.errors).toEqual({ parent_id: ['Categories go at most 3 levels deep.'] });
    const moveTree = await staff.put(`${base}/${fx.cat.tents}`, { parent_id: fx.cat.keyboards });
    expect(moveTree.body.errors).toEqual({ parent_id: ['Categories go at most 3 levels deep.'] });
    const moved = await staff.put(`${base}/${fx.cat.backpacks}`, { parent_id: fx.cat.computers });
    expect(moved.body.payload.parent_id).toBe(fx.cat.computers);
  });

  it('reorders among siblings with up and down', async () => {
    const order = async () => (await staff.get(base)).body.payload.map((c: { slug: string }) => c.slug);
    expect(await order()).toEqual(['outdoor', 'computers']);
    expect((await staff.post(`${base}/${fx.cat.computers}/move`, { direction: 'up' })).status).toBe(200);
    expect(await order()).toEqual(['computers', 'outdoor']);
    // At the edge nothing moves.
    expect((await staff.post(`${base}/${fx.cat.computers}/move`, { direction: 'up' })).status).toBe(200);
    expect(await order()).toEqual(['computers', 'outdoor']);
  });

  it('deletes only an empty category', async () => {
    const withProducts = await staff.delete(`${base}/${fx.cat.keyboards}`);
    expect(withProducts.status).toBe(409);
    expect(withProducts.body.message).toBe('Products are in this category: move them to another category first.');
    expect((await staff.delete(`${base}/${fx.cat.outdoor}`)).body.message).toBe(
      'This category has subcategories: move or delete them first.',
    );
    const empty = await staff.post(base, { name: 'Empty', slug: 'empty-one' });
    expect((await staff.delete(`${base}/${empty.body.payload.id}`)).body.message).toBe('Category deleted.');
    expect((await staff.get(`${base}/${empty.body.payload.id}`)).status).toBe(404);
  });
});
