import type { CartPageTexts } from './cart-texts';
import type { PaymentMethod } from '@/lib/rules/payment';
import type { CheckoutButtonState } from './checkout-rules';

/**
 * The end of the checkout (accounts spec §2 Checkout form, payment method; §4 Checkout button
 * states): card or phone payment, then the one main button whose label and action follow the
 * form and the totals (checkoutButton in checkout-rules.ts).
 */
interface Props {
  /** The methods the shop takes (phone only without a card provider, ADR 018). */
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  button: CheckoutButtonState;
  label: string;
  texts: CartPageTexts['payment'];
}

export default function CheckoutPlaceOrder({ methods, method, onMethod, button, label, texts }: Props) {
  return (
    <>
      <fieldset className="checkout-payment">
        <legend>{texts.title}</legend>
        {methods.map((option) => (
          <label key={option} className="checkout-radio">
            <input
              type="radio"
              name="payment_method"
              value={option}
              checked={method === option}
              onChange={() => onMethod(option)}
            />
            {option === 'card' ? texts.card : texts.phone}
          </label>
        ))}
      </fieldset>

      <button
        type="submit"
        className={`button checkout-submit${button.label === 'error' ? ' is-error' : ''}`}
        // Never natively disabled: the button keeps the keyboard focus while the totals are
        // calculated (a disabled button drops it to the page). A press meanwhile does nothing
        // (Checkout's onMainAction); Complete Form still shows what is missing (§5).
        aria-disabled={button.disabled ? true : undefined}
        data-state={button.label}
      >
        {label}
      </button>
    </>
  );
}
