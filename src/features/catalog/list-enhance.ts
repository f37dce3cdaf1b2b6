/**
 * Enhancement of the list page's plain links and GET forms (everything works without it):
 * - price inputs accept digits and one decimal point, apply 500 ms after the last keystroke and
 *   at once on blur (storefront §5), keeping focus in the input across the page load;
 * - the sort drop-down applies on change (its Apply button is for no-JS);
 * - a spinner covers the list while the next page loads.
 * Navigation is a normal page load (server-rendered, same URLs), so the URL is always the state.
 */
import { PRICE_DEBOUNCE_MS, priceBounds, priceQuery, sanitizePriceInput } from './price-input';
import { listUrl, parseListState, withFilter } from './list-query';
import { REVEAL_EVENT } from './filters-dialog';
import { pageHref, pagePathname } from '@/lib/language-path';

const FOCUS_KEY = 'shop.list.focus';

function currentState() {
  const parts = pagePathname().split('/').filter(Boolean).map(decodeURIComponent);
  return parseListState(parts[1], parts[2], new URLSearchParams(location.search));
}

function showLoading(): void {
  const list = document.querySelector<HTMLElement>('[data-list-results]');
  if (!list) return;
  list.dataset.loading = 'true';
  list.setAttribute('aria-busy', 'true');
}

function go(url: string, focusName?: string): void {
  const here = pagePathname() + location.search;
  if (url === here) return;
  if (focusName) {
    try {
      sessionStorage.setItem(FOCUS_KEY, focusName);
    } catch {
      /* private mode: focus is simply not restored */
    }
  }
  showLoading();
  location.assign(pageHref(url));
}

function enhancePriceFilter(form: HTMLFormElement): void {
  const min = form.elements.namedItem('price_min') as HTMLInputElement | null;
  const max = form.elements.namedItem('price_max') as HTMLInputElement | null;
  if (!min || !max) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = (focusName?: string) => {
    clearTimeout(timer);
    timer = undefined;
    const q = priceQuery(priceBounds(min.value, max.value));
    go(listUrl(withFilter(currentState(), { priceMin: q.price_min ?? '', priceMax: q.price_max ?? '' })), focusName);
  };
  for (const input of [min, max]) {
    input.addEventListener('input', () => {
      const clean = sanitizePriceInput(input.value);
      if (clean !== input.value) input.value = clean;
      clearTimeout(timer);
      timer = setTimeout(() => apply(input.name), PRICE_DEBOUNCE_MS);
    });
    input.addEventListener('blur', (event) => {
      // Applied at once; when focus moved to the other bound it is put back there after the load.
      const next = (event as FocusEvent).relatedTarget;
      if (timer !== undefined) apply(next === min ? min.name : next === max ? max.name : undefined);
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  try {
    const name = sessionStorage.getItem(FOCUS_KEY);
    sessionStorage.removeItem(FOCUS_KEY);
    const input = name === 'price_min' ? min : name === 'price_max' ? max : null;
    if (input) {
      // On a phone the input is in the closed Filters panel: the dialog opens first.
      input.dispatchEvent(new Event(REVEAL_EVENT, { bubbles: true }));
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  } catch {
    /* no storage */
  }
}

function enhanceSort(form: HTMLFormElement): void {
  const select = form.elements.namedItem('sort') as HTMLSelectElement | null;
  if (!select) return;
  for (const el of form.querySelectorAll<HTMLElement>('[data-no-js]')) el.hidden = true;
  select.addEventListener('change', () => {
    // '' is "Best match" on a search: no sort parameter, the relevance order.
    const sort = select.value === 'desc' ? 'desc' : select.value === 'asc' ? 'asc' : null;
    go(listUrl(withFilter(currentState(), { sort })));
  });
}

export function enhanceList(): void {
  const price = document.querySelector<HTMLFormElement>('form[data-price-filter]');
  if (price) enhancePriceFilter(price);
  const sort = document.querySelector<HTMLFormElement>('form[data-sort]');
  if (sort) enhanceSort(sort);
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>('a[data-list-nav], [data-list-nav] a')
        : null;
    if (link && link.origin === location.origin && !link.target) showLoading();
  });
  // Back/forward from the cache must not keep the spinner.
  window.addEventListener('pageshow', () => {
    const list = document.querySelector<HTMLElement>('[data-list-results]');
    if (list) {
      delete list.dataset.loading;
      list.removeAttribute('aria-busy');
    }
  });
}
