/**
 * Variants of uploaded photos (ADR 026): /media/{hash}/{width|og}.{avif|webp|jpg} made on first
 * request (one encode for concurrent first requests), stored, served immutable; only the fixed
 * widths exist. The same pipeline over an S3 bucket (a local fake: no MinIO in npm or Debian).
 * And the catalogue's product images: the photos' sizes and alternative texts per language.
 * Both engines (TEST_DATABASE_URL).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/pages/media/[...path]';
import { createApi } from '@/server/api/app';
import { languages, productImages } from '@/server/db/schema/index';
import { DEMO_STAFF } from '@/server/db/seed/users';
import { storeUpload } from '@/server/media/assets.server';
import { fileStorage } from '@/server/media/file-storage.server';
import { useMediaStorage } from '@/server/media/media-storage.server';
import { s3Storage } from '@/server/media/s3-storage.server';
import type { MediaStorage } from '@/server/media/storage';
import { useTestDatabase } from '../helpers/db';
import { testPhoto, upload } from '../helpers/images';
import { FAKE_S3, type FakeS3, startFakeS3 } from '../helpers/s3-fake';
import { createApiSession, signedIn } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();

async function media(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://shop.test/media/${path}`, { headers });
  return (await GET({ params: { path }, request } as never)) as Response;
}

/** A storage in a fresh folder that counts writes: every variant here is made for the first time. */
function countingStorage(): MediaStorage & { puts: string[] } {
  const inner = fileStorage(mkdtempSync(join(tmpdir(), 'shop-media-')));
  const puts: string[] = [];
  return { ...inner, puts, put: (key, bytes, type) => (puts.push(key), inner.put(key, bytes, type)) };
}

afterEach(() => useMediaStorage(undefined));

describe('GET /media/{hash}/{size}.{format}', () => {
  it('makes each variant on first request, at its width, in its format, cached for a year', async () => {
    const storage = countingStorage();
    useMediaStorage(storage);
    const asset = await storeUpload(database().db, await testPhoto('png', { width: 1000, height: 750, seed: 3 }));
    expect(asset.url).toBe(`/media/${asset.hash}/1000.jpg`);
    for (const [size, format, type, width, height] of [
      [320, 'avif', 'image/avif', 320, 240],
      [640, 'webp', 'image/webp', 640, 480],
      [1000, 'jpg', 'image/jpeg', 1000, 750],
      ['og', 'jpg', 'image/jpeg', 1000, 630],
    ] as const) {
      const res = await media(`${asset.hash}/${size}.${format}`);
      expect(res.status, `${size}.${format}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await res.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : format,
        width,
        height,
      ]);
      expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
      // The second request is served from storage, byte for byte, and answers a revalidation with 304.
      const again = await media(`${asset.hash}/${size}.${format}`);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
      expect(
        (await media(`${asset.hash}/${size}.${format}`, { 'If-None-Match': res.headers.get('etag')! })).status,
      ).toBe(304);
    }
    expect(storage.puts.filter((k) => k.startsWith('variants/'))).toEqual([
      `variants/${asset.hash}/320.avif`,
      `variants/${asset.hash}/640.webp`,
      `variants/${asset.hash}/1000.jpg`,
      `variants/${asset.hash}/og.jpg`,
    ]);
  });

  it('encodes once when many ask for a new variant at the same time', async () => {
    const storage = countingStorage();
    useMediaStorage(storage);
    const asset = await storeUpload(database().db, await testPhoto('jpeg', { width: 1400, height: 1000, seed: 4 }));
    const replies = await Promise.all(Array.from({ length: 8 }, () => media(`${asset.hash}/960.avif`)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(replies.map(async (r) => Buffer.from(await r.arrayBuffer()).toString('base64')));
    expect(new Set(bodies).size).toBe(1);
    expect(storage.puts.filter((k) => k === `variants/${asset.hash}/960.avif`)).toHaveLength(1);
    // Many different new variants at once wait for an encode slot (two at a time) and all arrive.
    const sizes = [160, 320, 480, 640, 1280, 'og'] as const;
    const many = await Promise.all(
      sizes.flatMap((size) => (['webp', 'jpg'] as const).map((format) => media(`${asset.hash}/${size}.${format}`))),
    );
    expect(many.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(storage.puts.filter((k) => k.startsWith('variants/')).sort()).toHaveLength(13);
  });

  it('has only the fixed widths not wider than the original: anything else is a 404', async () => {
    useMediaStorage(countingStorage());
    const asset = await storeUpload(database().db, await testPhoto('webp', { width: 500, height: 500, seed: 5 }));
    const unknownHash = 'f'.repeat(64);
    for (const path of [
      `${asset.hash}/640.jpg`, // wider than the original
      `${asset.hash}/1000.webp`, // not a variant width
      `${asset.hash}/321.avif`,
      `${asset.hash}/0.jpg`,
      `${asset.hash}/320.png`,
      `${asset.hash}/320.JPG`,
      `${asset.hash}/320.jpg/x`,
      `${asset.hash}/original.jpg`,
      `${unknownHash}/320.jpg`,
      `${asset.hash.toUpperCase()}/320.jpg`,
      `../${asset.hash}/320.jpg`,
      '',
    ]) {
      const res = await media(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // Narrower than 640: its own width is the largest variant.
    expect((await media(`${asset.hash}/500.webp`)).status).toBe(200);
    expect((await media(`${asset.hash}/480.webp`)).status).toBe(200);
  });
});

describe('S3-compatible storage (local fake)', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  const bucket = (overrides: { secretAccessKey?: string; accessKeyId?: string } = {}) =>
    s3Storage({ endpoint: s3.url, ...FAKE_S3, ...overrides });

  it('stores uploads and variants in the bucket with signed PUT, GET and HEAD calls', async () => {
    useMediaStorage(bucket());
    const staff = await signedIn(createApiSession(api), DEMO_STAFF);
    const reply = await upload(staff, await testPhoto('jpeg', { width: 800, height: 600, seed: 6 }), 'bucket.jpg');
    expect(reply.status).toBe(200);
    const { hash } = reply.body.payload;
    expect(s3.objects.get(`originals/${hash}.jpg`)?.contentType).toBe('image/jpeg');

    const res = await media(`${hash}/480.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(s3.objects.get(`variants/${hash}/480.webp`)?.bytes).toEqual(new Uint8Array(await res.arrayBuffer()));

    const calls = s3.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      `HEAD /shop-media/originals/${hash}.jpg`,
      `PUT /shop-media/originals/${hash}.jpg`,
      `GET /shop-media/variants/${hash}/480.webp`,
      `GET /shop-media/originals/${hash}.jpg`,
      `PUT /shop-media/variants/${hash}/480.webp`,
    ]);
    for (const r of s3.requests) {
      expect(r.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAFAKESHOP\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
      );
      expect(r.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(r.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    }
    // Served from the bucket the second time.
    s3.requests.length = 0;
    expect((await media(`${hash}/480.webp`)).status).toBe(200);
    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /shop-media/variants/${hash}/480.webp`]);
  });

  it('answers missing keys as absent and fails loudly on refused credentials', async () => {
    const storage = bucket();
    const key = `originals/${'a'.repeat(64)}.png`;
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(
      bucket({ secretAccessKey: 'wrong-secret-key-000000' }).put(key, new Uint8Array([1]), 'image/png'),
    ).rejects.toThrow(/S3 PUT .* failed: 403 .*SignatureDoesNotMatch/);
    await expect(bucket({ accessKeyId: 'AKIASOMEONEELSE' }).get(key)).rejects.toThrow(/403 .*InvalidAccessKeyId/);
    expect(s3.objects.has(key)).toBe(false);
  });
});

describe('product images in the catalogue', () => {
  it('carry the photo size and the alternative text in the language, else the default language, else the name', async () => {
    const db = database().db;
    const [photo] = await db
      .select()
      .from(productImages)
      .where(sql`${productImages.assetId} is not null`)
      .orderBy(productImages.productId, productImages.position)
      .limit(1);
    const langs = Object.fromEntries((await db.select().from(languages)).map((l) => [l.code, l.id]));
    const info = async (lang: string) =>
      (await createApiSession(api).get(`/api/products/${photo!.productId}/info?lang_id=${langs[lang]}`)).body.payload;

    const de = await info('de');
    expect(de.images[0]).toEqual({ url: photo!.url, width: 1600, height: 1200, alt: photo!.alt.de });
    expect(de.image_url).toBe(photo!.url);

    await db
      .update(productImages)
      .set({ alt: { en: 'Only in English' } })
      .where(eq(productImages.id, photo!.id));
    expect((await info('fr')).images[0].alt).toBe('Only in English');
    await db.update(productImages).set({ alt: {} }).where(eq(productImages.id, photo!.id));
    const fr = await info('fr');
    expect(fr.images[0].alt).toBe(fr.name);
  });
});
