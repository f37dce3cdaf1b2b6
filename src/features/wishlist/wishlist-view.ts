/**
 * The wishlist page's pure parts: which ids to ask the API for (in chunks the API accepts) and
 * the products to show in the wishlist's order. Shared by the page script and its tests.
 */

/** GET /api/products/by-ids takes at most this many ids. */
export const BY_IDS_CHUNK = 50;

export function idChunks(ids: readonly number[], size = BY_IDS_CHUNK): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** The query of GET /api/products/by-ids for one chunk. */
export function byIdsQuery(ids: readonly number[]): { ids: string } {
  return { ids: ids.join(',') };
}

/** Products in the wishlist's order (newest saved last, as stored); ids without a product are left out. */
export function inWishlistOrder<T extends { id: number }>(ids: readonly number[], products: readonly T[]): T[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}

/** Ids in the list that were never loaded (a change from another tab, or the first load). */
export function missingIds(ids: readonly number[], loaded: ReadonlySet<number>): number[] {
  return ids.filter((id) => !loaded.has(id));
}
