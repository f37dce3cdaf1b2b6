import '@/stores/bootstrap';
import { $auth } from '../account/auth-store';
import { useStore } from '@nanostores/react';
import { $currency } from '../i18n/locale';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { showToast } from '@/stores/toasts';
import type { CartContents } from './cart-lines';
import { $cart, $quantityDrafts, hydrateCart, loadCart, removeItem, setCartTexts, updateQuantity } from './cart-store';
import type { CartPageTexts } from './cart-texts';
import CartLineItem from './CartLineItem';
import { CartEmpty, CartError, CartLoading, CartSignedOut } from './CartStates';
import { linePrice } from './cart-lines';
import { fill } from '@/lib/rules/placeholders';
import Checkout from './Checkout';
import HeldOrders, { type HeldOrdersView } from './HeldOrders';
import type { HomeCountry } from '@/lib/home-country';
import type { PaymentMethod } from '@/lib/rules/payment';
import type { CheckoutCountry, ProfileForCheckout } from './checkout-form';
import { formatMoney, formatNumber, formatPercent } from '@/lib/money';
import './cart.css';
import { pageHref } from '@/lib/language-path';
import { useHydrated } from '@/stores/hydration';

/**
 * /cart (accounts spec §2 Cart page, Checkout form): the lines, the unavailable block, the
 * empty state, a spinner and an error box with Try again; Checkout replaces the list with the
 * shipping form (Back to cart returns). The page renders the first cart on the server, so the
 * lines are there before this island wakes; guests see the empty state with a sign-in link.
 */
export interface CartPageProps {
  signedIn: boolean;
  /** The cart as the page loaded it; null makes the island fetch it. */
  initialCart: CartContents | null;
  profile: ProfileForCheckout | null;
  /** The countries the shop sells to (the checkout's country list). */
  countries: CheckoutCountry[] | null;
  /** Every country, for the checkout's phone input; absent: the served ones. */
  phoneCountries?: CheckoutCountry[] | null;
  /** The shop's home country: the checkout address starts on it. */
  homeCountry?: HomeCountry | null;
  locale: string;
  /** The page currency (line prices are in it). */
  currency: { code: string; symbol: string };
  phoneNumbers: { global: string; ukEu: string };
  signInHref: string;
  texts: CartPageTexts;
  /** Passed to the checkout: the payment methods the shop takes. */
  paymentMethods?: readonly PaymentMethod[];
  /** Card orders waiting for payment that hold items of this cart (issue 29); null: none. */
  held?: HeldOrdersView | null;
}

export default function CartPage({
  signedIn: signedInOnLoad,
  initialCart,
  profile,
  countries,
  phoneCountries,
  homeCountry = null,
  locale,
  currency: pageCurrency,
  phoneNumbers,
  signInHref,
  texts,
  paymentMethods,
  held = null,
}: CartPageProps) {
  const stored = useStore($cart);
  // A 401 signs the shopper out here without leaving the page (accounts spec §4): the guest view
  // follows. Listened to, not read: the server render has no session marker to read.
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => $auth.listen((auth) => setSignedOut(!auth.isAuthenticated)), []);
  const signedIn = signedInOnLoad && !signedOut;
  // The page's currency first (as the server rendered it), then the store's: a currency change
  // on this page re-prices in place (livePrices), the refetched lines already in the new one.
  const liveCurrency = useStore($currency);
  const hydrated = useHydrated();
  const currency = hydrated ? liveCurrency : pageCurrency;
  const drafts = useStore($quantityDrafts);
  const [view, setView] = useState<'cart' | 'checkout'>('cart');
  const [removing, setRemoving] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Until the store has a cart, show what the server rendered.
  const cart = stored.loaded
    ? stored
    : { ...stored, lines: initialCart?.payload ?? [], unavailableItems: initialCart?.unavailableItems ?? [] };

  // Once, with the props the island was rendered with.
  const start = useEffectEvent(() => {
    setCartTexts(texts.store);
    if (!signedIn) return;
    if (initialCart && !$cart.get().loaded) hydrateCart(initialCart);
    else if (!initialCart) void loadCart();
  });
  useEffect(() => start(), []);

  const money = (amount: number, inCurrency: Currency = currency) => cartMoney(amount, inCurrency, locale);

  async function remove(line: (typeof cart.lines)[number]) {
    setRemoving(line.id);
    const result = await removeItem(line);
    setRemoving(null);
    if (result.ok) showToast(result.message, 'success');
    else if (result.kind !== 'handled') showToast(result.message, 'error');
  }

  function show(next: 'cart' | 'checkout') {
    setView(next);
    // The content changed in place: move focus to its heading so it is announced.
    requestAnimationFrame(() => headingRef.current?.focus());
    window.scrollTo({ top: 0 });
  }

  const empty = cart.lines.length === 0 && cart.unavailableItems.length === 0;
  // What a screen reader hears after the cart changed (quantity, removal): units and sum. Not on load.
  const units = cart.lines.reduce((sum, l) => sum + l.count, 0);
  const sum = cart.lines.reduce((total, l) => total + linePrice(l), 0);
  const summary = fill(texts.announce, { count: String(units), total: money(sum) });
  const announcement = useChangeAnnouncement(summary);
  const showSpinner = cart.loading && !cart.loaded && !initialCart;
  // Card orders waiting for payment hold the items: the cart says so instead of "empty" (issue 29).
  const emptyView = held ? <HeldOrders view={held} /> : <CartEmpty texts={texts} />;

  return (
    <div className="cart-view">
      <p className="visually-hidden" role="status" aria-live="polite">
        {view === 'cart' ? announcement : ''}
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {view === 'checkout' ? texts.checkoutTitle : texts.title}
      </h1>

      {view === 'checkout' && signedIn ? (
        <Checkout
          lines={cart.lines}
          profile={profile}
          countries={countries}
          phoneCountries={phoneCountries}
          homeCountry={homeCountry}
          signedIn={signedIn}
          phoneNumbers={phoneNumbers}
          texts={texts}
          money={money}
          percent={(rate: number) => formatPercent(rate, locale)}
          paymentMethods={paymentMethods}
          onBack={() => show('cart')}
          onNoStock={() => {
            void loadCart();
            show('cart');
          }}
        />
      ) : !signedIn ? (
        <CartSignedOut texts={texts} signInHref={signInHref} />
      ) : showSpinner ? (
        <CartLoading texts={texts} />
      ) : cart.error && !cart.loaded ? (
        <CartError message={cart.error || texts.loadFailed} texts={texts} onRetry={() => void loadCart()} />
      ) : empty ? (
        emptyView
      ) : (
        <>
          {held && <HeldOrders view={held} />}
          {cart.error && <CartError message={cart.error} texts={texts} onRetry={() => void loadCart()} />}
          {cart.lines.length > 0 && (
            <ul className="cart-lines" aria-label={texts.lines} aria-busy={cart.loading}>
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  shown={drafts[line.id] ?? line.count}
                  texts={texts}
                  money={money}
                  busy={removing === line.id}
                  onQuantity={(count) => void updateQuantity(line, count)}
                  onRemove={() => void remove(line)}
                />
              ))}
            </ul>
          )}
          {cart.unavailableItems.length > 0 && (
            <UnavailableLines
              lines={cart.unavailableItems}
              texts={texts}
              money={money}
              removing={removing}
              onRemove={(line) => void remove(line)}
            />
          )}
          {cart.lines.length > 0 && (
            <div className="cart-actions">
              <a className="link-button" href={pageHref('/products/all/all')}>
                {texts.continueShopping}
              </a>
              <button
                type="button"
                className="button"
                onClick={() => show('checkout')}
                disabled={Object.keys(drafts).length > 0}
              >
                {texts.checkout}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

type Line = CartContents['unavailableItems'][number];

/** The block of items that can no longer be bought (spec §2: "This item is no longer available." and Remove). */
function UnavailableLines({
  lines,
  texts,
  money,
  removing,
  onRemove,
}: {
  lines: Line[];
  texts: CartPageTexts;
  money: (amount: number) => string;
  removing: number | null;
  onRemove: (line: Line) => void;
}) {
  return (
    <section className="cart-unavailable" aria-labelledby="cart-unavailable-title">
      <h2 id="cart-unavailable-title">{texts.unavailableTitle}</h2>
      <ul className="cart-lines">
        {lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            shown={line.count}
            unavailable
            texts={texts}
            money={money}
            busy={removing === line.id}
            onQuantity={() => undefined}
            onRemove={() => onRemove(line)}
          />
        ))}
      </ul>
    </section>
  );
}

type Currency = { code: string; symbol: string };

function cartMoney(amount: number, currency: Currency, locale: string): string {
  try {
    return formatMoney(amount, currency.code, locale, currency.symbol);
  } catch {
    // A code that is not one (from old browser storage) must not break the cart page.
    return `${currency.symbol}${formatNumber(amount, locale, 2)}`;
  }
}

/** `text` once it differs from its first value (what a screen reader hears after a change), '' before. */
function useChangeAnnouncement(text: string): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(text);
  useEffect(() => {
    if (text !== first.current) setAnnouncement(text);
  }, [text]);
  return announcement;
}
