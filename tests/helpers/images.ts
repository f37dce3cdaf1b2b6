/**
 * Test images made with sharp: photos (gradients with shapes) in each accepted format, a JPEG
 * with EXIF, and multipart uploads of them.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ApiSession } from './session';

export type Format = 'jpeg' | 'png' | 'webp' | 'avif';

/** A small "photo": a gradient with a circle, different for each seed, so each has its own hash. */
export async function testPhoto(
  format: Format,
  options: { width?: number; height?: number; seed?: number } = {},
): Promise<Uint8Array> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const seed = options.seed ?? 1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},60%,55%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 120) % 360},50%,30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" fill-opacity="0.6"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const out = await (
    format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.avif()
  ).toBuffer();
  return new Uint8Array(out);
}

/** A JPEG carrying EXIF (camera, copyright) and an orientation tag (rotated 90°). */
export async function jpegWithExif(seed = 7): Promise<Uint8Array> {
  const photo = await testPhoto('jpeg', { width: 400, height: 200, seed });
  const out = await sharp(photo)
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Jane Photographer' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  return new Uint8Array(out);
}

/** POST /api/admin/media with `bytes` as the form's file field. */
export async function upload(session: ApiSession, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  if (!session.xsrf) await session.csrf();
  const form = new FormData();
  form.append('file', new File([bytes as BlobPart], name, { type }));
  const res = await session.request('/api/admin/media', { method: 'POST', body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, an empty body): the text is the body.
  }
  return { res, status: res.status, body };
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * A PNG that is little more than a header claiming `width`×`height` (one row's worth of pixel data): refused by the dimension
 * limits it proves they are read from the header, since decoding it would fail differently.
 */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array(deflateSync(new Uint8Array(64)))),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
