import { brotliDecompressSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { contentChangedElsewhere } from './content-changed';
import { renderForGuests } from './guest-pages.server';

let rendered = 0;
/** A page render: counts itself and prints which render it was. */
const render = (init: { status?: number; setsCookie?: boolean; optIn?: boolean; signedInToo?: boolean } = {}) => {
  return (context: APIContext) => async () => {
    rendered++;
    if (init.optIn !== false) context.locals.cacheForGuests = true;
    if (init.signedInToo) context.locals.cacheForSignedIn = true;
    if (init.setsCookie) context.cookies.set('x', '1');
    return new Response(`<html><body>${`render ${rendered} `.repeat(200)}</body></html>`, {
      status: init.status ?? 200,
      headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'sha256-abc'" },
    });
  };
};

function context(
  path: string,
  options: { cookies?: Record<string, string>; method?: string; acceptEncoding?: string } = {},
) {
  const url = new URL(`http://shop.test${path}`);
  const set: string[] = [];
  const ctx = {
    url,
    request: new Request(url, {
      method: options.method ?? 'GET',
      headers: options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {},
    }),
    locals: { user: null, sessionId: null },
    cookies: {
      get: (name: string) => (options.cookies?.[name] === undefined ? undefined : { value: options.cookies[name] }),
      set: (name: string, value: string) => void set.push(`${name}=${value}`),
      headers: () => set.values(),
    },
  };
  return ctx as unknown as APIContext;
}

async function visit(
  path: string,
  options: Parameters<typeof context>[1] & {
    signedIn?: boolean;
    variant?: string;
    page?: ReturnType<typeof render>;
  } = {},
) {
  const ctx = context(path, options);
  const variant = options.variant ?? (options.signedIn ? 'shopper|verified|0' : undefined);
  const response = await renderForGuests(
    ctx,
    (options.page ?? render())(ctx),
    variant === undefined ? null : async () => variant,
  );
  const body = Buffer.from(await response.arrayBuffer());
  const text =
    response.headers.get('content-encoding') === 'br' ? brotliDecompressSync(body).toString() : body.toString();
  return { response, text, cache: response.headers.get('x-page-cache') };
}

describe('renderForGuests', () => {
  it('renders a guest page once and answers the next guests from the cache, headers included', async () => {
    const first = await visit('/faq?x=1');
    const second = await visit('/faq?x=1');
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.text).toBe(first.text);
    expect(second.response.headers.get('content-security-policy')).toBe("script-src 'sha256-abc'");
  });

  it('serves brotli from a copy compressed once', async () => {
    await visit('/faq?x=br');
    const a = await visit('/faq?x=br', { acceptEncoding: 'gzip, br' });
    const b = await visit('/faq?x=br', { acceptEncoding: 'br' });
    expect(a.response.headers.get('content-encoding')).toBe('br');
    expect(a.response.headers.get('vary')).toContain('Accept-Encoding');
    expect(Number(a.response.headers.get('content-length'))).toBeLessThan(a.text.length);
    expect(b.text).toBe(a.text);
  });

  it('signed-in visitors share a page that opted in only with visitors of the same variant, never with guests', async () => {
    const page = render({ signedInToo: true });
    const guest = await visit('/products/all/all?v=1', { page });
    const a1 = await visit('/products/all/all?v=1', { page, variant: 'shopper|verified|2' });
    const a2 = await visit('/products/all/all?v=1', { page, variant: 'shopper|verified|2' });
    const b = await visit('/products/all/all?v=1', { page, variant: 'shopper|verified|3' });
    expect([guest.cache, a1.cache, a2.cache, b.cache]).toEqual(['miss', 'miss', 'hit', 'miss']);
    expect(a2.text).toBe(a1.text);
    expect(new Set([guest.text, a1.text, b.text]).size).toBe(3);
    expect((await visit('/products/all/all?v=1', { page })).text).toBe(guest.text);
  });

  it('renders for every signed-in visitor, and for each language, currency and consent state', async () => {
    const guest = await visit('/products/all/all');
    expect((await visit('/products/all/all', { signedIn: true })).cache).toBeNull();
    expect((await visit('/products/all/all', { signedIn: true })).text).not.toBe(guest.text);
    const variants: Record<string, string>[] = [
      { languageId: '2' },
      { currency: 'USD' },
      { 'cookie-consent': 'true' },
      { 'cookie-notice-dismissed': '1' },
    ];
    for (const cookies of variants) {
      expect((await visit('/products/all/all', { cookies })).cache).toBe('miss');
    }
    expect((await visit('/products/all/all', { cookies: { unrelated: 'x' } })).cache).toBe('hit');
  });

  it('keeps the not-found page of a path, so unknown URLs cost no render either', async () => {
    const page = render({ status: 404 });
    expect((await visit('/static-page/gone', { page })).cache).toBe('miss');
    const again = await visit('/static-page/gone', { page });
    expect(again.cache).toBe('hit');
    expect(again.response.status).toBe(404);
  });

  it('keeps nothing that is not a plain 200 or 404 for everyone: other statuses, cookies set, pages that did not opt in, HEAD', async () => {
    for (const page of [
      render({ status: 500 }),
      render({ status: 302 }),
      render({ setsCookie: true }),
      render({ optIn: false }),
    ]) {
      await visit('/static-page/odd', { page });
      expect((await visit('/static-page/odd', { page })).cache).not.toBe('hit');
    }
    await visit('/static-page/head', { method: 'HEAD' });
    expect((await visit('/static-page/head', { method: 'HEAD' })).cache).toBeNull();
  });

  it('is emptied by a content change of this or another instance, so an edit shows on the next request', async () => {
    const before = await visit('/static-page/about');
    expect((await visit('/static-page/about')).cache).toBe('hit');
    contentChangedElsewhere({} as Db);
    const after = await visit('/static-page/about');
    expect(after.cache).toBe('miss');
    expect(after.text).not.toBe(before.text);
  });
});
