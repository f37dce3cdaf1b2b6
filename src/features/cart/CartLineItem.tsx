import { useState } from 'react';
import {
  canDecrease,
  canIncrease,
  type CartLine,
  lineAttributes,
  lineCategory,
  linePrice,
  quantityOnBlur,
  sanitizeQuantityText,
  stepQuantity,
  typedQuantity,
} from './cart-lines';
import { MAX_QUANTITY, MIN_QUANTITY } from '@/lib/rules/quantity';
import { fill } from '@/lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';

/**
 * One cart line (accounts spec §2 Cart page, §5 Cart quantity): image, name, category, the
 * variation's attribute names, a stepper with a number input (minimum 1, minus disabled at 1,
 * blur below 1 → 1), the line price and Remove. An unavailable line shows the notice and Remove
 * only. Quantity changes go to the store, which debounces and reverts (§4).
 */
export interface CartLineItemProps {
  line: CartLine;
  /** The count to show (pending or the server's). */
  shown: number;
  unavailable?: boolean;
  texts: CartPageTexts;
  money(amount: number): string;
  onQuantity(count: number): void;
  onRemove(): void;
  busy?: boolean;
}

export default function CartLineItem({
  line,
  shown,
  unavailable = false,
  texts,
  money,
  onQuantity,
  onRemove,
  busy,
}: CartLineItemProps) {
  // What the shopper is typing; otherwise the field follows the shown count (a step, the
  // server's answer, a revert).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(shown);
  const name = line.item.name;
  const inputId = `cart-qty-${line.id}`;
  const category = lineCategory(line);
  const attributes = lineAttributes(line);

  function change(next: number) {
    if (next !== shown) onQuantity(next);
  }

  return (
    <li className={`cart-line${unavailable ? ' cart-line-unavailable' : ''}`} data-line-id={line.id}>
      <img
        className="cart-line-image"
        src={line.item.image_url}
        alt=""
        width="96"
        height="96"
        loading="lazy"
        decoding="async"
      />
      <div className="cart-line-info">
        <h3 className="cart-line-name">{name}</h3>
        {category && (
          <p className="cart-line-category">
            <span className="visually-hidden">{texts.category}: </span>
            {category}
          </p>
        )}
        {attributes && <p className="cart-line-attributes">{attributes}</p>}
        {unavailable && (
          <p className="cart-line-notice" role="note">
            {texts.unavailableText}
          </p>
        )}
      </div>
      {!unavailable && (
        <div className="cart-line-quantity">
          <label className="visually-hidden" htmlFor={inputId}>
            {fill(texts.quantityOf, { name })}
          </label>
          <div className="stepper">
            <button
              type="button"
              className="stepper-button"
              aria-label={texts.decrease}
              aria-controls={inputId}
              disabled={!canDecrease(shown)}
              onClick={() => change(stepQuantity(shown, -1))}
            >
              −
            </button>
            <input
              id={inputId}
              className="stepper-input"
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
              value={text}
              onFocus={() => setDraft(String(shown))}
              onChange={(event) => {
                const value = sanitizeQuantityText(event.currentTarget.value);
                setDraft(value);
                const next = typedQuantity(value);
                if (next !== null && next !== shown) onQuantity(next);
              }}
              onBlur={() => {
                setDraft(null);
                // A typed number was sent while typing (its answer may have reverted it); only an
                // empty or zero field is set here.
                if (typedQuantity(text) === null) change(quantityOnBlur(text));
              }}
            />
            <button
              type="button"
              className="stepper-button"
              aria-label={texts.increase}
              aria-controls={inputId}
              disabled={!canIncrease(shown)}
              onClick={() => change(stepQuantity(shown, 1))}
            >
              +
            </button>
          </div>
        </div>
      )}
      {!unavailable && (
        <p className="cart-line-price">
          <span className="visually-hidden">{texts.linePrice}: </span>
          {money(linePrice(line, shown))}
        </p>
      )}
      <button
        type="button"
        className="cart-line-remove"
        aria-label={fill(texts.removeItem, { name })}
        disabled={busy}
        onClick={onRemove}
      >
        {texts.remove}
      </button>
    </li>
  );
}
