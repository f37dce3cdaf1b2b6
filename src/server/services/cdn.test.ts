import { describe, expect, it } from 'vitest';
import { applyCdnHeaders, cookieFree, pageKey } from './cdn';

describe('CDN headers (issue 33)', () => {
  it('only a request without page-shaping cookies is cookie-free', () => {
    expect(cookieFree(null)).toBe(true);
    expect(cookieFree('')).toBe(true);
    expect(cookieFree('XSRF-TOKEN=abc')).toBe(true);
    expect(cookieFree('XSRF-TOKEN=abc; shop_session=x')).toBe(false);
    expect(cookieFree('languageId=2')).toBe(false);
    expect(cookieFree('cookie-consent=all; XSRF-TOKEN=a')).toBe(false);
    expect(cookieFree('tracker=1')).toBe(false);
  });

  it('public with s-maxage, stale-while-revalidate and the keys (shop first, no repeats)', () => {
    const headers = new Headers({ 'Cache-Control': 'no-cache' });
    applyCdnHeaders(headers, ['product-3', 'category-1', 'product-3']);
    expect(headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    expect(headers.get('surrogate-key')).toBe('shop product-3 category-1');
    expect(headers.get('cache-tag')).toBe('shop,product-3,category-1');
  });

  it('no keys: every trace is taken off and the Cache-Control stays the page own', () => {
    const headers = new Headers({ 'Cache-Control': 'private, no-store', 'Surrogate-Key': 'shop product-3' });
    applyCdnHeaders(headers, null);
    expect(headers.get('surrogate-key')).toBeNull();
    expect(headers.get('cache-tag')).toBeNull();
    expect(headers.get('cache-control')).toBe('private, no-store');
  });

  it('page keys are safe header tokens', () => {
    expect(pageKey('Über uns/2')).toBe('page--ber-uns-2');
    expect(pageKey('faq')).toBe('page-faq');
  });
});
