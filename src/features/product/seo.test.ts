import { describe, expect, it } from 'vitest';
import { mainCategory, parseProductId, productBreadcrumbs, productPath } from './breadcrumbs';
import { offerFields, productJsonLd, type ProductSeoInput } from './seo';
import { reviewAuthor, reviewProblems } from '@/lib/rules/review';
import { starsOf } from './reviews';

const categories = [
  {
    id: 3,
    name: 'Tents',
    url: '/products/outdoor/tents',
    parent: { id: 1, name: 'Outdoor', url: '/products/outdoor/all' },
  },
  {
    id: 9,
    name: 'Dome Tents',
    url: '/products/outdoor/dome-tents',
    parent: { id: 3, name: 'Tents', url: '/products/outdoor/tents' },
  },
];

describe('breadcrumbs and paths', () => {
  it('Home, parent, newest category, product', () => {
    expect(productBreadcrumbs('Home', { name: 'Dome', categories })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Tents', href: '/products/outdoor/tents' },
      { label: 'Dome Tents', href: '/products/outdoor/dome-tents' },
      { label: 'Dome' },
    ]);
    expect(
      productBreadcrumbs('Home', {
        name: 'X',
        categories: [{ id: 1, name: 'Outdoor', url: '/products/outdoor/all', parent: null }],
      }),
    ).toEqual([{ label: 'Home', href: '/' }, { label: 'Outdoor', href: '/products/outdoor/all' }, { label: 'X' }]);
    expect(productBreadcrumbs('Home', { name: 'X', categories: [] })).toHaveLength(2);
  });

  it('product path from the newest category', () => {
    expect(mainCategory(categories)?.id).toBe(9);
    expect(productPath({ id: 5, categories })).toBe('/products/outdoor/dome-tents/5');
    expect(productPath({ id: 5, categories: [{ id: 1, url: '/products/outdoor/all' }] })).toBe(
      '/products/outdoor/all/5',
    );
    expect(productPath({ id: 5, categories: [] })).toBe('/products/all/all/5');
  });

  it('product ids are digits only', () => {
    expect(parseProductId('12')).toBe(12);
    for (const bad of [undefined, '', 'abc', '1e3', '-1', '0', '12.5', '1234567890'])
      expect(parseProductId(bad)).toBeNull();
  });
});

describe('JSON-LD', () => {
  const input: ProductSeoInput = {
    name: 'Dome',
    sku: 'D-1',
    description: 'A tent',
    images: ['https://shop.test/a.svg'],
    url: 'https://shop.test/products/outdoor/dome-tents/5',
    price: '199.99',
    currency: 'EUR',
    availability: 'in_stock',
    reviews: { count: 0, average: null },
  };

  it('Product with Offer; AggregateRating only with reviews', () => {
    const data = productJsonLd(input);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Dome',
      offers: { '@type': 'Offer', price: '199.99', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(data.aggregateRating).toBeUndefined();
    const rated = productJsonLd({ ...input, availability: 'out_of_stock', reviews: { count: 3, average: 4.3 } });
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect((rated.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('an AggregateOffer from the lowest to the highest price when the variations differ in price', () => {
    const product = {
      retail_price: '249.00',
      price_from: true,
      max_price: 299,
      variations: [{}, {}, {}],
      availability: 'low_stock' as const,
    };
    expect(productJsonLd({ ...input, ...offerFields(product) }).offers).toEqual({
      '@type': 'AggregateOffer',
      url: input.url,
      lowPrice: '249.00',
      highPrice: '299.00',
      offerCount: 3,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/LimitedAvailability',
      itemCondition: 'https://schema.org/NewCondition',
    });
    expect(productJsonLd({ ...input, ...offerFields({ ...product, price_from: false }) }).offers).toMatchObject({
      '@type': 'Offer',
      price: '249.00',
    });
  });
});

describe('review rules', () => {
  it('rating 1-5 whole, text up to 2000 characters', () => {
    expect(reviewProblems(5, 'ok')).toEqual({});
    expect(reviewProblems('3', undefined)).toEqual({});
    expect(reviewProblems(0, '')).toEqual({ rating: 'rating' });
    expect(reviewProblems(4.5, '')).toEqual({ rating: 'rating' });
    expect(reviewProblems(5, 'x'.repeat(2001))).toEqual({ text: 'textTooLong' });
    expect(reviewProblems(5, 'x'.repeat(2000))).toEqual({});
    expect(reviewProblems(5, 7)).toEqual({ text: 'textType' });
  });

  it('signs with first name and initial; stars', () => {
    expect(reviewAuthor('Alex', 'demo')).toBe('Alex D.');
    expect(reviewAuthor(' ', '')).toBe('Customer');
    expect(starsOf(4.4)).toBe('★★★★☆');
  });
});
