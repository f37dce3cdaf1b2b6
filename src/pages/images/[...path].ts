import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { categoryImageSvg, fallbackSvg, productImageSvg } from '@/server/images/lookup';
import { getDb } from '@/server/runtime';

/**
 * Generated SVG images. URLs carry `?v=<IMAGE_VERSION>` (see src/server/images/urls.ts), so the
 * bytes behind one URL never change and may be cached for a year.
 */
const PRODUCT = /^products\/(\d{1,9})\/(\d{1,2})\.svg$/;
const CATEGORY = /^categories\/([a-z0-9][a-z0-9-]{0,95})\.svg$/;

function svgResponse(svg: string, request: Request): Response {
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 22)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    // An SVG opened directly must not run anything, whatever ends up in a product name.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, { status: 200, headers });
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export const GET: APIRoute = async ({ params, request }) => {
  const path = params.path ?? '';
  if (path === 'fallback.svg') return svgResponse(fallbackSvg(), request);
  const product = PRODUCT.exec(path);
  if (product) {
    const svg = await productImageSvg(await getDb(), Number(product[1]), Number(product[2]));
    return svg ? svgResponse(svg, request) : notFound();
  }
  const category = CATEGORY.exec(path);
  if (category) {
    const svg = await categoryImageSvg(await getDb(), category[1]!);
    return svg ? svgResponse(svg, request) : notFound();
  }
  return notFound();
};
