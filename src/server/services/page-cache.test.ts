import { describe, expect, it } from 'vitest';
import { createPageCache, pageCacheKey } from './page-cache';

const page = (text: string, headers: [string, string][] = [['content-type', 'text/html']]) => ({
  status: 200,
  headers,
  body: new TextEncoder().encode(text),
});
const cookies = (values: Record<string, string>) => (name: string) => values[name];

describe('pageCacheKey', () => {
  it('differs by path, query and each cookie a guest page depends on, and by nothing else', () => {
    const url = new URL('http://shop/products/all/all?sort=asc');
    const base = pageCacheKey(url, cookies({}));
    expect(pageCacheKey(new URL('http://shop/products/all/all?sort=desc'), cookies({}))).not.toBe(base);
    expect(pageCacheKey(new URL('http://shop/products/all/all'), cookies({}))).not.toBe(base);
    expect(pageCacheKey(url, cookies({ languageId: '2' }))).not.toBe(base);
    expect(pageCacheKey(url, cookies({ currency: 'USD' }))).not.toBe(base);
    expect(pageCacheKey(url, cookies({ 'cookie-consent': 'true' }))).not.toBe(base);
    expect(pageCacheKey(url, cookies({ 'cookie-notice-dismissed': '1' }))).not.toBe(base);
    expect(pageCacheKey(url, cookies({}), 2)).not.toBe(base);
    expect(pageCacheKey(url, cookies({ XSRF_TOKEN: 'abc', other: 'x' }))).toBe(base);
  });

  it('refuses odd requests: a long cookie value or a very long URL', () => {
    expect(pageCacheKey(new URL('http://shop/'), cookies({ currency: 'x'.repeat(17) }))).toBeNull();
    expect(pageCacheKey(new URL(`http://shop/?q=${'a'.repeat(600)}`), cookies({}))).toBeNull();
  });
});

describe('createPageCache', () => {
  it('answers until the time limit, then forgets', () => {
    const cache = createPageCache({ maxAgeMs: 1000, maxEntries: 10, maxBytes: 1 << 20 });
    cache.set('a', page('<p>a</p>'), 0);
    expect(new TextDecoder().decode(cache.get('a', 999)!.body)).toBe('<p>a</p>');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('never keeps a header that belongs to one visitor', () => {
    const cache = createPageCache();
    cache.set(
      'a',
      page('x', [
        ['content-type', 'text/html'],
        ['Set-Cookie', 's=1'],
        ['x-request-id', 'r1'],
        ['content-security-policy', "script-src 'sha256-1'"],
      ]),
    );
    expect(cache.get('a')!.headers).toEqual([
      ['content-type', 'text/html'],
      ['content-security-policy', "script-src 'sha256-1'"],
    ]);
  });

  it('drops the least recently used page beyond the entry and byte limits', () => {
    const cache = createPageCache({ maxAgeMs: 60_000, maxEntries: 2, maxBytes: 80 });
    cache.set('a', page('a'.repeat(10)));
    cache.set('b', page('b'.repeat(10)));
    cache.get('a');
    cache.set('c', page('c'.repeat(10)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    // 80 bytes in all, and no page above an eighth of that is kept.
    cache.set('big', page('x'.repeat(11)));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 20 });
  });

  it('keeps one compressed copy per encoding and counts its bytes', () => {
    const cache = createPageCache({ maxAgeMs: 60_000, maxEntries: 10, maxBytes: 1 << 20 });
    cache.set('a', page('a'.repeat(100)));
    const stored = cache.get('a')!;
    cache.addEncoding('a', stored, 'br', new Uint8Array(7));
    cache.addEncoding('a', stored, 'br', new Uint8Array(9));
    expect(cache.get('a')!.encoded.get('br')!.byteLength).toBe(7);
    expect(cache.stats()).toEqual({ entries: 1, bytes: 107 });
    // A copy made from a page that was replaced meanwhile is not kept.
    cache.set('a', page('b'.repeat(100)));
    cache.addEncoding('a', stored, 'gzip', new Uint8Array(5));
    expect(cache.get('a')!.encoded.size).toBe(0);
    expect(cache.stats()).toEqual({ entries: 1, bytes: 100 });
  });

  it('is emptied by clear()', () => {
    const cache = createPageCache();
    cache.set('a', page('a'));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });
});
