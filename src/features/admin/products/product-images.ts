/**
 * The image rows of the product editor: move up, move down, remove. The rows' field names carry
 * their row key (data-row="images:<n>"), and the form sends rows in document order, so moving a
 * row's element is all a reorder needs. Each move is announced for screen readers.
 */
export function initImageRows(root: Document): void {
  const list = root.querySelector<HTMLElement>('[data-image-rows]');
  const status = root.querySelector<HTMLElement>('[data-image-status]');
  if (!list) return;
  const announce = (text: string) => {
    if (status) status.textContent = text;
  };
  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button');
    const row = button?.closest<HTMLElement>('[data-image-row]');
    if (!button || !row) return;
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('[data-image-row]'));
    if (button.dataset.move === 'up' && row.previousElementSibling) {
      list.insertBefore(row, row.previousElementSibling);
      button.focus();
      announce(`Image moved to position ${rows().indexOf(row) + 1}.`);
    } else if (button.dataset.move === 'down' && row.nextElementSibling) {
      list.insertBefore(row.nextElementSibling, row);
      button.focus();
      announce(`Image moved to position ${rows().indexOf(row) + 1}.`);
    } else if (button.dataset.remove !== undefined) {
      const next = row.nextElementSibling ?? row.previousElementSibling;
      row.remove();
      (next?.querySelector<HTMLElement>('button') ?? list.closest('form')?.querySelector<HTMLElement>('button[type="submit"]'))?.focus();
      announce('Image removed. Save images to keep the change.');
    }
  });
}
