import type { Translator } from '@/lib/translator';
import type { VariationModalTexts } from './VariationModal';

/**
 * Texts of add to cart and the variation modal, from the page's translator: the same on every
 * page with product cards (home, list, wishlist, the product page's Sale carousel). Pure.
 * Placeholders ({{name}}, {{option}}) are left in for the islands to fill.
 */
export function variationModalTexts(t: Translator): VariationModalTexts {
  return {
    added: t('product.addedToCart'),
    addFailed: t('product.addFailed'),
    signInToAdd: t('product.signInToAdd'),
    addToCart: t('product.addToCart'),
    adding: t('product.adding'),
    selectVariation: t('product.selectVariation'),
    noOption: t('product.noOption'),
    optionUnavailable: t('product.optionUnavailable', { option: '{{option}}' }),
    title: t('product.variationModal.label', { name: '{{name}}' }),
    close: t('product.variationModal.close'),
  };
}
