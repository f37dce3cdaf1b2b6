/**
 * Product card actions, for every card on the page through one delegated listener (no framework
 * on the page until a press): the wishlist toggle follows the `wishlist` store (shown once this
 * runs: it needs browser storage), and "Add to cart" adds a product without variations directly
 * and a product with variations opens the shared variation modal (storefront §4 "Product card
 * add to cart"; src/features/product/open-variation-modal.ts). Without JavaScript the button
 * is a GET form to the product page.
 *
 * Texts come from the page: `data-card-texts` holds the JSON of VariationModalTexts.
 */
import type { VariationModalTexts } from '../product/open-variation-modal';
import { $wishlist, toggleWishlist } from '../wishlist/wishlist-store';

function syncWishlist(ids: readonly number[]): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-wishlist-id]')) {
    button.setAttribute('aria-pressed', String(ids.includes(Number(button.dataset.wishlistId))));
    button.hidden = false;
  }
}

function modalTexts(): VariationModalTexts | null {
  const raw = document.querySelector<HTMLElement>('[data-card-texts]')?.dataset.cardTexts;
  try {
    return raw ? (JSON.parse(raw) as VariationModalTexts) : null;
  } catch {
    return null;
  }
}

/** Loads the cart (and, for variations, the modal) code on the first press only. */
async function addFromCard(button: HTMLButtonElement, texts: VariationModalTexts): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  const id = Number(button.dataset.addToCart);
  try {
    if (button.dataset.hasVariations === 'true') {
      const { openVariationModal } = await import('../product/open-variation-modal');
      await openVariationModal({ productId: id, texts });
    } else {
      const { addAndToast } = await import('../product/add-to-cart');
      await addAndToast(id, false, texts);
    }
  } finally {
    button.removeAttribute('aria-busy');
  }
}

export function enhanceCards(): void {
  $wishlist.subscribe(syncWishlist);
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const wish = target?.closest<HTMLButtonElement>('button[data-wishlist-id]');
    if (wish) {
      toggleWishlist(Number(wish.dataset.wishlistId));
      return;
    }
    const add = target?.closest<HTMLButtonElement>('button[data-add-to-cart]');
    const texts = add ? modalTexts() : null;
    if (add && texts) {
      event.preventDefault();
      void addFromCard(add, texts);
    }
  });
}
