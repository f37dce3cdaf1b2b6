/**
 * The /wishlist page (storefront "Wishlist", §4): ids from the `wishlist` store (browser
 * storage), cards from GET /api/products/by-ids, "Your wishlist is empty", Remove, and Move to
 * cart, which takes the id out only when the add succeeded (a product with variations goes
 * through the shared variation modal; it counts as added when the cart changed while it was
 * open). Plain DOM, no framework; the cart and modal code load on the first press. Prices
 * follow $currency without a reload (the page passes livePrices).
 */
import '@/stores/bootstrap';
import { api } from '@/stores/api';
import { $currency } from '../i18n/locale';
import { formatMoney } from '@/lib/money';
import { fill } from '@/lib/rules/placeholders';
import { oldPriceOf } from '../catalog/product-card';
import { productPath } from '../product/breadcrumbs';
import type { VariationModalTexts } from '../product/open-variation-modal';
import { $wishlist, removeFromWishlist } from './wishlist-store';
import { byIdsQuery, idChunks, inWishlistOrder } from './wishlist-view';
import type { ProductJson } from '@/lib/contract/catalog';

/** The wishlist's cards are the catalogue's product shape (src/lib/contract/catalog.ts). */
type WishlistProduct = ProductJson;

interface WishlistTexts extends VariationModalTexts {
  moveToCart: string;
  moveToCartNamed: string;
  remove: string;
  removeNamed: string;
  error: string;
  price: string;
  oldPrice: string;
  /** "from {{price}}": a product whose variations differ in price. */
  priceFrom: string;
  soldOut: string;
}

const named = (template: string, name: string) => fill(template, { name });

/** One card: photo, name, price (and the old one), Move to cart and Remove. */
function wishlistItem(
  p: WishlistProduct,
  texts: WishlistTexts,
  money: (amount: string) => string,
  busy: boolean,
): HTMLLIElement {
  const href = productPath(p);
  const li = document.createElement('li');
  li.className = 'wishlist-item';
  li.dataset.productId = String(p.id);

  const media = document.createElement('a');
  media.className = 'wl-media';
  media.href = href;
  media.tabIndex = -1;
  media.setAttribute('aria-hidden', 'true');
  const img = document.createElement('img');
  Object.assign(img, { src: p.image_url, alt: '', width: 120, height: 120, loading: 'lazy', decoding: 'async' });
  media.append(img);

  const info = document.createElement('div');
  info.className = 'wl-info';
  const h2 = document.createElement('h2');
  h2.className = 'wl-name';
  const link = document.createElement('a');
  link.href = href;
  link.textContent = p.name;
  h2.append(link);
  const price = document.createElement('p');
  price.className = 'wl-price';
  const label = document.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = texts.price;
  const now = document.createElement('strong');
  now.textContent = p.price_from ? fill(texts.priceFrom, { price: money(p.retail_price) }) : money(p.retail_price);
  price.append(label, now);
  const old = oldPriceOf(p);
  if (old) {
    const oldLabel = document.createElement('span');
    oldLabel.className = 'visually-hidden';
    oldLabel.textContent = texts.oldPrice;
    const s = document.createElement('s');
    s.textContent = money(old);
    price.append(' ', oldLabel, s);
  }
  info.append(h2, price);

  const actions = document.createElement('div');
  actions.className = 'wl-actions';
  const move = document.createElement('button');
  move.type = 'button';
  move.className = 'wl-move';
  if (p.availability === 'out_of_stock') {
    // Not offered: moving a sold-out product would only end in a warning (issue 29).
    move.disabled = true;
    move.textContent = texts.soldOut;
  } else {
    move.dataset.move = String(p.id);
    move.textContent = texts.moveToCart;
    move.setAttribute('aria-label', named(texts.moveToCartNamed, p.name));
    if (busy) move.setAttribute('aria-busy', 'true');
  }
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'wl-remove';
  remove.dataset.remove = String(p.id);
  remove.textContent = texts.remove;
  remove.setAttribute('aria-label', named(texts.removeNamed, p.name));
  actions.append(move, remove);

  li.append(media, info, actions);
  return li;
}

export function startWishlist(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset.texts ?? '{}') as WishlistTexts;
  const list = root.querySelector<HTMLUListElement>('[data-wishlist-list]')!;
  const loading = root.querySelector<HTMLElement>('[data-wishlist-loading]')!;
  const empty = root.querySelector<HTMLElement>('[data-wishlist-empty]')!;
  const failure = root.querySelector<HTMLElement>('[data-wishlist-error]')!;
  const heading = document.querySelector<HTMLElement>('#wishlist-title');
  let products = new Map<number, WishlistProduct>();
  let loadedFor = '';
  const busy = new Set<number>();
  let generation = 0;

  // The product cards' formatter, in the page language and the chosen currency.
  const money = (amount: string) => {
    const { code, symbol } = $currency.get();
    return formatMoney(amount, code, document.documentElement.lang || 'en', symbol);
  };

  function show(state: 'loading' | 'empty' | 'error' | 'list'): void {
    loading.hidden = state !== 'loading';
    empty.hidden = state !== 'empty';
    failure.hidden = state !== 'error';
    list.hidden = state !== 'list';
    root.setAttribute('aria-busy', String(state === 'loading'));
  }

  function render(): void {
    const ids = $wishlist.get();
    if (ids.length === 0) return show('empty');
    const shown = inWishlistOrder(ids, [...products.values()]);
    if (shown.length === 0) return show('empty');
    list.replaceChildren(...shown.map((p) => wishlistItem(p, texts, money, busy.has(p.id))));
    show('list');
  }

  async function load(): Promise<void> {
    const ids = $wishlist.get();
    const key = `${ids.join(',')}|${$currency.get().code}`;
    if (ids.length === 0) {
      products = new Map();
      loadedFor = key;
      return render();
    }
    const mine = ++generation;
    if (list.hidden) show('loading');
    try {
      const replies = await Promise.all(
        idChunks(ids).map((chunk) =>
          api.get('/products/by-ids', { query: byIdsQuery(chunk), fallbackMessage: texts.error }),
        ),
      );
      if (mine !== generation) return;
      products = new Map(replies.flatMap((r) => r.payload ?? []).map((p) => [p.id, p]));
      loadedFor = key;
      render();
    } catch (error) {
      if (mine !== generation) return;
      const message = failure.querySelector<HTMLElement>('[data-error-text]');
      if (message) message.textContent = error instanceof Error && error.message ? error.message : texts.error;
      show('error');
    }
  }

  function focusAfterRemoval(id: number): void {
    const items = [...list.querySelectorAll<HTMLElement>('.wishlist-item')];
    const index = items.findIndex((li) => li.dataset.productId === String(id));
    const next = items[index + 1] ?? items[index - 1];
    removeFromWishlist(id);
    const target = next && list.contains(next) ? next : null;
    const button = target?.querySelector<HTMLButtonElement>('.wl-remove') ?? null;
    if (button && !list.hidden) button.focus();
    else heading?.focus();
  }

  async function moveToCart(id: number, button: HTMLButtonElement): Promise<void> {
    const product = products.get(id);
    if (!product || busy.has(id)) return;
    busy.add(id);
    button.setAttribute('aria-busy', 'true');
    try {
      let added = false;
      if (product.variations.length > 0) {
        const [{ openVariationModal }, { $cart }] = await Promise.all([
          import('../product/open-variation-modal'),
          import('../cart/cart-store'),
        ]);
        const stop = $cart.listen(() => {
          added = true;
        });
        try {
          await openVariationModal({ product, texts });
        } finally {
          stop();
        }
      } else {
        const { addAndToast } = await import('../product/add-to-cart');
        added = (await addAndToast(id, false, texts)).ok;
      }
      // Spec §4: the id leaves the wishlist only if the add succeeded.
      if (added) focusAfterRemoval(id);
    } finally {
      busy.delete(id);
      button.removeAttribute('aria-busy');
    }
  }

  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const remove = target?.closest<HTMLButtonElement>('button[data-remove]');
    if (remove) return focusAfterRemoval(Number(remove.dataset.remove));
    const move = target?.closest<HTMLButtonElement>('button[data-move]');
    if (move) return void moveToCart(Number(move.dataset.move), move);
    if (target?.closest('[data-wishlist-retry]')) void load();
  });

  $wishlist.listen((ids) => {
    // Removal here or in another tab: re-render; an id added elsewhere: load it.
    if (ids.some((id) => !products.has(id))) void load();
    else render();
  });
  $currency.listen(() => {
    if (!loadedFor.endsWith(`|${$currency.get().code}`)) void load();
  });
  void load();
}

const root = document.querySelector<HTMLElement>('[data-wishlist-root]');
if (root) startWishlist(root);
