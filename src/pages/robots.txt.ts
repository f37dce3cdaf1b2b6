import type { APIRoute } from 'astro';
import { config } from '../server/config';
import { robotsTxt } from '../server/services/sitemap';

export const prerender = false;

/** Allow all but the private and transactional paths; points at /sitemap.xml. */
export const GET: APIRoute = () =>
  new Response(robotsTxt(config().PUBLIC_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
