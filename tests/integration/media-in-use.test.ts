/**
 * Issue 27, "a photo in use can be deleted": a photo counts as in use wherever publishing,
 * restoring or showing something would need it: a page's published blocks, its draft (the home
 * page's too), an earlier version (it can be restored), its sharing photo, a featured tile inside
 * any of those, a product, a category, a featured category. Each kind of use, set up through the
 * real admin API: the delete answers 409 naming where it is used and keeps the photo; once the
 * use is gone the delete answers 200. Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages, mediaAssets, productImages, staticPages } from '@/server/db/schema/index';
import { type MediaAsset, storeUpload } from '@/server/media/assets.server';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'in-use');
let fx: FixtureCatalog;
let admin: ApiSession;
let colours = 0;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  admin = (await h.signedIn('admin')).session;
});

/** A new photo of its own (a new colour: uploads are content-addressed). */
async function photo(): Promise<MediaAsset> {
  const shade = (++colours * 37) % 256;
  const bytes = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 255 - shade, b: (colours * 91) % 256 } },
  })
    .png()
    .toBuffer();
  return storeUpload(db(), new Uint8Array(bytes), { originalName: `use-${colours}.png` });
}

const hero = (heading: string, assetId: number | null) => ({
  id: 'hero',
  v: 1,
  type: 'hero',
  heading,
  text: '',
  image: assetId === null ? null : { asset_id: assetId },
  button: null,
});
/** The featured area: five tiles, the photo on the third. */
const featured = (assetId: number) => ({
  id: 'tiles',
  v: 1,
  type: 'featured',
  heading: '',
  tiles: [0, 1, 2, 3, 4].map((i) => ({
    title: '',
    description: '',
    href: '',
    image: i === 2 ? { asset_id: assetId } : null,
  })),
});

async function blocksPage(slug: string): Promise<(suffix?: string) => string> {
  const [page] = await db().insert(staticPages).values({ slug, title: slug, content: '', published: true }).returning();
  const url = (suffix = '') => `/api/admin/static-pages/${page!.id}${suffix}`;
  expect((await admin.put(url('/blocks'), { layout: 'blocks', blocks: [hero('Start', null)] })).status).toBe(200);
  return url;
}

async function expectInUse(asset: MediaAsset, uses: string) {
  const res = await admin.delete(`/api/admin/media/${asset.id}`);
  expect([res.status, res.body]).toEqual([
    409,
    { status: 'ERROR', code: 'conflict', message: `This photo is used by ${uses}: take it out there first.` },
  ]);
  expect(await db().select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.id, asset.id))).toHaveLength(
    1,
  );
}

async function expectDeleted(asset: MediaAsset) {
  const res = await admin.delete(`/api/admin/media/${asset.id}`);
  expect([res.status, res.body.message]).toEqual([200, 'Photo deleted.']);
}

describe('a photo in use is not deleted', () => {
  it('only in a page draft', async () => {
    const asset = await photo();
    const url = await blocksPage('draft-only');
    expect((await admin.put(url('/draft'), { blocks: [hero('Draft', asset.id)] })).status).toBe(200);
    await expectInUse(asset, 'the draft of 1 page');
    expect((await admin.delete(url('/draft'))).status).toBe(200);
    await expectDeleted(asset);
  });

  it('only in a featured tile of a page draft', async () => {
    const asset = await photo();
    const url = await blocksPage('draft-tiles');
    expect((await admin.put(url('/draft'), { blocks: [featured(asset.id)] })).status).toBe(200);
    await expectInUse(asset, 'the draft of 1 page');
  });

  it('only in the home page’s draft', async () => {
    const asset = await photo();
    const home = await admin.post('/api/admin/home-page');
    expect([200, 201]).toContain(home.status);
    const url = `/api/admin/static-pages/${home.body.payload.id}/draft`;
    expect((await admin.put(url, { blocks: [hero('Welcome', asset.id)] })).status).toBe(200);
    await expectInUse(asset, 'the draft of 1 page');
    expect((await admin.delete(url)).status).toBe(200);
    await expectDeleted(asset);
  });

  it('only in an earlier version of a page (it can be restored)', async () => {
    const asset = await photo();
    const url = await blocksPage('older');
    expect((await admin.put(url('/blocks'), { layout: 'blocks', blocks: [hero('With photo', asset.id)] })).status).toBe(
      200,
    );
    expect((await admin.put(url('/blocks'), { layout: 'blocks', blocks: [hero('Without', null)] })).status).toBe(200);
    await expectInUse(asset, 'an earlier version of 1 page');
    // Restoring that version would have shown a missing image; it still works.
    const versions = (await admin.get(url('/versions'))).body.payload as { version: number }[];
    const withPhoto = versions
      .map((v) => v.version)
      .sort((a, b) => a - b)
      .at(-2)!;
    expect((await admin.post(url(`/versions/${withPhoto}/restore`))).status).toBe(200);
    await expectInUse(asset, '1 page and an earlier version of 1 page');
  });

  it('on a published page and as its sharing photo', async () => {
    const asset = await photo();
    const url = await blocksPage('published');
    expect((await admin.put(url('/blocks'), { layout: 'blocks', blocks: [hero('Live', asset.id)] })).status).toBe(200);
    const sharing = await photo();
    expect((await admin.put(url('/seo'), { og_asset_id: sharing.id })).status).toBe(200);
    await expectInUse(asset, '1 page and an earlier version of 1 page');
    await expectInUse(sharing, 'the sharing photo of 1 page');
    expect((await admin.put(url('/seo'), { og_asset_id: null })).status).toBe(200);
    await expectDeleted(sharing);
  });

  it('on a product, a category and a featured category', async () => {
    const asset = await photo();
    await db().insert(productImages).values({ productId: fx.p.dome, url: asset.url, assetId: asset.id, alt: {} });
    await expectInUse(asset, '1 product');
    const category = await photo();
    expect((await admin.put(`/api/admin/categories/${fx.cat.tents}`, { image_url: category.url })).status).toBe(200);
    await expectInUse(category, '1 category');
    const tile = await photo();
    const made = await admin.post('/api/admin/featured-categories', {
      title: 'Tents',
      image_url: tile.url,
      url: '/products/all',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await expectInUse(tile, '1 featured category');
    expect(
      (await admin.put(`/api/admin/featured-categories/${made.body.payload.id}`, { image_url: '/images/fallback.svg' }))
        .status,
    ).toBe(200);
    await expectDeleted(tile);
  });

  it('names every place at once, in the admin’s language', async () => {
    const asset = await photo();
    await db().insert(productImages).values({ productId: fx.p.dome, url: asset.url, assetId: asset.id, alt: {} });
    const url = await blocksPage('everywhere');
    expect((await admin.put(url('/draft'), { blocks: [hero('Draft', asset.id)] })).status).toBe(200);
    expect((await admin.put(url('/seo'), { og_asset_id: asset.id })).status).toBe(200);
    await expectInUse(asset, '1 product and the draft of 1 page and the sharing photo of 1 page');
    const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
    admin.cookies.set(LANGUAGE_COOKIE, String(de!.id));
    try {
      const res = await admin.delete(`/api/admin/media/${asset.id}`);
      expect(res.body.message).toBe(
        'Dieses Foto wird von 1 Produkt und dem Entwurf von 1 Seite und dem Teilen-Foto von 1 Seite verwendet: Nehmen Sie es dort zuerst heraus.',
      );
    } finally {
      admin.cookies.delete(LANGUAGE_COOKIE);
    }
    // The library's summary counts the page once, whatever holds it there.
    const listed = (await admin.get('/api/admin/media/library')).body.payload.items as { id: number; usage: unknown }[];
    expect(listed.find((i) => i.id === asset.id)!.usage).toEqual({ products: 1, pages: 1, categories: 0 });
  });
});
