import type { APIRoute } from 'astro';
import { config } from '../server/config';
import { pathPrefix } from '../lib/language-path';
import { getReadDb } from '../server/runtime';
import { chooseLanguage, loadShopBasics } from '../server/services/request-context';
import { robotsTxt } from '../server/services/sitemap';

export const prerender = false;

/** Allow all but the private and transactional paths, in every language (ADR 028); points at /sitemap.xml. */
export const GET: APIRoute = async () => {
  const { languages } = await loadShopBasics(await getReadDb());
  const fallback = chooseLanguage(languages, undefined);
  const prefixes = languages.map((l) => pathPrefix(l.code, fallback.code)).filter((p) => p !== '');
  return new Response(robotsTxt(config().PUBLIC_URL, prefixes), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
