import { describe, expect, it } from 'vitest';
import { leaves, PRODUCTS_PER_LEAF } from '@/server/db/seed/catalog-data';
import { flattenMessages } from '@/server/db/seed/i18n';
import { generateProducts, slugify } from '@/server/db/seed/products';
import { createRandom } from '@/server/db/seed/random';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('demo catalogue generator', () => {
  const products = generateProducts(leaves(), PRODUCTS_PER_LEAF, NOW);

  it('is deterministic', () => {
    const again = generateProducts(leaves(), PRODUCTS_PER_LEAF, NOW);
    expect(again.map((p) => [p.sku, p.name, p.priceCents, p.description])).toEqual(
      products.map((p) => [p.sku, p.name, p.priceCents, p.description]),
    );
  });

  it('has unique names, skus and slugs', () => {
    for (const key of ['name', 'sku', 'slug'] as const) {
      expect(new Set(products.map((p) => p[key])).size).toBe(products.length);
    }
  });

  it('spreads creation dates over the last year', () => {
    const ages = products.map((p) => (NOW.getTime() - p.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect(Math.max(...ages)).toBeGreaterThan(300);
  });

  it('keeps every offered option reachable and the product price at its cheapest variation', () => {
    for (const p of products.filter((x) => x.variations.length)) {
      p.groups.forEach((g, gi) => {
        for (const option of g.options) expect(p.variations.some((v) => v.options[gi] === option)).toBe(true);
      });
      expect(p.priceCents).toBe(Math.min(...p.variations.map((v) => v.priceCents)));
    }
  });
});

describe('helpers', () => {
  it('createRandom repeats for a seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });
  it('flattens nested messages with dots', () => {
    expect(flattenMessages({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
  });
  it('slugifies accents and symbols', () => {
    expect(slugify('Tente dôme Nordvik 2 & Co')).toBe('tente-dome-nordvik-2-co');
  });
});
