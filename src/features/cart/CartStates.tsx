import { pageHref } from '@/lib/language-path';
import type { CartPageTexts } from './cart-texts';

/** The cart page's states without lines (accounts spec §2 Cart page). */

export function CartSignedOut({ texts, signInHref }: { texts: CartPageTexts; signInHref: string }) {
  return (
    <div className="cart-empty">
      <p>{texts.empty}</p>
      <p>{texts.signInPrompt}</p>
      <p className="cart-empty-actions">
        <a className="button" href={pageHref(signInHref)}>
          {texts.signIn}
        </a>
        <a className="button secondary" href={pageHref('/products/all/all')}>
          {texts.continueShopping}
        </a>
      </p>
    </div>
  );
}

export function CartLoading({ texts }: { texts: CartPageTexts }) {
  return (
    <div className="cart-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{texts.loading}</span>
    </div>
  );
}

export function CartError({ message, texts, onRetry }: { message: string; texts: CartPageTexts; onRetry(): void }) {
  return (
    <div className="cart-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {texts.tryAgain}
      </button>
    </div>
  );
}

export function CartEmpty({ texts }: { texts: CartPageTexts }) {
  return (
    <div className="cart-empty">
      <p>{texts.empty}</p>
      <p>
        <a className="button" href={pageHref('/products/all/all')}>
          {texts.continueShopping}
        </a>
      </p>
    </div>
  );
}
