import { fill } from '@/lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';
import { type PromoCode, promoSubmitDisabled } from './checkout-rules';

/**
 * The checkout's promo code (accounts spec §4 Promo; §5 Promo code): a field with Apply while
 * no code is active, then the active code with Remove, and a note when the address is needed
 * before the discount can be shown.
 */
interface Props {
  text: string;
  promo: PromoCode | null;
  checking: boolean;
  /** Remove waits for a running calculation or order. */
  removeDisabled: boolean;
  /** Said politely under the field ('' for nothing). */
  note: string;
  onText(text: string): void;
  onApply(): void;
  onRemove(): void;
  texts: CartPageTexts['promo'];
}

export default function CheckoutPromo({
  text,
  promo,
  checking,
  removeDisabled,
  note,
  onText,
  onApply,
  onRemove,
  texts,
}: Props) {
  return (
    <div className="field checkout-promo">
      <label htmlFor="checkout-promo">{texts.label}</label>
      <div className="checkout-promo-row">
        <input
          id="checkout-promo"
          className="input"
          value={text}
          placeholder={texts.placeholder}
          autoComplete="off"
          maxLength={64}
          disabled={promo !== null}
          onChange={(event) => onText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
        />
        <button
          type="button"
          className="button"
          disabled={promoSubmitDisabled(text, checking, promo)}
          onClick={onApply}
        >
          {texts.apply}
        </button>
      </div>
      {promo && (
        <p className="checkout-promo-active">
          <span>{fill(texts.active, { code: promo.code })}</span>
          <button type="button" className="link-button" onClick={onRemove} disabled={removeDisabled}>
            {texts.remove}
          </button>
        </p>
      )}
      <p className="checkout-promo-note" role="status" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
