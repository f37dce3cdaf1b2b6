/**
 * What the product page says about each variation once it is chosen: price (with the struck
 * price and the badge when on sale) and stock ("Only N left" below the product's threshold,
 * counted per variation). Pure, over the API's product JSON; the page formats with its money.
 */
import type { Translator } from '@/lib/translator';
import type { ProductJson } from '@/lib/contract/catalog';
import { formatPercent } from '@/lib/money';
import { discountPercentOf, oldPriceOf } from '@/features/catalog/product-card';

export interface ChoiceOfferTexts {
  price: string;
  oldPrice: string | null;
  discount: string | null;
  availability: ProductJson['availability'];
  stock: string;
}

type Translate = Translator;

/** The stock line of a choice, as the page's own stock line words it. */
export function stockText(t: Translate, availability: ProductJson['availability'], stock: number): string {
  if (availability === 'out_of_stock') return t('product.outOfStock');
  return availability === 'low_stock' ? t('product.lowStock', { count: stock }) : t('product.inStock');
}

export function choiceOffers(
  product: Pick<ProductJson, 'variations'>,
  money: (amount: number) => string,
  t: Translate,
  locale: string,
): Record<number, ChoiceOfferTexts> {
  const offers: Record<number, ChoiceOfferTexts> = {};
  for (const v of product.variations) {
    const old = oldPriceOf(v);
    const percent = old ? discountPercentOf(v) : null;
    offers[v.id] = {
      price: money(v.price),
      oldPrice: old ? money(Number(old)) : null,
      discount: percent === null ? null : formatPercent(-percent, locale),
      availability: v.availability,
      stock: stockText(t, v.availability, v.stock),
    };
  }
  return offers;
}
