/**
 * Phone first (issue 18): on narrow screens the list's Filters button opens its panel (sort,
 * price, categories, facets) in a native modal dialog — the page behind inert, Escape closes,
 * focus back on the button. Without JavaScript the same markup is a plain <details> disclosure;
 * on wide screens the panel is a column (CSS) and the button is not shown.
 */
const NARROW = '(max-width: 899.98px)';

/** Asked by a control inside the panel that wants focus after a page load (list-enhance.ts). */
export const REVEAL_EVENT = 'list:reveal';

export function enhanceFilterDialog(): void {
  const details = document.querySelector<HTMLDetailsElement>('details[data-list-filters]');
  const panel = details?.querySelector<HTMLElement>('[data-filters-panel]');
  const summary = details?.querySelector<HTMLElement>('summary');
  if (!details || !panel || !summary) return;
  const dialog = document.createElement('dialog');
  dialog.className = 'filters-dialog';
  dialog.setAttribute('aria-label', details.dataset.title ?? 'Filters');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button secondary filters-close';
  close.textContent = details.dataset.closeLabel ?? 'Close';
  close.addEventListener('click', () => dialog.close());
  dialog.append(close);
  document.body.append(dialog);

  const open = () => {
    if (dialog.open) return;
    dialog.append(panel);
    dialog.showModal();
  };
  dialog.addEventListener('close', () => {
    details.append(panel);
    summary.focus();
  });
  summary.addEventListener('click', (event) => {
    if (!matchMedia(NARROW).matches) return;
    event.preventDefault();
    open();
  });
  document.addEventListener(REVEAL_EVENT, (event) => {
    if (matchMedia(NARROW).matches && event.target instanceof Node && panel.contains(event.target)) open();
  });
}
