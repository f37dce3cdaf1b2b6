import type { APIRoute } from 'astro';
import { parseVariantPath } from '@/lib/images/variants';
import { mediaVariant } from '@/server/media/variants.server';
import { getDb } from '@/server/runtime';

/**
 * Variants of uploaded photos: `/media/{hash}/{width|og}.{avif|webp|jpg}` (src/lib/images/
 * variants.ts). The hash names the original's bytes and the rest the fixed recipe, so the bytes
 * behind a URL never change and are cached for a year.
 */
const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export const GET: APIRoute = async ({ params, request }) => {
  const variant = parseVariantPath(params.path ?? '');
  if (!variant) return notFound();
  const found = await mediaVariant(await getDb(), variant.hash, variant.size, variant.format);
  if (!found) return notFound();
  // The URL is the content's name: any validator the browser holds is the right one.
  const etag = `"${variant.hash.slice(0, 16)}-${variant.size}-${variant.format}"`;
  const headers = {
    'Content-Type': found.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(found.bytes as BodyInit, {
    status: 200,
    headers: { ...headers, 'Content-Length': String(found.bytes.byteLength) },
  });
};
