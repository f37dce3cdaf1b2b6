/**
 * The import page's script (ADR 026): sends the CSV to the dry run, shows its report, applies a
 * clean file and follows the server's progress (the apply runs on the server; the page only polls
 * it, so closing the page does not stop it). Every state change is announced. Its own texts are
 * the form's data-texts (the page renders them in the admin's language); the server's report and
 * problems arrive in the API's words.
 */
import { scriptText } from '@/lib/script-texts';
import { formatNumber, formatPercent } from '@/lib/money';
import { ApiError } from '@/lib/api-client';
import type { z } from 'zod';
import type { importStateSchema } from '@/lib/contract/admin/catalog-imports';
import { api } from '@/stores/api';

type ImportState = z.infer<typeof importStateSchema>;

const POLL_MS = 500;

export function initImportPage(root: Document): void {
  const form = root.querySelector<HTMLFormElement>('[data-import-form]');
  const report = root.querySelector<HTMLElement>('[data-import-report]');
  if (!form || !report) return;
  const error = form.querySelector<HTMLElement>('[data-import-error]')!;
  const title = report.querySelector<HTMLElement>('[data-report-title]')!;
  const summary = report.querySelector<HTMLElement>('[data-report-summary]')!;
  const table = report.querySelector<HTMLTableElement>('[data-problems]')!;
  const apply = report.querySelector<HTMLButtonElement>('[data-apply]')!;
  const progress = report.querySelector<HTMLElement>('[data-progress]')!;
  const bar = progress.querySelector('progress')!;
  const progressText = progress.querySelector<HTMLElement>('[data-progress-text]')!;
  const t = scriptText(form);
  let current: ImportState | null = null;

  const showProgress = (state: ImportState) => {
    progress.hidden = false;
    bar.max = Math.max(1, state.total_rows);
    bar.value = state.applied_rows;
    const locale = form.dataset.locale ?? 'en';
    const count = (n: number | undefined) => formatNumber(n ?? 0, locale);
    const percent = formatPercent(
      state.total_rows ? Math.floor((state.applied_rows / state.total_rows) * 100) : 100,
      locale,
    );
    progressText.textContent =
      state.status === 'done'
        ? t('admin.import.done', {
            created: count(state.summary.created),
            updated: count(state.summary.updated),
            unchanged: count(state.summary.unchanged),
          })
        : t(state.status === 'failed' ? 'admin.import.stopped' : 'admin.import.running', {
            applied: count(state.applied_rows),
            total: count(state.total_rows),
            percent,
          });
  };

  const follow = async (id: number) => {
    for (;;) {
      const reply = await api.request<ImportState>('GET', `/admin/catalog-imports/${id}`, { withLocale: false });
      const state = reply.payload!;
      showProgress(state);
      if (state.status !== 'applying') {
        apply.hidden = state.status !== 'failed';
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const file = form.querySelector<HTMLInputElement>('input[name="file"]')!.files?.[0];
    const images = form.querySelector<HTMLInputElement>('input[name="images"]')?.files?.[0];
    if (!file) {
      error.textContent = t('admin.import.chooseFile');
      return;
    }
    const data = new FormData();
    data.append('file', file, file.name);
    if (images) data.append('images', images, images.name);
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    try {
      const reply = await api.request<ImportState>('POST', '/admin/catalog-imports', {
        form: data,
        withLocale: false,
        timeoutMs: 120_000,
      });
      current = reply.payload!;
      report.hidden = false;
      progress.hidden = true;
      title.textContent = t('admin.import.reportOf', { file: current.file_name });
      summary.textContent = reply.message ?? '';
      const body = table.tBodies[0]!;
      body.replaceChildren(
        ...current.errors.map((p) => {
          const row = document.createElement('tr');
          for (const text of [String(p.line), p.sku, p.message])
            row.append(Object.assign(document.createElement('td'), { textContent: text }));
          return row;
        }),
      );
      table.hidden = current.errors.length === 0;
      apply.hidden = current.error_count > 0 || current.status === 'done';
      if (current.status === 'applying') void follow(current.id);
      title.focus();
    } catch (failure) {
      error.textContent =
        failure instanceof ApiError
          ? (Object.values(failure.errors).flat()[0] ?? failure.message)
          : t('admin.import.sendFailed');
    } finally {
      button.disabled = false;
    }
  });

  apply.addEventListener('click', async () => {
    if (!current) return;
    apply.hidden = true;
    try {
      const reply = await api.request<ImportState>('POST', `/admin/catalog-imports/${current.id}/apply`, {
        withLocale: false,
      });
      showProgress(reply.payload!);
      await follow(current.id);
    } catch (failure) {
      progress.hidden = false;
      progressText.textContent = failure instanceof ApiError ? failure.message : t('admin.import.startFailed');
      apply.hidden = false;
    }
  });
}
