import { describe, expect, it } from 'vitest';
import { decodeWishlist, encodeWishlist, withId, withoutId } from './wishlist-ids';

describe('wishlist ids', () => {
  it('adds an id only once and removes it', () => {
    expect(withId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(withId([1, 2], 2)).toEqual([1, 2]);
    expect(withoutId([1, 2, 3], 2)).toEqual([1, 3]);
  });
  it('reads stored JSON defensively', () => {
    expect(decodeWishlist(encodeWishlist([4, 5]))).toEqual([4, 5]);
    expect(decodeWishlist('["4", 4, 0, -1, "x", 1.5, 6]')).toEqual([4, 6]);
    expect(decodeWishlist('{"a":1}')).toEqual([]);
    expect(decodeWishlist('not json')).toEqual([]);
    expect(decodeWishlist(null)).toEqual([]);
  });
});
