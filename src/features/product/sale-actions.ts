/**
 * Add to cart on the product page's Sale carousel cards (storefront "Add to cart everywhere"):
 * one delegated listener; a product without variations is added directly, otherwise the
 * variation modal opens. The cart and modal code load on the first press only. Texts come from
 * the section's `data-texts` (JSON of VariationModalTexts).
 */
import type { VariationModalTexts } from './open-variation-modal';

function textsOf(el: Element): VariationModalTexts | null {
  const raw = el.closest<HTMLElement>('[data-sale-texts]')?.dataset.saleTexts;
  try {
    return raw ? (JSON.parse(raw) as VariationModalTexts) : null;
  } catch {
    return null;
  }
}

document.addEventListener('click', (event) => {
  const button =
    event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-sale-add]') : null;
  if (!button || button.getAttribute('aria-busy') === 'true') return;
  const texts = textsOf(button);
  if (!texts) return;
  const id = Number(button.dataset.saleAdd);
  button.setAttribute('aria-busy', 'true');
  const done = () => button.removeAttribute('aria-busy');
  if (button.dataset.hasVariations === 'true') {
    void import('./open-variation-modal')
      .then(({ openVariationModal }) => openVariationModal({ productId: id, texts }))
      .finally(done);
  } else {
    void import('./add-to-cart').then(({ addAndToast }) => addAndToast(id, false, texts)).finally(done);
  }
});
