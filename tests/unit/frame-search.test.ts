import { describe, expect, it } from 'vitest';
import { keptQuery, listRouteOf, searchOf, searchUrl } from '@/features/frame/search';

const at = (href: string) => new URL(href, 'http://shop.test');

describe('header search URL', () => {
  it('goes to /products/all with search and page=1 from a non-catalogue page', () => {
    expect(searchUrl(at('/'), 'tent')).toBe('/products/all?search=tent&page=1');
    expect(searchUrl(at('/contact?x=1'), ' tent ')).toBe('/products/all?search=tent&page=1');
  });

  it('keeps the category, subcategory and other query values of a list page, resetting page', () => {
    expect(searchUrl(at('/products/outdoor/tents?sort=desc&page=4&search=old'), 'dome')).toBe(
      '/products/outdoor/tents?sort=desc&search=dome&page=1',
    );
  });

  it('uses the list of a product page', () => {
    expect(searchUrl(at('/products/outdoor/tents/42'), 'x')).toBe('/products/outdoor/tents?search=x&page=1');
  });

  it('removes search when the box is empty', () => {
    expect(searchUrl(at('/products/all?search=old&sale=true'), '   ')).toBe('/products/all?sale=true&page=1');
  });

  it('encodes the text', () => {
    expect(searchUrl(at('/'), 'a&b c')).toBe('/products/all?search=a%26b+c&page=1');
  });

  it('reads the route and the search value', () => {
    expect(listRouteOf('/products')).toEqual({ category: 'all' });
    expect(listRouteOf('/products/sports')).toEqual({ category: 'sports' });
    // A segment that does not decode (the 404 page for `/%FF` rendered this header): kept as it is.
    expect(listRouteOf('/products/%FF')).toEqual({ category: '%FF' });
    expect(listRouteOf('/products/a%b/c%C3%A9')).toEqual({ category: 'a%b', subcategory: 'cé' });
    expect(searchOf(at('/products/all?search=bike'))).toBe('bike');
    expect([...keptQuery(at('/?sale=true')).keys()]).toEqual([]);
  });
});
