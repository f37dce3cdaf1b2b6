import '@/stores/bootstrap';
import '../account/auth-store';
import { useMemo, useState } from 'react';
import { addAndToast, type AddTexts } from './add-to-cart';
import VariationSelects, { type VariationSelectTexts } from './VariationSelects';
import ChoiceOffer from './ChoiceOffer';
import type { ChoiceOfferTexts } from './choice-offers';
import { addTarget, canAddToCart, choose, emptySelection, optionGroups, type VariationLike } from './variations';

export interface ProductPurchaseTexts extends AddTexts, VariationSelectTexts {
  addToCart: string;
  adding: string;
  selectVariation: string;
  price: string;
  oldPrice: string;
  soldOut: string;
}

interface Props {
  productId: number;
  variations: VariationLike[];
  texts: ProductPurchaseTexts;
  /** Per variation id: its price and stock, shown once it is chosen. */
  offers?: Record<number, ChoiceOfferTexts>;
  /** Nothing of the product is in stock: no choices, only a disabled "Sold out" (issue 29). */
  soldOut?: boolean;
}

/**
 * The product page's drop-downs and Add to cart (storefront §4 "Product page variations"): every
 * group starts empty, incompatible options are disabled, Add to cart is enabled once every
 * group has a choice (at once without variations), quantity 1. Server-rendered in its start
 * state; hydrates on the first touch. The page is per product, and the island is keyed by the
 * product, so a product change starts from an empty selection.
 */
export default function ProductPurchase({ productId, variations, texts, offers = {}, soldOut = false }: Props) {
  const groups = useMemo(() => optionGroups(variations), [variations]);
  const [selection, setSelection] = useState(() => emptySelection(groups));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = variations.length > 0 ? addTarget({ id: productId, variations }, selection) : null;
  const offer = chosen?.ok ? (offers[chosen.id] ?? null) : null;
  // A sold-out product or choice is not offered: the add would only end in a warning.
  const unavailable = soldOut || offer?.availability === 'out_of_stock';
  const enabled = canAddToCart(variations, selection) && !busy && !unavailable;

  async function add() {
    const target = addTarget({ id: productId, variations }, selection);
    if (!target.ok) {
      setError(texts.selectVariation);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addAndToast(target.id, target.isVariation, texts);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="product-purchase"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      {groups.length > 0 && !soldOut && (
        <VariationSelects
          idPrefix={`product-${productId}`}
          groups={groups}
          variations={variations}
          selection={selection}
          onChange={(key, id) => {
            setSelection((s) => choose(s, key, id));
            setError(null);
          }}
          texts={texts}
          withEmpty
          disableIncompatible
        />
      )}
      {groups.length > 0 && !soldOut && (
        <ChoiceOffer offer={offer} priceLabel={texts.price} oldPriceLabel={texts.oldPrice} />
      )}
      <p className="purchase-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button add-to-cart" disabled={!enabled} aria-busy={busy || undefined}>
        {busy ? texts.adding : unavailable ? texts.soldOut : texts.addToCart}
      </button>
    </form>
  );
}
