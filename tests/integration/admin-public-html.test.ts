/**
 * Content editing through the real server (`npm start`, demo data, either engine): what an
 * editor saves reaches the public HTML on the next request (guest page cache emptied), never
 * with an XSS vector active, and a renamed page's old address answers 301.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR } from '@/server/db/seed/users';
import { emptyServerTarget } from '../helpers/db';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  printedPassword,
  type Started,
  startServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { type ApiSession, createHttpSession } from '../helpers/session';
import { XSS_VECTORS, isActive } from '../helpers/xss-vectors';

let server: Started;
let port: number;
let editor: ApiSession;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  await ensureBuilt();
  const target = await emptyServerTarget(tempDir());
  drop = target.drop;
  port = await freePort();
  server = startServer({ ...target.env, PORT: String(port), SEED: 'demo', PUBLIC_URL: `http://127.0.0.1:${port}` });
  await waitReady(server, 120_000);
  editor = createHttpSession(`http://127.0.0.1:${port}`);
  // A production seed: the editor's password is the one the shop printed, not the README's.
  expect((await editor.signIn(DEMO_EDITOR.email, printedPassword(server, DEMO_EDITOR.email))).status).toBe(200);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

/** A signed-out visitor's page: the guest page cache answers it when it can. */
async function publicHtml(path: string, cookie = ''): Promise<{ status: number; html: string; location?: string }> {
  const res = await get(port, path, cookie ? { Cookie: cookie } : {});
  return { status: res.status, html: res.body.toString('utf8'), location: res.headers.location };
}

/** The static page's heading text (HTML-escaped as served). */
function heading(html: string): string | undefined {
  return /<h1 id="static-page-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

describe('public HTML after edits', () => {
  it('no XSS vector saved in a page or an FAQ is active on /static-page or /faq, and each edit shows at once', async () => {
    const page = await editor.post('/api/admin/static-pages', {
      slug: 'safety-check',
      title: 'Safety page',
      content: '<p>first</p>',
      published: true,
    });
    expect(page.status).toBe(201);
    const faq = await editor.post('/api/admin/faqs', {
      title: 'Is this safe?',
      content: '<p>first</p>',
      position: 999,
    });
    expect(faq.status).toBe(201);
    // Warm the guest cache, so a stale copy would be served if the edit did not empty it.
    expect((await publicHtml('/static-page/safety-check')).html).toContain('<p>first</p>');
    expect((await publicHtml('/faq')).html).toContain('<p>first</p>');

    // The page's meta description is the first 160 characters of its text (escaped, inert); a
    // long lead keeps a vector's words ("xss") out of it, since isActive counts any <meta> that
    // mentions them as the meta-refresh vector.
    const lead = 'This page is rewritten with every vector of the attack list in turn. '.repeat(3);
    for (const [i, vector] of XSS_VECTORS.entries()) {
      const content = `<p>marker ${i}</p><p>${lead}</p>${vector}`;
      expect((await editor.put(`/api/admin/static-pages/${page.body.payload.id}`, { content })).status).toBe(200);
      expect((await editor.put(`/api/admin/faqs/${faq.body.payload.id}`, { content })).status).toBe(200);
      for (const path of ['/static-page/safety-check', '/faq']) {
        const { status, html } = await publicHtml(path);
        expect(status).toBe(200);
        expect(html.includes(`<p>marker ${i}</p>`), `${path} shows the new content`).toBe(true);
        expect(isActive(html), `${path}: ${vector}`).toBe(false);
      }
    }
    // 40 rounds of two saves and two page renders through the real server.
  }, 180_000);

  it('a German edit shows in German on the next request; other languages keep their text', async () => {
    const pages = await editor.get('/api/admin/static-pages');
    const shipping = pages.body.payload.find((p: { slug: string }) => p.slug === 'shipping');
    // The German page's own address (ADR 028); the unprefixed one is English.
    const before = await publicHtml('/de/static-page/shipping');
    expect(before.html.includes('Versand &amp; Lieferung')).toBe(true);
    const languages = await editor.get('/api/languages');
    const de = languages.body.payload.find((l: { code: string }) => l.code === 'de').id as number;
    await editor.put(`/api/admin/static-pages/${shipping.id}`, {
      language_id: de,
      title: 'Versand und Lieferung',
      content: '<p>Versand am selben Tag.</p>',
    });
    const after = await publicHtml('/de/static-page/shipping');
    expect(heading(after.html)).toBe('Versand und Lieferung');
    expect(after.html.includes('<p>Versand am selben Tag.</p>')).toBe(true);
    expect(heading((await publicHtml('/static-page/shipping')).html)).toBe('Shipping &amp; delivery');
  });

  it('a renamed slug answers 301 to the new address; an unpublished page is a 404', async () => {
    const pages = await editor.get('/api/admin/static-pages');
    const about = pages.body.payload.find((p: { slug: string }) => p.slug === 'about');
    expect((await editor.put(`/api/admin/static-pages/${about.id}`, { slug: 'about-us' })).status).toBe(200);
    const old = await publicHtml('/static-page/about');
    expect(old.status).toBe(301);
    expect(old.location).toBe('/static-page/about-us');
    // The German address of the old slug moves to the German address of the new one.
    const oldGerman = await publicHtml('/de/static-page/about');
    expect(oldGerman.status).toBe(301);
    expect(oldGerman.location).toBe('/de/static-page/about-us');
    const moved = await publicHtml('/static-page/about-us');
    expect(moved.status).toBe(200);
    expect(heading(moved.html)).toBe('About us');
    await editor.put(`/api/admin/static-pages/${about.id}`, { published: false });
    expect((await publicHtml('/static-page/about-us')).status).toBe(404);
    expect((await publicHtml('/static-page/about')).status).toBe(404);
  });
});
