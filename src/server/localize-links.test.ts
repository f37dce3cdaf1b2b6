import { describe, expect, it } from 'vitest';
import { localizeLinks, localizeResponse } from './localize-links';

const segments = ['en', 'de', 'fr'];

describe('localizeLinks', () => {
  it('prefixes site links, form targets and data-href, and nothing else', () => {
    const html =
      '<a href="/">Home</a><a class="x" href="/products/all/all?sale=true">Sale</a>' +
      '<form method="get" action="/products/all"></form><button data-href="/products/a/b/1">Add</button>' +
      '<link rel="preload" href="/images/p/1.avif"><script src="/_astro/a.js"></script>' +
      '<a href="/api/x">api</a><a href="/admin">admin</a><a href="https://shop.example/faq">abs</a>' +
      '<a href="//cdn.example/x">cdn</a><a href="#reviews">here</a><a href="/de/faq">already</a>' +
      '<div props="{&quot;href&quot;:[0,&quot;/cart&quot;]}"></div><p>href="/not-an-attribute"</p>';
    expect(localizeLinks(html, '/de', segments)).toBe(
      '<a href="/de/">Home</a><a class="x" href="/de/products/all/all?sale=true">Sale</a>' +
        '<form method="get" action="/de/products/all"></form><button data-href="/de/products/a/b/1">Add</button>' +
        '<link rel="preload" href="/images/p/1.avif"><script src="/_astro/a.js"></script>' +
        '<a href="/api/x">api</a><a href="/admin">admin</a><a href="https://shop.example/faq">abs</a>' +
        '<a href="//cdn.example/x">cdn</a><a href="#reviews">here</a><a href="/de/faq">already</a>' +
        '<div props="{&quot;href&quot;:[0,&quot;/cart&quot;]}"></div><p>href="/not-an-attribute"</p>',
    );
  });

  it('leaves the default language page alone', () => {
    expect(localizeLinks('<a href="/faq">FAQ</a>', '', segments)).toBe('<a href="/faq">FAQ</a>');
  });

  it("keeps a page's redirect in its language", async () => {
    const moved = await localizeResponse(
      new Response(null, { status: 301, headers: { location: '/static-page/about-us' } }),
      '/de',
      segments,
    );
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/de/static-page/about-us');
    for (const location of ['/api/x', '/de/faq', '//evil.example', 'https://pay.example/x']) {
      expect(
        (
          await localizeResponse(new Response(null, { status: 302, headers: { location } }), '/de', segments)
        ).headers.get('location'),
      ).toBe(location);
    }
  });
});
