import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { csrfSession } from '../helpers/session';
import { etagMatches, etagOf, publicCache } from '@/server/api/cache';
import { createRouter } from '@/server/api/env';
import { staticPages } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type ContentFixture, seedContentFixture } from '../helpers/fixture-content';

const database = useTestDatabase({ seed: 'none' });
let fx: ContentFixture;

function buildApi() {
  const api = createApi();
  api.route(
    '/api/cache-test',
    createRouter()
      .get('/short', publicCache({ maxAge: 5, staleWhileRevalidate: 10 }), (c) => c.json({ ok: 1 }))
      .get('/private', publicCache(), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ secret: 1 });
      })
      .get('/text', publicCache(), (c) => c.text('plain'))
      .post('/post', publicCache(), (c) => c.json({ posted: 1 })),
  );
  return api;
}
const api = buildApi();

beforeAll(async () => {
  fx = await seedContentFixture(database().db);
});

describe('etag helpers', () => {
  it('hashes bytes into a weak sha1/base64url tag, strong on request', () => {
    expect(etagOf('{"a":1}')).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf('{"a":1}', false)).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf(new TextEncoder().encode('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it('compares weakly, through lists and *', () => {
    const tag = 'W/"abc"';
    expect(etagMatches('W/"abc"', tag)).toBe(true);
    expect(etagMatches('"abc"', tag)).toBe(true);
    expect(etagMatches('"x", W/"abc" , "y"', tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"abcd"', tag)).toBe(false);
    expect(etagMatches('', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches('"ab", "c"', tag)).toBe(false);
  });
});

describe('publicCache on the content API', () => {
  const publicPaths = [
    '/api/categories',
    '/api/categories/featured',
    '/api/static-pages',
    '/api/static-pages/about-us',
    '/api/social-links',
    '/api/countries',
    '/api/settings',
    '/api/faqs',
    '/api/languages',
    '/api/localizations',
    '/api/currencies',
  ];

  it.each(publicPaths)('%s sends Cache-Control, Vary and an ETag, and 304 to If-None-Match', async (path) => {
    const first = await api.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(etagOf(await first.text()));

    const again = await api.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(again.headers.get('content-type')).toBeNull();

    // The strong form of the same tag, and a list containing it, match too.
    const strong = etag.replace(/^W\//, '');
    expect((await api.request(path, { headers: { 'If-None-Match': `"nope", ${strong}` } })).status).toBe(304);
    expect((await api.request(path, { headers: { 'If-None-Match': '"nope"' } })).status).toBe(200);
  });

  it('gives a different ETag per language and after an edit, so an old copy is not revalidated', async () => {
    const path = `/api/static-pages/${fx.pages.about}`;
    const before = (await api.request(path)).headers.get('etag')!;
    const german = (await api.request(`${path}?lang_id=${fx.lang.de}`)).headers.get('etag')!;
    expect(german).not.toBe(before);

    const db = database().db;
    await db
      .update(staticPages)
      .set({ content: '<p>We sell better gear.</p>' })
      .where(eq(staticPages.id, fx.pages.about));
    const after = await api.request(path, { headers: { 'If-None-Match': before } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect((await after.json()).payload.content).toBe('<p>We sell better gear.</p>');
    // The list did not change (titles only), so its tag still validates.
    const list = (await api.request('/api/static-pages')).headers.get('etag')!;
    expect((await api.request('/api/static-pages', { headers: { 'If-None-Match': list } })).status).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await api.request('/api/countries', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^W\//);
    expect(await res.text()).toBe('');
  });

  it('never caches errors, writes, non-JSON or answers with their own policy', async () => {
    const missing = await api.request('/api/static-pages/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    expect(missing.headers.get('etag')).toBeNull();
    const invalid = await api.request('/api/categories?topLevel=9');
    expect(invalid.headers.get('etag')).toBeNull();

    const priv = await api.request('/api/cache-test/private');
    expect(priv.headers.get('cache-control')).toBe('no-store');
    expect(priv.headers.get('etag')).toBeNull();
    expect((await api.request('/api/cache-test/text')).headers.get('etag')).toBeNull();
    const post = await (await csrfSession(api)).request('/api/cache-test/post', { method: 'POST' });
    expect(post.headers.get('cache-control')).toBeNull();
  });

  it('takes maxAge and staleWhileRevalidate options', async () => {
    const res = await api.request('/api/cache-test/short');
    expect(res.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=10');
    expect(await res.json()).toEqual({ ok: 1 });
  });
});
