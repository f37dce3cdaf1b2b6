import type { APIRoute } from 'astro';

export const prerender = false;

/**
 * /products and /products/ (storefront spec: both list parameters default to all): a permanent
 * redirect to the all/all list, keeping the query (a search or filter link stays what it was).
 */
export const GET: APIRoute = ({ url }) =>
  new Response(null, {
    status: 301,
    headers: { Location: `/products/all/all${url.search}`, 'Cache-Control': 'public, max-age=3600' },
  });
