import { describe, expect, it } from 'vitest';
import { byIdsQuery, idChunks, inWishlistOrder, missingIds } from './wishlist-view';

describe('wishlist view', () => {
  it('asks for at most 50 ids a call', () => {
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    const chunks = idChunks(ids);
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 20]);
    expect(chunks.flat()).toEqual(ids);
    expect(idChunks([])).toEqual([]);
    expect(byIdsQuery([3, 1])).toEqual({ ids: '3,1' });
  });
  it('shows products in the stored order and leaves out ids the shop no longer has', () => {
    expect(inWishlistOrder([3, 9, 1], [{ id: 1 }, { id: 3 }]).map((p) => p.id)).toEqual([3, 1]);
  });
  it('finds the ids not loaded yet', () => {
    expect(missingIds([1, 2, 3], new Set([2]))).toEqual([1, 3]);
  });
});
