import type { APIRoute } from 'astro';
import { config } from '../server/config';
import { getReadDb } from '../server/runtime';
import { sitemapBody } from '../server/services/sitemap';
import { logger } from '../server/logger';

export const prerender = false;

/** Categories, products, static pages, FAQ and home (src/server/services/sitemap.ts). */
export const GET: APIRoute = async ({ url }) => {
  try {
    const db = await getReadDb();
    const body = await sitemapBody(db, config().PUBLIC_URL, url.searchParams.get('part'));
    if (!body)
      return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return new Response(body, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    });
  } catch (error) {
    logger.error({ err: error }, 'sitemap failed');
    return new Response('Sitemap unavailable\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
  }
};
