/**
 * The order export's progress (ADR 023): fetches the streamed CSV, counts the rows as they arrive
 * against the total the server sends first (X-Total-Count), shows it in a <progress> with a live
 * text, then saves the file. Without JavaScript the link downloads the same file directly.
 * Its texts come in the admin's language from the box's data-texts (the page renders them), under
 * the prefix the box names in data-export-keys (the orders' by default; the reports have their own).
 */
import { formatNumber } from '@/lib/money';
import { scriptText } from '@/lib/script-texts';

export const TOTAL_HEADER = 'X-Total-Count';

function countRows(chunk: Uint8Array): number {
  let rows = 0;
  for (const byte of chunk) if (byte === 10) rows++;
  return rows;
}

/** The box's texts, asked for by their last segment (`started`, `progress`, …). */
function keysOf(box: HTMLElement): (key: string, vars?: Record<string, unknown>) => string {
  const t = scriptText(box);
  const prefix = box.dataset.exportKeys ?? 'admin.orders.export';
  return (key, vars) => t(`${prefix}.${key}`, vars);
}

async function download(link: HTMLAnchorElement, box: HTMLElement): Promise<void> {
  const bar = box.querySelector('progress')!;
  const status = box.querySelector<HTMLElement>('[data-export-status]')!;
  const t = keysOf(box);
  const locale = box.dataset.locale ?? 'en';
  box.hidden = false;
  bar.value = 0;
  status.textContent = t('started');
  const response = await fetch(link.dataset.export!, { credentials: 'same-origin' });
  if (!response.ok || !response.body) {
    status.textContent = t('failedStatus', { status: response.status });
    return;
  }
  const total = Number(response.headers.get(TOTAL_HEADER) ?? '0');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  // The header line is not an order.
  let rows = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    rows += countRows(value);
    const shown = Math.max(0, Math.min(rows, total));
    bar.value = total > 0 ? Math.round((shown / total) * 100) : 100;
    status.textContent = t('progress', {
      shown: formatNumber(shown, locale),
      total: formatNumber(total, locale),
    });
  }
  bar.value = 100;
  status.textContent = t('done', { total: formatNumber(total, locale) });
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
  const save = document.createElement('a');
  save.href = url;
  save.download = link.getAttribute('download') ?? 'orders.csv';
  document.body.append(save);
  save.click();
  save.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function initExport(root: ParentNode): void {
  const box = root.querySelector<HTMLElement>('[data-export-progress]');
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-export]')) {
    link.addEventListener('click', (event) => {
      if (!box) return;
      event.preventDefault();
      link.setAttribute('aria-disabled', 'true');
      download(link, box)
        .catch(() => {
          box.querySelector<HTMLElement>('[data-export-status]')!.textContent = keysOf(box)('failed');
        })
        .finally(() => link.removeAttribute('aria-disabled'));
    });
  }
}
