/**
 * The price and stock of the chosen variation on the product page (issue 26): the texts come
 * formatted from the server (choiceOffers in choice-offers.ts, from the same choicePrice the
 * cart charges), so the island formats nothing and shows exactly what the cart will.
 */
import type { ChoiceOfferTexts } from './choice-offers';

interface Props {
  offer: ChoiceOfferTexts | null;
  priceLabel: string;
  oldPriceLabel: string;
}

export default function ChoiceOffer({ offer, priceLabel, oldPriceLabel }: Props) {
  // Always in the page, so screen readers hear the change (aria-live) when a choice completes.
  return (
    <div className="choice-offer" aria-live="polite" data-testid="choice-offer">
      {offer && (
        <>
          <p className="choice-price">
            <span className="visually-hidden">{priceLabel}: </span>
            <strong>{offer.price}</strong>
            {offer.oldPrice && (
              <>
                {' '}
                <span className="visually-hidden">{oldPriceLabel}: </span>
                <s>{offer.oldPrice}</s>
              </>
            )}
            {offer.discount && <span className="discount"> {offer.discount}</span>}
          </p>
          <p className={`stock stock-${offer.availability}`}>{offer.stock}</p>
        </>
      )}
    </div>
  );
}
