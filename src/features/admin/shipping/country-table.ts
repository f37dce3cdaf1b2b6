/**
 * /admin/shipping's country table in the browser (issue 25): the search hides the rows that do not
 * match, the "select" buttons tick the rows of a zone, of a region or the ones shown (ticks add up;
 * "none" clears them), and the status line says how many are selected and shown. Sending is
 * admin-forms.ts's job: the ticked boxes belong to the bulk form.
 */
import { fill } from '@/lib/rules/placeholders';
import type { Region } from '@/lib/rules/regions';
import { type CountryRow, matchesSearch, pickedIds, type Picker } from './country-selection';

export function initCountryTable(root: ParentNode): void {
  const form = root.querySelector<HTMLFormElement>('#countries-bulk');
  const search = root.querySelector<HTMLInputElement>('[data-country-search]');
  const zonePick = root.querySelector<HTMLSelectElement>('[data-zone-pick]');
  const status = root.querySelector<HTMLElement>('[data-country-count]');
  const apply = root.querySelector<HTMLButtonElement>('[data-country-apply]');
  if (!form || !search || !zonePick || !status || !apply) return;
  const rows = [...root.querySelectorAll<HTMLTableRowElement>('tr[data-country]')].map((tr) => ({
    tr,
    box: tr.querySelector<HTMLInputElement>('input[data-pick]')!,
    data: {
      id: Number(tr.dataset.id),
      name: tr.dataset.name ?? '',
      iso: tr.dataset.iso ?? '',
      zoneId: tr.dataset.zone ? Number(tr.dataset.zone) : null,
    } satisfies CountryRow,
  }));

  const refresh = () => {
    const selected = rows.filter((row) => row.box.checked).length;
    const shown = rows.filter((row) => !row.tr.hidden).length;
    status.textContent = fill(status.dataset.template ?? '', { selected, shown, total: rows.length });
    apply.disabled = selected === 0;
  };

  search.addEventListener('input', () => {
    for (const row of rows) row.tr.hidden = !matchesSearch(row.data, search.value);
    refresh();
  });
  // Enter in the search field searches; it must not send the bulk form.
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') event.preventDefault();
  });
  for (const row of rows) row.box.addEventListener('change', refresh);

  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-select]')) {
    button.addEventListener('click', () => {
      const kind = button.dataset.select;
      if (kind === 'none') {
        for (const row of rows) row.box.checked = false;
        refresh();
        return;
      }
      const picker: Picker =
        kind === 'zone'
          ? { by: 'zone', zoneId: zonePick.value === '' ? null : Number(zonePick.value) }
          : kind === 'region'
            ? { by: 'region', region: button.dataset.region as Region }
            : { by: 'shown', query: search.value };
      const ids = new Set(
        pickedIds(
          rows.map((row) => row.data),
          picker,
        ),
      );
      for (const row of rows) if (ids.has(row.data.id)) row.box.checked = true;
      refresh();
    });
  }
  refresh();
}
