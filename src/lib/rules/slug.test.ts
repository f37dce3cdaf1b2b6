import { describe, expect, it } from 'vitest';
import { SLUG_FORMAT_MESSAGE, SLUG_LETTER_MESSAGE, slugify, slugProblem } from './slug';

describe('slugProblem', () => {
  it('accepts lowercase words joined by single hyphens', () => {
    for (const slug of ['shipping', 'shipping-and-delivery', 'faq-2026', 'a'])
      expect(slugProblem(slug), slug).toBeNull();
  });
  it('rejects capitals, spaces, underscores, double/edge hyphens and other characters', () => {
    for (const slug of ['Shipping', 'ship ping', 'ship_ping', 'ship--ping', '-ship', 'ship-', 'schön', 'a/b', 'a.b']) {
      expect(slugProblem(slug), slug).toBe(SLUG_FORMAT_MESSAGE);
    }
  });
  it('rejects digits only (read as a page id), empty and too long', () => {
    expect(slugProblem('2026')).toBe(SLUG_LETTER_MESSAGE);
    expect(slugProblem('')).toBe('The slug is required.');
    expect(slugProblem('a'.repeat(97))).toBe('The slug may have at most 96 characters.');
  });
});

describe('slugify', () => {
  it('makes a valid slug from a title', () => {
    expect(slugify('Shipping & Delivery')).toBe('shipping-delivery');
    expect(slugify('  Über uns!  ')).toBe('uber-uns');
  });
});
