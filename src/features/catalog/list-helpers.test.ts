import { describe, expect, it } from 'vitest';
import { clampPage, largePagination, smallPagination, type PageSlot } from './pagination';
import { priceBounds, priceQuery, sanitizePriceInput } from './price-input';
import {
  EMPTY_LIST_STATE,
  canonicalPath,
  categoryUrlWithFilters,
  fullReset,
  listUrl,
  pageUrl,
  parseAttrs,
  parseListState,
  resetFilters,
  sortUrl,
  toggleAttrUrl,
  withFilter,
} from './list-query';
import { breadcrumbJsonLd, breadcrumbMode, documentTitle, jsonLdText, listBreadcrumbs, listTitle } from './breadcrumbs';
import { badgeKey, badgesOf, discountPercentOf, isOnSale, oldPriceOf } from './product-card';
import { productPath } from '../product/breadcrumbs';

const show = (slots: PageSlot[]) =>
  slots.map((s) => (s.type === 'ellipsis' ? '…' : s.current ? `[${s.page}]` : String(s.page))).join(' ');

describe('pagination', () => {
  it('large: all pages up to 7', () => {
    expect(show(largePagination(1, 1))).toBe('[1]');
    expect(show(largePagination(3, 7))).toBe('1 2 [3] 4 5 6 7');
  });
  it('large: 7 slots with ellipsis at the start, end or both', () => {
    expect(show(largePagination(1, 20))).toBe('[1] 2 3 4 5 … 20');
    expect(show(largePagination(4, 20))).toBe('1 2 3 [4] 5 … 20');
    expect(show(largePagination(5, 20))).toBe('1 … 4 [5] 6 … 20');
    expect(show(largePagination(10, 20))).toBe('1 … 9 [10] 11 … 20');
    expect(show(largePagination(16, 20))).toBe('1 … 15 [16] 17 … 20');
    expect(show(largePagination(17, 20))).toBe('1 … 16 [17] 18 19 20');
    expect(show(largePagination(20, 20))).toBe('1 … 16 17 18 19 [20]');
    expect(show(largePagination(4, 8))).toBe('1 2 3 [4] 5 … 8');
    expect(show(largePagination(5, 8))).toBe('1 … 4 [5] 6 7 8');
  });
  it('large: never more than 7 slots and every ellipsis hides at least two pages', () => {
    for (let last = 1; last <= 30; last += 1) {
      for (let current = 1; current <= last; current += 1) {
        const slots = largePagination(current, last);
        expect(slots.length).toBeLessThanOrEqual(7);
        const pages = slots.flatMap((s) => (s.type === 'page' ? [s.page] : []));
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(last);
        slots.forEach((s, i) => {
          if (s.type !== 'ellipsis') return;
          const before = slots[i - 1] as { page: number };
          const after = slots[i + 1] as { page: number };
          expect(after.page - before.page).toBeGreaterThanOrEqual(3);
        });
      }
    }
  });
  it('small: a window of up to 4 pages around the current one', () => {
    expect(show(smallPagination(1, 3))).toBe('[1] 2 3');
    expect(show(smallPagination(1, 20))).toBe('[1] 2 3 4');
    expect(show(smallPagination(2, 20))).toBe('1 [2] 3 4');
    expect(show(smallPagination(10, 20))).toBe('9 [10] 11 12');
    expect(show(smallPagination(20, 20))).toBe('17 18 19 [20]');
    expect(show(smallPagination(19, 20))).toBe('17 18 [19] 20');
  });
  it('clamps the page between 1 and the last page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(show(largePagination(99, 3))).toBe('1 2 [3]');
  });
});

describe('price filter input', () => {
  it('keeps digits and one decimal point', () => {
    expect(sanitizePriceInput('12a.5.0')).toBe('12.50');
    expect(sanitizePriceInput('-1e5')).toBe('15');
    expect(sanitizePriceInput('1,5')).toBe('1.5');
    expect(sanitizePriceInput('..')).toBe('.');
    expect(sanitizePriceInput('')).toBe('');
  });
  it('empty or invalid minimum → 0, empty maximum → no limit', () => {
    expect(priceBounds('', '')).toEqual({ min: '0', max: null });
    expect(priceBounds('.', 'abc')).toEqual({ min: '0', max: null });
    expect(priceBounds('10.', '.5')).toEqual({ min: '10', max: '0.5' });
    expect(priceBounds(' 7.25 ', '100')).toEqual({ min: '7.25', max: '100' });
  });
  it('leaves the default minimum out of the query', () => {
    expect(priceQuery({ min: '0', max: null })).toEqual({ price_min: null, price_max: null });
    expect(priceQuery({ min: '0.00', max: '50' })).toEqual({ price_min: null, price_max: '50' });
    expect(priceQuery({ min: '5', max: null })).toEqual({ price_min: '5', price_max: null });
  });
});

describe('list URLs', () => {
  const params = (q: string) => new URLSearchParams(q);
  it('parses the route and queries leniently', () => {
    const s = parseListState(
      'outdoor',
      undefined,
      params('search=%20tent%20&new=true&sale=1&sort=desc&price_min=5&attrs=3,1&attrs=2,x&page=3'),
    );
    expect(s).toEqual({
      category: 'outdoor',
      subcategory: 'all',
      search: 'tent',
      isNew: true,
      sale: true,
      sort: 'desc',
      priceMin: '5',
      priceMax: '',
      attrs: [1, 2, 3],
      page: 3,
    });
    expect(parseListState(undefined, undefined, params('sort=up&page=-2&new=yes'))).toEqual({
      ...EMPTY_LIST_STATE,
      attrs: [],
    });
    expect(parseAttrs(['1,,0,7', '7'])).toEqual([1, 7]);
  });
  it('builds URLs with defaults left out and a fixed order', () => {
    expect(listUrl(EMPTY_LIST_STATE)).toBe('/products/all/all');
    const s = { ...EMPTY_LIST_STATE, category: 'outdoor', subcategory: 'tents', sale: true, attrs: [4], page: 2 };
    expect(listUrl(s)).toBe('/products/outdoor/tents?sale=true&attrs=4&page=2');
    expect(pageUrl(s, 1)).toBe('/products/outdoor/tents?sale=true&attrs=4');
  });
  it('any filter change goes back to page 1', () => {
    const s = { ...EMPTY_LIST_STATE, category: 'outdoor', page: 4 };
    expect(sortUrl(s, 'desc')).toBe('/products/outdoor/all?sort=desc');
    expect(toggleAttrUrl({ ...s, attrs: [2] }, 1)).toBe('/products/outdoor/all?attrs=1%2C2');
    expect(toggleAttrUrl({ ...s, attrs: [1, 2] }, 1)).toBe('/products/outdoor/all?attrs=2');
    expect(withFilter(s, { priceMax: '10' }).page).toBe(1);
    expect(categoryUrlWithFilters({ ...s, search: 'tent' }, '/products/outdoor/tents')).toBe(
      '/products/outdoor/tents?search=tent',
    );
  });
  it('refresh filters keeps the route and flags; the full reset goes to all/all', () => {
    const s = {
      ...EMPTY_LIST_STATE,
      category: 'outdoor',
      isNew: true,
      search: 'x',
      sort: 'desc' as const,
      priceMin: '1',
      priceMax: '9',
      attrs: [3],
      page: 5,
    };
    expect(listUrl(resetFilters(s))).toBe('/products/outdoor/all?new=true');
    expect(listUrl(fullReset())).toBe('/products/all/all');
  });
  it('canonical path: route, flags and pages after 1 only', () => {
    const s = { ...EMPTY_LIST_STATE, category: 'outdoor', sale: true, search: 'x', sort: 'desc' as const, attrs: [3] };
    expect(canonicalPath(s, 1)).toBe('/products/outdoor/all?sale=true');
    expect(canonicalPath(s, 3)).toBe('/products/outdoor/all?sale=true&page=3');
  });
});

describe('title and breadcrumbs', () => {
  const texts = {
    home: 'Home',
    allProducts: 'All Products',
    newArrivals: 'New Arrivals',
    saleItems: 'Sale Items',
    searchResultsFor: (q: string) => `Search Results for "${q}"`,
  };
  const path = [
    { name: 'Outdoor', href: '/products/outdoor/all' },
    { name: 'Tents', href: '/products/outdoor/tents' },
  ];
  const input = { search: '', isNew: false, sale: false, categoryPath: [] as typeof path };
  it('title is the category name or All Products', () => {
    expect(listTitle(input, texts)).toBe('All Products');
    expect(listTitle({ ...input, categoryPath: path, search: 'x' }, texts)).toBe('Tents');
  });
  it('breadcrumbs: search, new, sale, category path, all — in that precedence', () => {
    const labels = (i: typeof input) => listBreadcrumbs(i, texts).map((c) => c.label);
    expect(labels({ ...input, search: ' tent ', isNew: true, categoryPath: path })).toEqual([
      'Home',
      'Search Results for "tent"',
    ]);
    expect(labels({ ...input, isNew: true, sale: true })).toEqual(['Home', 'New Arrivals']);
    expect(labels({ ...input, sale: true })).toEqual(['Home', 'Sale Items']);
    expect(labels({ ...input, categoryPath: path })).toEqual(['Home', 'Outdoor', 'Tents']);
    expect(labels(input)).toEqual(['Home', 'All Products']);
    expect(breadcrumbMode({ ...input, search: '   ' })).toBe('all');
  });
  it('only the last crumb has no link', () => {
    expect(listBreadcrumbs({ ...input, categoryPath: path }, texts)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Outdoor', href: '/products/outdoor/all' },
      { label: 'Tents' },
    ]);
  });
  it('document title and JSON-LD', () => {
    expect(documentTitle({ ...input, sale: true, categoryPath: path }, texts)).toBe('Sale Items – Tents');
    expect(documentTitle({ ...input, categoryPath: path }, texts)).toBe('Tents');
    const ld = breadcrumbJsonLd(
      listBreadcrumbs({ ...input, categoryPath: path }, texts),
      'https://shop.test',
      'https://shop.test/products/outdoor/tents',
    );
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
      { '@type': 'ListItem', position: 2, name: 'Outdoor', item: 'https://shop.test/products/outdoor/all' },
      { '@type': 'ListItem', position: 3, name: 'Tents', item: 'https://shop.test/products/outdoor/tents' },
    ]);
    expect(jsonLdText({ name: '</script><b>&' })).not.toMatch(/[<>&]/);
  });
});

describe('product card', () => {
  const p = {
    id: 7,
    retail_price: '10.00',
    old_price: '0.00',
    discount_percent: 0,
    top_product: false,
    new_arrival: false,
    categories: [
      { id: 2, url: '/products/outdoor/all' },
      { id: 9, url: '/products/outdoor/tents' },
    ],
  };
  it('sale badge: old price differing and not 0.00, or a discount', () => {
    expect(isOnSale(p)).toBe(false);
    expect(isOnSale({ ...p, old_price: '10.00' })).toBe(false);
    expect(isOnSale({ ...p, old_price: '12.00' })).toBe(true);
    expect(isOnSale({ ...p, discount_percent: 5 })).toBe(true);
    // A variation on sale makes the product a sale product, as the sale list counts it.
    expect(isOnSale({ ...p, variations: [{ discount_percent: 0 }, { discount_percent: 10 }] })).toBe(true);
    expect(isOnSale({ ...p, variations: [{ discount_percent: 0 }] })).toBe(false);
    expect(badgesOf({ ...p, old_price: '12.00', top_product: true, new_arrival: true })).toEqual([
      'sale',
      'top-product',
      'new-arrivals',
    ]);
    expect(badgesOf(p)).toEqual([]);
    expect(badgeKey('sale')).toBe('badge.sale');
    expect(badgeKey('other')).toBeNull();
  });
  it('old price and discount percent', () => {
    expect(oldPriceOf(p)).toBeNull();
    expect(oldPriceOf({ ...p, old_price: '12.50' })).toBe('12.50');
    expect(discountPercentOf({ ...p, old_price: '12.50' })).toBe(20);
    expect(discountPercentOf({ ...p, old_price: '12.50', discount_percent: 25 })).toBe(25);
    expect(discountPercentOf(p)).toBeNull();
    // The product page's cases (one rule for cards and the page): an "old" price below the price
    // is not struck through; a discount percent shows even without an old price.
    const page = { retail_price: '75.00', old_price: '0.00', discount_percent: 0 };
    expect(oldPriceOf({ ...page, old_price: '100.00' })).toBe('100.00');
    expect(discountPercentOf({ ...page, old_price: '100.00' })).toBe(25);
    expect(oldPriceOf({ ...page, old_price: '60.00' })).toBeNull();
    expect(oldPriceOf(page)).toBeNull();
    expect(discountPercentOf({ ...page, discount_percent: 10 })).toBe(10);
    expect(discountPercentOf(page)).toBeNull();
    expect(badgeKey('top-product')).toBe('badge.topProduct');
    expect(badgeKey('new-arrivals')).toBe('badge.newArrivals');
  });
  it('product link under the newest category', () => {
    expect(productPath(p)).toBe('/products/outdoor/tents/7');
    expect(productPath({ id: 3, categories: [] })).toBe('/products/all/all/3');
  });
});
