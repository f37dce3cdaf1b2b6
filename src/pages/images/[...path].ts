import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { can } from '@/lib/rules/roles';
import { categoryImageSvg, fallbackSvg, productImageSvg } from '@/server/images/lookup';
import { getDb } from '@/server/runtime';

/**
 * Generated SVG images (ADR 026 "Who sees a product's pictures"). A product's picture is public
 * only while the product is published: ids are sequential, and the drawing names the product and
 * its category. An unpublished product's picture answers 404, except to staff and admins signed in
 * (the back office shows drafts), who get it uncached. Public product pictures may be cached for 5
 * minutes and are then revalidated (ETag → 304), so unpublishing takes effect within 5 minutes in
 * any cache; category tiles and the fallback never change behind their `?v=` URL (urls.ts) and
 * are cached for a year.
 */
const PRODUCT = /^products\/(\d{1,9})\/(\d{1,2})\.svg$/;
const CATEGORY = /^categories\/([a-z0-9][a-z0-9-]{0,95})\.svg$/;

const CACHE = {
  forever: 'public, max-age=31536000, immutable',
  product: 'public, max-age=300, must-revalidate',
  draft: 'private, no-store',
} as const;

function svgResponse(svg: string, request: Request, cacheControl: string): Response {
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 22)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': cacheControl,
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
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export const GET: APIRoute = async ({ params, request, locals }) => {
  const path = params.path ?? '';
  if (path === 'fallback.svg') return svgResponse(fallbackSvg(), request, CACHE.forever);
  const product = PRODUCT.exec(path);
  if (product) {
    const found = await productImageSvg(await getDb(), Number(product[1]), Number(product[2]));
    if (!found) return notFound();
    if (found.published) return svgResponse(found.svg, request, CACHE.product);
    const user = locals.user;
    return user && can(user.role, 'catalog') ? svgResponse(found.svg, request, CACHE.draft) : notFound();
  }
  const category = CATEGORY.exec(path);
  if (category) {
    const svg = await categoryImageSvg(await getDb(), category[1]!);
    return svg ? svgResponse(svg, request, CACHE.forever) : notFound();
  }
  return notFound();
};
