/**
 * Opens the variation modal from plain scripts (product cards' delegated listener): loads the
 * product when only its id is known (GET /api/products/{id}/info, in the page's currency and
 * language), then React and the modal, and mounts it in a container of its own that is removed
 * on close; focus goes back to the element that opened it. Resolves when the modal closes.
 *
 *   import { openVariationModal } from '../product/open-variation-modal';
 *   await openVariationModal({ productId: 12, texts });   // texts: VariationModalTexts
 */
import '@/stores/bootstrap';
import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import type { ModalProduct, VariationModalTexts } from './VariationModal';

export type { ModalProduct, VariationModalTexts } from './VariationModal';

export interface OpenVariationModalInput {
  product?: ModalProduct;
  productId?: number;
  texts: VariationModalTexts;
  /** Shown when the product cannot be loaded (default "Failed to load product details"). */
  loadFailed?: string;
}

export async function openVariationModal(input: OpenVariationModalInput): Promise<void> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let product = input.product;
  if (!product) {
    try {
      const reply = await api.get(`/products/${input.productId}/info`, {
        fallbackMessage: input.loadFailed ?? 'Failed to load product details',
      });
      product = reply.payload;
    } catch (error) {
      showToast(
        error instanceof ApiError && error.message
          ? error.message
          : (input.loadFailed ?? 'Failed to load product details'),
        'error',
      );
      return;
    }
  }
  const [{ createElement }, { createRoot }, { default: VariationModal }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('./VariationModal'),
  ]);
  const host = document.createElement('div');
  host.className = 'variation-modal-host';
  document.body.append(host);
  const root = createRoot(host);
  await new Promise<void>((resolve) => {
    const close = () => {
      root.unmount();
      host.remove();
      opener?.focus();
      resolve();
    };
    root.render(createElement(VariationModal, { product: product!, texts: input.texts, onClose: close }));
  });
}
