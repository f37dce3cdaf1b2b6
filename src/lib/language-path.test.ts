import { describe, expect, it } from 'vitest';
import { isLocalizedPath, localizePath, pathInLanguage, splitLanguagePath, withPathPrefix } from './language-path';

describe('language paths (ADR 028)', () => {
  it('the default language is unprefixed, others get their code in front', () => {
    expect(localizePath('/products/all/all?sale=true', 'en', 'en')).toBe('/products/all/all?sale=true');
    expect(localizePath('/products/all/all?sale=true', 'de', 'en')).toBe('/de/products/all/all?sale=true');
    expect(localizePath('/', 'fr', 'en')).toBe('/fr/');
    expect(localizePath('/faq', 'DE', 'en')).toBe('/de/faq');
  });

  it('shared paths (API, back office, files, machine files) have no language', () => {
    for (const path of [
      '/api/products',
      '/admin/pages',
      '/images/x.avif',
      '/media/a.png',
      '/_astro/a.js',
      '/sitemap.xml',
      '/robots.txt',
      '/locale?x=1',
      '/pay/demo/1',
      '/dev/mailbox',
    ]) {
      expect(isLocalizedPath(path)).toBe(false);
      expect(localizePath(path, 'de', 'en')).toBe(path);
    }
    expect(isLocalizedPath('/payment/processing')).toBe(true);
    expect(localizePath('//evil.example/x', 'de', 'en')).toBe('//evil.example/x');
  });

  it('splits a known language segment off, and only a known one', () => {
    expect(splitLanguagePath('/de/products/all', ['de', 'fr'])).toEqual({ segment: 'de', rest: '/products/all' });
    expect(splitLanguagePath('/de', ['de', 'fr'])).toEqual({ segment: 'de', rest: '/' });
    expect(splitLanguagePath('/es/products', ['de', 'fr'])).toEqual({ segment: null, rest: '/es/products' });
    expect(splitLanguagePath('/design', ['de'])).toEqual({ segment: null, rest: '/design' });
  });

  it('the same page in another language keeps its query', () => {
    const codes = ['en', 'de', 'fr'];
    expect(pathInLanguage('/de/products/all/all?sort=desc', 'fr', 'en', codes)).toBe('/fr/products/all/all?sort=desc');
    expect(pathInLanguage('/de/products/all/all?sort=desc', 'en', 'en', codes)).toBe('/products/all/all?sort=desc');
    expect(pathInLanguage('/faq', 'de', 'en', codes)).toBe('/de/faq');
    expect(pathInLanguage('/admin/pages', 'de', 'en', codes)).toBe('/admin/pages');
  });

  it('a known prefix is put in front of localized paths only', () => {
    expect(withPathPrefix('/cart', '/de')).toBe('/de/cart');
    expect(withPathPrefix('/cart', '')).toBe('/cart');
    expect(withPathPrefix('/api/cart', '/de')).toBe('/api/cart');
  });
});
