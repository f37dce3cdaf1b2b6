/**
 * Content editing API (ADR 013) on the demo shop: the role check of every /api/admin
 * endpoint, validation, sanitising on save and on render, page versions and restore, slug
 * renames, and that an edit is on the very next read of the cached public content.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { cachedFaqs } from '@/features/content/content.server';
import {
  contentChanges,
  faqs,
  languages,
  localizations,
  staticPages,
  staticPageTranslations,
} from '@/server/db/schema/index';
import { DEMO_CUSTOMER, DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { getTranslator } from '@/server/i18n/index';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { redirectedSlug } from '@/server/services/admin/content/static-pages.server';
import {
  getFeaturedCategories,
  getStaticPage,
  listFaqs,
  listStaticPages,
  publicSettings,
} from '@/server/services/content';
import { useTestDatabase } from '../helpers/db';
import { type ApiSession, createApiSession, createUser, csrfSession, signedIn } from '../helpers/session';
import { XSS_VECTORS, isActive } from '../helpers/xss-vectors';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();

let guest: ApiSession;
let customer: ApiSession;
let editor: ApiSession;
let admin: ApiSession;
let lang: { en: number; de: number; fr: number };
let shippingId: number;

const ADMIN = { email: 'chief@example.com', password: 'Chief1234!' };

beforeAll(async () => {
  const db = database().db;
  const rows = await db.select().from(languages);
  lang = Object.fromEntries(rows.map((l) => [l.code, l.id])) as typeof lang;
  const [shipping] = await db.select().from(staticPages).where(eq(staticPages.slug, 'shipping'));
  shippingId = shipping!.id;
  await createUser(db, ADMIN);
  await setRole(db, null, ADMIN.email, 'admin');

  guest = await csrfSession(api);
  customer = await signedIn(createApiSession(api), DEMO_CUSTOMER);
  editor = await signedIn(createApiSession(api), DEMO_EDITOR);
  admin = await signedIn(createApiSession(api), ADMIN);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  path: () => string;
  body?: () => unknown;
  /** The status the allowed role gets. */
  ok: number;
  /** Only admins may call it (settings, roles): editors get 403 too. */
  adminOnly?: boolean;
}

function send(session: ApiSession, call: Pick<Call, 'method' | 'path' | 'body'>) {
  const path = call.path();
  switch (call.method) {
    case 'GET':
      return session.get(path);
    case 'POST':
      return session.post(path, call.body?.());
    case 'PUT':
      return session.put(path, call.body?.());
    case 'DELETE':
      return session.delete(path);
  }
}

describe('role checks on every /api/admin endpoint', () => {
  // Ids of things the editor creates on the way, so later calls (and the deletes) have targets.
  const made = { page: 0, faq: 0, featured: 0 };
  const calls: Call[] = [
    { method: 'GET', path: () => '/api/admin/static-pages', ok: 200 },
    {
      method: 'POST',
      path: () => '/api/admin/static-pages',
      body: () => ({ slug: 'role-check', title: 'Role check', content: '<p>x</p>' }),
      ok: 201,
    },
    { method: 'GET', path: () => `/api/admin/static-pages/${made.page}`, ok: 200 },
    {
      method: 'PUT',
      path: () => `/api/admin/static-pages/${made.page}`,
      body: () => ({ title: 'Role check 2' }),
      ok: 200,
    },
    { method: 'GET', path: () => `/api/admin/static-pages/${made.page}/versions`, ok: 200 },
    { method: 'GET', path: () => `/api/admin/static-pages/${made.page}/versions/1`, ok: 200 },
    { method: 'POST', path: () => `/api/admin/static-pages/${made.page}/versions/1/restore`, ok: 200 },
    { method: 'DELETE', path: () => `/api/admin/static-pages/${made.page}`, ok: 200 },
    { method: 'GET', path: () => '/api/admin/faqs', ok: 200 },
    {
      method: 'POST',
      path: () => '/api/admin/faqs',
      body: () => ({ title: 'Role check?', content: '<p>y</p>' }),
      ok: 201,
    },
    { method: 'GET', path: () => `/api/admin/faqs/${made.faq}`, ok: 200 },
    { method: 'PUT', path: () => `/api/admin/faqs/${made.faq}`, body: () => ({ is_popular: true }), ok: 200 },
    { method: 'DELETE', path: () => `/api/admin/faqs/${made.faq}`, ok: 200 },
    { method: 'GET', path: () => '/api/admin/featured-categories', ok: 200 },
    {
      method: 'POST',
      path: () => '/api/admin/featured-categories',
      body: () => ({ title: 'Tile', url: '/products/all/all' }),
      ok: 201,
    },
    { method: 'GET', path: () => `/api/admin/featured-categories/${made.featured}`, ok: 200 },
    {
      method: 'PUT',
      path: () => `/api/admin/featured-categories/${made.featured}`,
      body: () => ({ position: 9 }),
      ok: 200,
    },
    { method: 'DELETE', path: () => `/api/admin/featured-categories/${made.featured}`, ok: 200 },
    { method: 'GET', path: () => '/api/admin/settings', ok: 200, adminOnly: true },
    {
      method: 'PUT',
      path: () => '/api/admin/settings',
      body: () => ({ copyright: '© Gear Shop' }),
      ok: 200,
      adminOnly: true,
    },
    { method: 'GET', path: () => '/api/admin/home-hero', ok: 200 },
    {
      method: 'PUT',
      path: () => '/api/admin/home-hero',
      body: () => ({ hero_subtitle: 'Everything outdoors' }),
      ok: 200,
    },
    { method: 'GET', path: () => `/api/admin/translations?language_id=${lang.de}&q=faq`, ok: 200 },
    {
      method: 'PUT',
      path: () => '/api/admin/translations',
      body: () => ({ language_id: lang.de, key: 'faq.title', value: 'Häufige Fragen' }),
      ok: 200,
    },
    { method: 'POST', path: () => '/api/admin/preview', body: () => ({ content: '<p>z</p>' }), ok: 200 },
    { method: 'GET', path: () => '/api/admin/editors', ok: 200, adminOnly: true },
    {
      method: 'PUT',
      path: () => '/api/admin/editors',
      body: () => ({ email: DEMO_CUSTOMER.email, role: 'customer' }),
      ok: 200,
      adminOnly: true,
    },
  ];

  // Named by the path with its ids as :id (the ids exist only once the calls before have run).
  const nameOf = (call: Call) =>
    `${call.method} ${call.path
      .toString()
      .replace(/^.*?[`']([^`']*)[`'].*$/s, '$1')
      .replace(/\$\{[^}]+\}/g, ':id')}`;
  it.each(calls.map((call) => [nameOf(call), call] as const))(
    '%s: guest 401, customer 403, editor as allowed, admin allowed',
    async (_name, call) => {
      const asGuest = await send(guest, call);
      expect(asGuest.status).toBe(401);
      expect(asGuest.body).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
      const asCustomer = await send(customer, call);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toEqual({ status: 'ERROR', code: 'forbidden', message: 'This action is unauthorized.' });
      const asEditor = await send(editor, call);
      if (call.adminOnly) {
        expect(asEditor.status).toBe(403);
        const asAdmin = await send(admin, call);
        expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(call.ok);
        return;
      }
      expect(asEditor.status, JSON.stringify(asEditor.body)).toBe(call.ok);
      expect(asEditor.res.headers.get('cache-control')).toBe('no-store');
      if (call.method === 'POST' && call.ok === 201) {
        const path = call.path();
        const id = asEditor.body.payload.id as number;
        if (path.endsWith('static-pages')) made.page = id;
        if (path.endsWith('faqs')) made.faq = id;
        if (path.endsWith('featured-categories')) made.featured = id;
      }
    },
  );

  it('a write without the CSRF header is refused (419) even for the editor', async () => {
    const res = await editor.request('/api/admin/faqs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'forged' },
      body: JSON.stringify({ title: 'x', content: 'y' }),
    });
    expect(res.status).toBe(419);
  });

  it('every admin write left an audit row naming the editor', async () => {
    const rows = await database().db.select().from(contentChanges);
    const byEditor = rows.filter((r) => r.entity === 'faq');
    expect(byEditor.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(new Set(byEditor.map((r) => r.userId)).size).toBe(1);
    expect(byEditor[0]!.userId).not.toBeNull();
  });
});

describe('validation (422 with a clear message)', () => {
  const cases: Array<[string, Method, () => string, unknown, string, string]> = [
    [
      'bad slug',
      'POST',
      () => '/api/admin/static-pages',
      { slug: 'Bad Slug', title: 'T', content: '' },
      'slug',
      'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.',
    ],
    [
      'digit slug',
      'POST',
      () => '/api/admin/static-pages',
      { slug: '123', title: 'T', content: '' },
      'slug',
      'The slug must contain at least one letter.',
    ],
    [
      'taken slug',
      'PUT',
      () => `/api/admin/static-pages/${shippingId}`,
      { slug: 'returns' },
      'slug',
      'Another page already uses this slug.',
    ],
    [
      'empty title',
      'PUT',
      () => `/api/admin/static-pages/${shippingId}`,
      { title: '  ' },
      'title',
      'The title is required.',
    ],
    [
      'unknown language',
      'PUT',
      () => `/api/admin/static-pages/${shippingId}`,
      { language_id: 999, title: 'X' },
      'language_id',
      'Unknown language.',
    ],
    ['empty patch', 'PUT', () => `/api/admin/faqs/1`, {}, '_root', 'Nothing to change.'],
    [
      'negative order',
      'POST',
      () => '/api/admin/faqs',
      { title: 'Q', content: 'A', position: -1 },
      'position',
      'The order must be 0 or more.',
    ],
    [
      'script link',
      'POST',
      () => '/api/admin/featured-categories',
      { title: 'T', url: 'javascript:alert(1)' },
      'url',
      'The link must be a path on this shop (starting with /) or an https:// address.',
    ],
    [
      'image link',
      'POST',
      () => '/api/admin/featured-categories',
      { title: 'T', url: '/products/all', image_url: 'data:image/png;base64,AA' },
      'image_url',
      'The image must be a path on this shop (starting with /) or an https:// address.',
    ],
    ['VAT', 'PUT', () => '/api/admin/settings', { vat_percent: 120 }, 'vat_percent', 'VAT must be between 0 and 100.'],
    [
      'low stock',
      'PUT',
      () => '/api/admin/settings',
      { low_stock_threshold: 2.5 },
      'low_stock_threshold',
      'The low-stock threshold must be a whole number from 0 to 1000.',
    ],
    [
      'email',
      'PUT',
      () => '/api/admin/settings',
      { support_email: 'nope' },
      'support_email',
      'The support email must be an email address.',
    ],
    [
      'phone',
      'PUT',
      () => '/api/admin/settings',
      { phone_payment_global: 'call us' },
      'phone_payment_global',
      'A phone number may contain only digits, spaces, +, ( ) and -, 5 to 32 characters.',
    ],
    [
      'google tag',
      'PUT',
      () => '/api/admin/settings',
      { google_tag: '<img src=x onerror=alert(1)>' },
      'google_tag',
      'The Google tag may contain only <script> elements (the snippet Google gives you).',
    ],
    [
      'unknown key',
      'PUT',
      () => '/api/admin/translations',
      { language_id: 2, key: 'no.such.key', value: 'x' },
      'key',
      'Unknown message key.',
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body, field, message) => {
    // The shop settings are the admin's (permission `settings`, roles.ts); the rest the editor's.
    const reply = await send(path().startsWith('/api/admin/settings') ? admin : editor, {
      method,
      path,
      body: () => body,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect(reply.body.message).toBe(message);
    expect(reply.body.errors[field]).toContain(message);
  });

  it('a translation must keep the English placeholders', async () => {
    // Any key with a placeholder will do; find one in the list.
    const list = await editor.get(`/api/admin/translations?language_id=${lang.de}`);
    const withVar = (list.body.payload.items as Array<{ key: string; english: string }>).find((i) =>
      /\{\{\w+\}\}/.test(i.english),
    );
    expect(withVar).toBeDefined();
    const reply = await editor.put('/api/admin/translations', {
      language_id: lang.de,
      key: withVar!.key,
      value: 'ohne Platzhalter',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/^The text must keep exactly the placeholders of the English text: \{\{\w+\}\}/);
  });

  it('unknown ids answer 404', async () => {
    expect((await editor.get('/api/admin/static-pages/999999')).body).toEqual({
      status: 'ERROR',
      code: 'not_found',
      message: 'Page not found',
    });
    expect((await editor.put('/api/admin/faqs/999999', { is_popular: true })).status).toBe(404);
    expect((await editor.delete('/api/admin/featured-categories/999999')).status).toBe(404);
    expect((await editor.get(`/api/admin/static-pages/${shippingId}/versions/999`)).body).toEqual({
      status: 'ERROR',
      code: 'not_found',
      message: 'Version not found',
    });
  });
});

describe('sanitising', () => {
  it('stores every XSS vector of a page and an FAQ inactive, and serves it inactive', async () => {
    const page = await editor.post('/api/admin/static-pages', {
      slug: 'xss-check',
      title: 'XSS check',
      content: '<p>start</p>',
      published: true,
    });
    const faq = await editor.post('/api/admin/faqs', { title: 'XSS check?', content: '<p>start</p>' });
    const db = database().db;
    for (const vector of XSS_VECTORS) {
      const content = `<p>marker</p>${vector}`;
      expect(
        (await editor.put(`/api/admin/static-pages/${page.body.payload.id}`, { language_id: lang.de, content })).status,
      ).toBe(200);
      expect((await editor.put(`/api/admin/faqs/${faq.body.payload.id}`, { content })).status).toBe(200);
      const [stored] = await db
        .select()
        .from(staticPageTranslations)
        .where(eq(staticPageTranslations.pageId, page.body.payload.id));
      expect(isActive(stored!.content), vector).toBe(false);
      expect(stored!.content).toContain('<p>marker</p>');
      const served = await guest.get(`/api/static-pages/xss-check?lang_id=${lang.de}`);
      expect(isActive(served.body.payload.content), vector).toBe(false);
      const preview = await editor.post('/api/admin/preview', { content });
      expect(isActive(preview.body.payload.html), vector).toBe(false);
      expect(preview.body.payload.html).toContain('<p>marker</p>');
    }
    // 40 rounds of two saves (each with a version) and three reads: room for a loaded machine.
  }, 180_000);

  it('sanitises again on render: HTML put into the table by other means is not served active', async () => {
    const db = database().db;
    await db
      .update(faqs)
      .set({ content: '<p>ok</p><img src=x onerror=alert("xss")><script>alert("xss")</script>' })
      .where(eq(faqs.id, 1));
    const served = (await getStaticPage(db, lang.en, 'shipping'))!;
    expect(isActive(served.content)).toBe(false);
    const faqList = await guest.get('/api/faqs');
    const first = faqList.body.faqs.find((f: { id: number }) => f.id === 1);
    expect(first.content).toBe('<p>ok</p><img src="x" />');
  });
});

describe('versions and restore', () => {
  it('records the original, each change with who and what, and restores a version as a new one', async () => {
    const db = database().db;
    const originalDe = (await getStaticPage(db, lang.de, 'shipping'))!;
    const first = await editor.put(`/api/admin/static-pages/${shippingId}`, {
      language_id: lang.de,
      title: 'Versand',
      content: '<p>Neu: Versand am selben Tag.</p>',
    });
    expect(first.status).toBe(200);
    expect(first.body.payload.texts.find((t: { code: string }) => t.code === 'de')).toMatchObject({
      title: 'Versand',
      content: '<p>Neu: Versand am selben Tag.</p>',
      own: true,
    });
    expect((await getStaticPage(db, lang.de, 'shipping'))!.content).toBe('<p>Neu: Versand am selben Tag.</p>');
    await editor.put(`/api/admin/static-pages/${shippingId}`, { published: false });

    const versions = await editor.get(`/api/admin/static-pages/${shippingId}/versions`);
    expect(
      versions.body.payload.map(
        (v: { version: number; action: string; summary: string; editor: { email: string } | null }) => [
          v.version,
          v.action,
          v.summary,
          v.editor?.email ?? null,
        ],
      ),
    ).toEqual([
      [3, 'update', 'unpublished', DEMO_EDITOR.email],
      [2, 'update', 'de: title, content', DEMO_EDITOR.email],
      [1, 'original', 'State before the first edit', null],
    ]);
    expect(await getStaticPage(db, lang.de, 'shipping')).toBeNull();

    const one = await editor.get(`/api/admin/static-pages/${shippingId}/versions/1`);
    expect(one.body.payload.snapshot.texts.de).toEqual({ title: originalDe.title, content: originalDe.content });
    expect(one.body.payload.snapshot.published).toBe(true);

    const restored = await editor.post(`/api/admin/static-pages/${shippingId}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Version 1 restored.');
    const back = (await getStaticPage(db, lang.de, 'shipping'))!;
    expect(back).toMatchObject({ title: originalDe.title, content: originalDe.content });
    const after = await editor.get(`/api/admin/static-pages/${shippingId}/versions`);
    expect(after.body.payload[0]).toMatchObject({
      version: 4,
      action: 'restore',
      summary: 'restored version 1',
      editor: { email: DEMO_EDITOR.email },
    });
  });
});

describe('slug rename', () => {
  it('moves the page; the old slug redirects, a new page may not take the new one, and may reclaim the old', async () => {
    const db = database().db;
    const [returns] = await db.select().from(staticPages).where(eq(staticPages.slug, 'returns'));
    const renamed = await editor.put(`/api/admin/static-pages/${returns!.id}`, { slug: 'returns-and-refunds' });
    expect(renamed.body.payload.slug).toBe('returns-and-refunds');
    expect(await redirectedSlug(db, 'returns')).toBe('returns-and-refunds');
    expect((await guest.get('/api/static-pages/returns-and-refunds')).body.payload.id).toBe(returns!.id);
    // Renamed twice: both old slugs lead to the current one.
    await editor.put(`/api/admin/static-pages/${returns!.id}`, { slug: 'refunds' });
    expect(await redirectedSlug(db, 'returns')).toBe('refunds');
    expect(await redirectedSlug(db, 'returns-and-refunds')).toBe('refunds');
    // The content API keeps the old addresses too, with the query.
    const moved = await guest.get(`/api/static-pages/returns?lang_id=${lang.de}`);
    expect(moved.status).toBe(301);
    expect(moved.res.headers.get('location')).toBe(`/api/static-pages/refunds?lang_id=${lang.de}`);
    // A new page may take an old slug; then it is that page's again, not a redirect.
    const fresh = await editor.post('/api/admin/static-pages', {
      slug: 'returns',
      title: 'Returns (new)',
      content: '<p>n</p>',
      published: true,
    });
    expect(fresh.status).toBe(201);
    expect(await redirectedSlug(db, 'returns')).toBeNull();
    expect((await guest.get('/api/static-pages/returns')).body.payload.title).toBe('Returns (new)');
  });
});

describe('edits are on the next public read (caches emptied)', () => {
  it('footer page list, FAQ list, settings and translations', async () => {
    const db = database().db;
    const before = await listStaticPages(db, lang.en);
    const about = before.find((p) => p.slug === 'about')!;
    await cachedFaqs(db, lang.en);
    await publicSettings(db);
    const t0 = await getTranslator(db, 'de');
    expect(t0('faq.back')).not.toBe('Zur Startseite!');

    await editor.put(`/api/admin/static-pages/${about.id}`, { title: 'About Gear Shop' });
    const faq = await editor.post('/api/admin/faqs', {
      title: 'Do you sell gift cards?',
      content: '<p>Yes.</p>',
      position: 999,
    });
    await admin.put('/api/admin/settings', { copyright: '© 2026 Gear Shop GmbH', vat_percent: 19.5 });
    await editor.put('/api/admin/translations', { language_id: lang.de, key: 'faq.back', value: 'Zur Startseite!' });

    expect((await listStaticPages(db, lang.en)).find((p) => p.id === about.id)!.title).toBe('About Gear Shop');
    expect((await cachedFaqs(db, lang.en)).at(-1)).toMatchObject({
      id: faq.body.payload.id,
      title: 'Do you sell gift cards?',
      content: '<p>Yes.</p>',
    });
    expect(await publicSettings(db)).toMatchObject({ copyright: '© 2026 Gear Shop GmbH', vat_percent: 19.5 });
    expect((await getTranslator(db, 'de'))('faq.back')).toBe('Zur Startseite!');
    const list = await editor.get(`/api/admin/translations?language_id=${lang.de}&q=faq.back`);
    expect(list.body.payload.items).toEqual([
      { key: 'faq.back', value: 'Zur Startseite!', english: expect.any(String), missing: false },
    ]);
  });

  it('lists the keys a language lacks', async () => {
    const db = database().db;
    await db
      .delete(localizations)
      .where(and(eq(localizations.languageId, lang.fr), eq(localizations.key, 'faq.title')));
    const list = await editor.get(`/api/admin/translations?language_id=${lang.fr}&missing=1`);
    // The French file may still hold the key; missing means neither the table nor the file has it.
    for (const item of list.body.payload.items) expect(item).toMatchObject({ value: null, missing: true });
    expect(list.body.payload.missing).toBe(list.body.payload.items.length);
  });
});

describe('per-language edits', () => {
  it('a German FAQ and featured tile text change German only', async () => {
    const db = database().db;
    const [faq] = await db.select().from(faqs).orderBy(faqs.position, faqs.id).limit(1);
    const enBefore = (await listFaqs(db, lang.en)).find((f) => f.id === faq!.id)!;
    const put = await editor.put(`/api/admin/faqs/${faq!.id}`, {
      language_id: lang.de,
      title: 'Wie schnell liefern Sie?',
      content: '<p>Schnell.</p>',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.payload.texts.find((t: { code: string }) => t.code === 'de')).toMatchObject({
      title: 'Wie schnell liefern Sie?',
      content: '<p>Schnell.</p>',
      own: true,
    });
    expect((await listFaqs(db, lang.de)).find((f) => f.id === faq!.id)).toMatchObject({
      title: 'Wie schnell liefern Sie?',
      content: '<p>Schnell.</p>',
    });
    expect((await listFaqs(db, lang.en)).find((f) => f.id === faq!.id)).toEqual(enBefore);

    const [tile] = await getFeaturedCategories(db, lang.en);
    const tilePut = await editor.put(`/api/admin/featured-categories/${tile!.id}`, {
      language_id: lang.fr,
      title: 'Aventure',
      description: 'Tout pour dehors.',
    });
    expect(tilePut.status, JSON.stringify(tilePut.body)).toBe(200);
    expect((await getFeaturedCategories(db, lang.fr)).find((t) => t.id === tile!.id)).toMatchObject({
      title: 'Aventure',
      description: 'Tout pour dehors.',
      url: tile!.url,
    });
    expect((await getFeaturedCategories(db, lang.en)).find((t) => t.id === tile!.id)).toEqual(tile);
    // The image is shared by every language, and '' removes it.
    expect(
      (await editor.put(`/api/admin/featured-categories/${tile!.id}`, { image_url: '' })).body.payload.image_url,
    ).toBe('');
  });
});

describe('roles', () => {
  it('an admin grants and takes the editor role; nobody changes their own', async () => {
    const db = database().db;
    await createUser(db, { email: 'new.editor@example.com', password: 'Editor1234!' });
    const fresh = createApiSession(api);
    await fresh.signIn('new.editor@example.com', 'Editor1234!');
    expect((await fresh.get('/api/admin/faqs')).status).toBe(403);
    expect(
      (await admin.put('/api/admin/editors', { email: 'New.Editor@example.com', role: 'editor' })).body.payload,
    ).toMatchObject({ role: 'editor' });
    expect((await fresh.get('/api/admin/faqs')).status).toBe(200);
    const staff = await admin.get('/api/admin/editors');
    expect(staff.body.payload.map((u: { email: string }) => u.email)).toEqual([
      ADMIN.email,
      DEMO_EDITOR.email,
      'new.editor@example.com',
      DEMO_STAFF.email,
    ]);
    expect((await admin.put('/api/admin/editors', { email: ADMIN.email, role: 'customer' })).body.message).toBe(
      'You cannot change your own role.',
    );
    expect((await admin.put('/api/admin/editors', { email: 'nobody@example.com', role: 'editor' })).status).toBe(422);
    await admin.put('/api/admin/editors', { email: 'new.editor@example.com', role: 'customer' });
    expect((await fresh.get('/api/admin/faqs')).status).toBe(403);
  });

  it('staff run orders, not content or roles; editors do not reach staff areas (ADR 023)', async () => {
    const staff = await signedIn(createApiSession(api), DEMO_STAFF);
    for (const path of [
      '/api/admin/faqs',
      '/api/admin/static-pages',
      '/api/admin/static-pages/1',
      '/api/admin/translations',
      '/api/admin/editors',
    ]) {
      const res = await staff.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ status: 'ERROR', code: 'forbidden', message: 'This action is unauthorized.' });
    }
    expect((await staff.put('/api/admin/settings', { copyright: 'x' })).status).toBe(403);
    // An admin grants staff; staff cannot grant anything.
    await createUser(database().db, { email: 'new.staff@example.com', password: 'Staff1234!' });
    expect(
      (await admin.put('/api/admin/editors', { email: 'new.staff@example.com', role: 'staff' })).body.payload,
    ).toMatchObject({ role: 'staff' });
    expect((await staff.put('/api/admin/editors', { email: 'new.staff@example.com', role: 'editor' })).status).toBe(
      403,
    );
    await admin.put('/api/admin/editors', { email: 'new.staff@example.com', role: 'customer' });
  });
});
