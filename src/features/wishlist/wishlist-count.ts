/**
 * The header's wishlist count (issue 29). The ids live in this browser, so the server renders the
 * link without a count and this fills it in: on every page from storage (DefaultLayout's start
 * script, no store needed), and live from the `wishlist` store where one runs (wishlist-store.ts).
 */
import { fill } from '@/lib/rules/placeholders';
import { WISHLIST_KEY, decodeWishlist } from './wishlist-ids';

export function showWishlistCount(count: number): void {
  const link = document.querySelector<HTMLElement>('[data-wishlist-link]');
  const badge = link?.querySelector<HTMLElement>('[data-wishlist-badge]');
  if (!link || !badge) return;
  badge.hidden = count === 0;
  badge.textContent = count > 99 ? '99+' : String(count);
  const { label = '', countLabel = '' } = link.dataset;
  link.setAttribute('aria-label', count > 0 ? fill(countLabel, { count }) : label);
}

function storedCount(): number {
  try {
    return decodeWishlist(localStorage.getItem(WISHLIST_KEY)).length;
  } catch {
    return 0;
  }
}

export function startWishlistCount(): void {
  showWishlistCount(storedCount());
  // Another tab changed it (pages without the store do not hear it otherwise).
  window.addEventListener('storage', (event) => {
    if (event.key === WISHLIST_KEY || event.key === null) showWishlistCount(storedCount());
  });
}
