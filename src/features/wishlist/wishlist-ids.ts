/**
 * The wishlist's list of product ids (storefront §3, §4): add an id if not present, remove an
 * id; stored as JSON under the `wishlist` key. Pure, so the store and its tests share it.
 */

export const WISHLIST_KEY = 'wishlist';

/** Whatever is stored → a list of unique positive ids (bad or foreign data reads as empty). */
export function decodeWishlist(raw: string | null | undefined): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids: number[] = [];
    for (const item of value) {
      const id = typeof item === 'string' ? Number(item) : item;
      if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
    }
    return ids;
  } catch {
    return [];
  }
}

export function encodeWishlist(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

export function withId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

export function withoutId(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}
