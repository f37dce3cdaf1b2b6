/**
 * Photo uploads (ADR 026, issue 16 "Images"): POST /api/admin/media sniffs the type from the
 * bytes, enforces the size and pixel limits, strips EXIF, stores the original under its sha256
 * (one asset for the same photo, even uploaded at once), and GET /api/admin/media lists them.
 * Both engines (TEST_DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, mediaAssets } from '@/server/db/schema/index';
import { DEMO_CUSTOMER, DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { mediaStorage } from '@/server/media/media-storage.server';
import { MEDIA_LIMITS } from '@/lib/images/upload-limits';
import { useTestDatabase } from '../helpers/db';
import { jpegWithExif, pngHeaderOnly, testPhoto, upload } from '../helpers/images';
import { type ApiSession, createApiSession, csrfSession, signedIn } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();

let staff: ApiSession;
let editor: ApiSession;

beforeAll(async () => {
  const { createUser } = await import('../helpers/session');
  const { setRole } = await import('@/server/services/admin/roles/roles.server');
  const db = database().db;
  for (const [account, role] of [
    [DEMO_STAFF, 'staff'],
    [DEMO_EDITOR, 'editor'],
    [DEMO_CUSTOMER, 'customer'],
  ] as const) {
    await createUser(db, account);
    if (role !== 'customer') await setRole(db, null, account.email, role);
  }
  staff = await signedIn(createApiSession(api), DEMO_STAFF);
  editor = await signedIn(createApiSession(api), DEMO_EDITOR);
});

const rows = async () => database().db.select().from(mediaAssets).orderBy(mediaAssets.id);

describe('POST /api/admin/media', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('takes a %s photo and answers the asset with its variant URL', async (format, mime, extension) => {
    const bytes = await testPhoto(format, { width: 700, height: 500, seed: 11 });
    const reply = await upload(staff, bytes, `holiday.${extension}`, mime);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const asset = reply.body.payload;
    expect(asset).toMatchObject({ mime, width: 700, height: 500, original_name: `holiday.${extension}` });
    expect(asset.hash).toMatch(/^[0-9a-f]{64}$/);
    // 700 px wide: the largest variant is the original width (under 1280), as a JPEG.
    expect(asset.url).toBe(`/media/${asset.hash}/700.jpg`);
    const [row] = await database().db.select().from(mediaAssets).where(eq(mediaAssets.id, asset.id));
    expect(row!.storageKey).toBe(`originals/${asset.hash}.${extension}`);
    const stored = await mediaStorage().get(row!.storageKey);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(asset.hash);
    expect(stored!.byteLength).toBe(asset.bytes);
  });

  it('trusts the bytes, not the name or the declared type: a PNG named .jpg is a PNG', async () => {
    const png = await testPhoto('png', { seed: 12 });
    const reply = await upload(staff, png, 'photo.jpg', 'image/jpeg');
    expect(reply.status).toBe(200);
    expect(reply.body.payload.mime).toBe('image/png');
    expect(reply.body.payload.url).toMatch(/\/640\.jpg$/);
  });

  it('refuses what is not an image, whatever its name', async () => {
    const before = (await rows()).length;
    for (const [bytes, name, type] of [
      [new TextEncoder().encode('just some text, honestly a photo'), 'photo.jpg', 'image/jpeg'],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'],
      [
        new Uint8Array(
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        ),
        'anim.gif',
        'image/gif',
      ],
    ] as const) {
      const reply = await upload(staff, bytes, name, type);
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        status: 'ERROR',
        message: 'The file must be a JPEG, PNG, WebP or AVIF image.',
        errors: { file: ['The file must be a JPEG, PNG, WebP or AVIF image.'] },
      });
    }
    // A JPEG's first bytes and then garbage: sniffed as JPEG, refused when read.
    const broken = new Uint8Array(2000).fill(7);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const reply = await upload(staff, broken, 'broken.jpg');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('The image could not be read; the file may be damaged.');
    expect((await rows()).length).toBe(before);
  });

  it('refuses files over 15 MB, over 12000 px a side and over 40 megapixels, before decoding them', async () => {
    const tooBig = new Uint8Array(MEDIA_LIMITS.maxBytes + 1);
    tooBig.set(await testPhoto('jpeg', { seed: 13 }));
    let reply = await upload(staff, tooBig, 'huge.jpg');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('The file is larger than 15 MB.');

    // Headers without pixels: the limits answer from the header, before any decoding.
    reply = await upload(staff, pngHeaderOnly(12_001, 10), 'wide.png', 'image/png');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('The image may be at most 12000 pixels wide and high (this one is 12001×10).');

    reply = await upload(staff, pngHeaderOnly(7000, 6000), 'many.png', 'image/png');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('The image may have at most 40 megapixels (this one has 42.0).');
    // Within the limits, the same kind of file is refused only when it is read.
    reply = await upload(staff, pngHeaderOnly(6000, 6000), 'hollow.png', 'image/png');
    expect(reply.body.message).toBe('The image could not be read; the file may be damaged.');

    reply = await upload(staff, new Uint8Array(), 'empty.jpg');
    expect(reply.status).toBe(422);
  });

  it('asks for the file field and for a multipart body', async () => {
    const form = new FormData();
    form.append('picture', new File([(await testPhoto('jpeg')) as BlobPart], 'a.jpg'));
    let res = await staff.request('/api/admin/media', { method: 'POST', body: form });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('Choose an image file to upload (form field "file").');
    const text = new FormData();
    text.append('file', 'not a file');
    res = await staff.request('/api/admin/media', { method: 'POST', body: text });
    expect(res.status).toBe(422);
    res = await staff.request('/api/admin/media', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('The file must be sent as multipart/form-data (form field "file").');
  });

  it('strips EXIF and turns the photo upright', async () => {
    const reply = await upload(staff, await jpegWithExif(), 'camera.jpg');
    expect(reply.status).toBe(200);
    const asset = reply.body.payload;
    // Orientation 6 (90° clockwise): the 400×200 file is a 200×400 photo.
    expect([asset.width, asset.height]).toEqual([200, 400]);
    const stored = (await mediaStorage().get(`originals/${asset.hash}.jpg`))!;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(Buffer.from(stored).toString('latin1')).not.toMatch(/SecretCam|Jane Photographer/);
  });

  it('makes the same photo one asset, also when uploaded several times at once', async () => {
    const photo = await testPhoto('jpeg', { seed: 21 });
    const first = await upload(staff, photo, 'first.jpg');
    const again = await upload(editor, photo, 'again.jpg');
    expect(again.body.payload).toEqual(first.body.payload);

    const concurrent = await testPhoto('webp', { seed: 22 });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(i % 2 ? staff : editor, concurrent, `same-${i}.webp`, 'image/webp')),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.payload.id)).size).toBe(1);
    const count = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(mediaAssets)
      .where(eq(mediaAssets.hash, replies[0]!.body.payload.hash));
    expect(count[0]!.n).toBe(1);
    // One audit entry per new asset, naming the first uploader's file.
    const audit = await database()
      .db.select()
      .from(contentChanges)
      .where(eq(contentChanges.entityId, String(replies[0]!.body.payload.id)));
    expect(audit.filter((a) => a.entity === 'media_asset')).toHaveLength(1);
  });

  it('is for staff and editors only', async () => {
    const photo = await testPhoto('jpeg', { seed: 31 });
    expect((await upload(await csrfSession(api), photo)).status).toBe(401);
    expect((await upload(await signedIn(createApiSession(api), DEMO_CUSTOMER), photo)).status).toBe(403);
    expect((await upload(editor, photo)).status).toBe(200);
  });
});

describe('GET /api/admin/media', () => {
  it('lists uploads newest first, in pages', async () => {
    const all = (await staff.get('/api/admin/media?limit=100')).body.payload;
    expect(all.assets.length).toBeGreaterThanOrEqual(8);
    const ids = all.assets.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = (await staff.get('/api/admin/media?limit=3')).body.payload;
    expect(first.assets.map((a: { id: number }) => a.id)).toEqual(ids.slice(0, 3));
    expect(first.next).toBe(ids[2]);
    const second = (await editor.get(`/api/admin/media?limit=3&before=${first.next}`)).body.payload;
    expect(second.assets.map((a: { id: number }) => a.id)).toEqual(ids.slice(3, 6));
    expect((await staff.get('/api/admin/media?limit=0')).body.message).toBe(
      'limit must be a whole number from 1 to 100.',
    );
    expect((await staff.get('/api/admin/media?before=abc')).status).toBe(422);
  });
});
