/**
 * The media library (issue 17, ADR 027) on a real database (both engines with TEST_DATABASE_URL):
 * photos found by name with where they are used, alternative texts per language with the default
 * language's required, and a delete that refuses while a product, a page or a category uses the photo.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { mediaAssets, productImages, staticPages } from '@/server/db/schema/index';
import { storeUpload } from '@/server/media/assets.server';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'library');
let fx: FixtureCatalog;
let editor: ApiSession;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  editor = (await h.signedIn('editor')).session;
});

async function photo(name: string, colour: string) {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return storeUpload(db(), new Uint8Array(bytes), { originalName: name });
}

describe('the media library', () => {
  it('finds photos by name and says where each is used', async () => {
    const tent = await photo('tent-front.png', '#114411');
    const lamp = await photo('lamp.png', '#441111');
    await db().insert(productImages).values({ productId: fx.p.dome, url: tent.url, assetId: tent.id, alt: {} });
    await db()
      .insert(staticPages)
      .values({
        slug: 'tent-days',
        title: 'Tent days',
        content: '',
        layout: 'blocks',
        blocks: [
          { id: 'h', v: 1, type: 'hero', heading: 'Tents', text: '', image: { asset_id: tent.id }, button: null },
        ],
      });
    const found = await editor.get('/api/admin/media/library?q=TENT');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.payload.items).toEqual([
      expect.objectContaining({
        id: tent.id,
        original_name: 'tent-front.png',
        usage: { products: 1, pages: 1, categories: 0 },
      }),
    ]);
    const all = (await editor.get('/api/admin/media/library')).body.payload.items as { id: number; usage: unknown }[];
    expect(all.find((i) => i.id === lamp.id)!.usage).toEqual({ products: 0, pages: 0, categories: 0 });
  });

  it("keeps alternative texts per language and requires the default language's", async () => {
    const map = await photo('map.png', '#111144');
    const missing = await editor.put(`/api/admin/media/${map.id}/alt`, { alt: { de: 'Karte' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'alt.en': ['The alternative text in English is required.'] });
    const saved = await editor.put(`/api/admin/media/${map.id}/alt`, {
      alt: { en: ' Trail map ', de: 'Wanderkarte', xx: '' },
    });
    expect(saved.status).toBe(422);
    expect(saved.body.message).toBe('Unknown language: xx.');
    const ok = await editor.put(`/api/admin/media/${map.id}/alt`, { alt: { en: ' Trail map ', de: 'Wanderkarte' } });
    expect(ok.body.payload).toEqual({ en: 'Trail map', de: 'Wanderkarte' });
    const [row] = await db().select().from(mediaAssets).where(eq(mediaAssets.id, map.id));
    expect(row!.alt).toEqual({ en: 'Trail map', de: 'Wanderkarte' });
  });

  it('refuses to delete a photo in use, and deletes one that is not', async () => {
    const [tent] = await db().select().from(mediaAssets).where(eq(mediaAssets.originalName, 'tent-front.png'));
    const refused = await editor.delete(`/api/admin/media/${tent!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This photo is used by 1 product and 1 page: take it out there first.');
    const unused = await photo('unused.png', '#444444');
    expect((await editor.delete(`/api/admin/media/${unused.id}`)).body.message).toBe('Photo deleted.');
    expect(await db().select().from(mediaAssets).where(eq(mediaAssets.id, unused.id))).toEqual([]);
    expect((await createApiSession(api).get('/api/admin/media/library')).status).toBe(401);
    expect((await (await h.signedIn('customer')).session.delete(`/api/admin/media/${tent!.id}`)).status).toBe(403);
  });
});
