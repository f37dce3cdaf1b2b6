import { describe, expect, it } from 'vitest';
import { routeLanguage } from './language-routing';

const languages = [
  { id: 1, code: 'en', title: 'English', isDefault: true },
  { id: 2, code: 'de', title: 'Deutsch', isDefault: false },
  { id: 3, code: 'fr', title: 'Français', isDefault: false },
];
const get = (pathname: string, languageCookie?: string, search = '') =>
  routeLanguage({ method: 'GET', pathname, search, languageCookie }, languages);

describe('routeLanguage (ADR 028)', () => {
  it('a language URL renders that language whatever the cookie says', () => {
    expect(get('/de/products/all/all', '3', '?sale=true')).toMatchObject({
      kind: 'page',
      language: { id: 2 },
      rewrite: '/products/all/all?sale=true',
      prefix: '/de',
    });
    expect(get('/fr')).toMatchObject({ kind: 'page', language: { id: 3 }, rewrite: '/', prefix: '/fr' });
  });

  it("the default language's prefix is redirected away (one URL per page and language)", () => {
    expect(get('/en/faq', undefined, '?a=1')).toEqual({ kind: 'redirect', status: 301, location: '/faq?a=1' });
  });

  it('an unprefixed page sends a visitor who chose another language to its address', () => {
    expect(get('/faq', '2', '?a=1')).toEqual({ kind: 'redirect', status: 302, location: '/de/faq?a=1' });
    expect(get('/', '3')).toEqual({ kind: 'redirect', status: 302, location: '/fr/' });
  });

  it('no cookie, the default language or a bad cookie: the default language, no redirect', () => {
    for (const cookie of [undefined, '1', '99', 'x'])
      expect(get('/faq', cookie)).toMatchObject({ kind: 'page', language: { id: 1 }, rewrite: null, prefix: '' });
  });

  it('a form sent to an unprefixed page is not redirected', () => {
    expect(
      routeLanguage({ method: 'POST', pathname: '/contact', search: '', languageCookie: '2' }, languages),
    ).toMatchObject({ kind: 'page', language: { id: 1 } });
  });

  it('shared paths keep the cookie language; a language segment in front of one is no page', () => {
    expect(get('/admin/pages', '2')).toEqual({ kind: 'shared' });
    expect(get('/de/admin', '2')).toEqual({ kind: 'shared' });
    expect(get('/de/api/health')).toEqual({ kind: 'shared' });
  });

  it('never redirects to another site', () => {
    for (const pathname of ['/en//evil.example', '/en/\\evil.example', '//evil.example', '/\\evil.example']) {
      const route = get(pathname, '2');
      if (route.kind === 'redirect')
        expect(new URL(route.location, 'http://shop.test').origin).toBe('http://shop.test');
    }
    expect(get('/en//evil.example')).toEqual({ kind: 'shared' });
    expect(get('//evil.example', '2')).toEqual({ kind: 'shared' });
  });
});
