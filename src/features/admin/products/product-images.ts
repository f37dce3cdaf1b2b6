import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';
import { scriptText } from '@/lib/script-texts';
import type { Translator } from '@/lib/translator';

/** The form's texts in the admin's language (the data-texts ProductImagesForm renders). */
function texts(root: Document): Translator {
  return scriptText(root.querySelector('.product-images'));
}

/**
 * The image rows of the product editor: move up, move down, remove. The rows' field names carry
 * their row key (data-row="images:<n>"), and the form sends rows in document order, so moving a
 * row's element is all a reorder needs. Each move is announced for screen readers.
 */
export function initImageRows(root: Document): void {
  const list = root.querySelector<HTMLElement>('[data-image-rows]');
  const status = root.querySelector<HTMLElement>('[data-image-status]');
  if (!list) return;
  const t = texts(root);
  const announce = (message: string) => {
    if (status) status.textContent = message;
  };
  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button');
    const row = button?.closest<HTMLElement>('[data-image-row]');
    if (!button || !row) return;
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('[data-image-row]'));
    if (button.dataset.move === 'up' && row.previousElementSibling) {
      list.insertBefore(row, row.previousElementSibling);
      button.focus();
      announce(t('admin.products.images.moved', { n: rows().indexOf(row) + 1 }));
    } else if (button.dataset.move === 'down' && row.nextElementSibling) {
      list.insertBefore(row.nextElementSibling, row);
      button.focus();
      announce(t('admin.products.images.moved', { n: rows().indexOf(row) + 1 }));
    } else if (button.dataset.remove !== undefined) {
      const next = row.nextElementSibling ?? row.previousElementSibling;
      row.remove();
      (
        next?.querySelector<HTMLElement>('button') ??
        list.closest('form')?.querySelector<HTMLElement>('button[type="submit"]')
      )?.focus();
      announce(t('admin.products.images.removed'));
    }
  });
}

let uploaded = 0;

/**
 * "Add photos": each chosen file goes to /api/admin/media (the server checks what it really is,
 * strips its metadata and answers the stored photo), then joins the list as a new row whose
 * alternative texts staff fill in before saving. Progress and problems are announced.
 */
export function initImageUpload(root: Document): void {
  const input = root.querySelector<HTMLInputElement>('[data-image-upload]');
  const template = root.querySelector<HTMLTemplateElement>('[data-image-template]');
  const list = root.querySelector<HTMLElement>('[data-image-rows]');
  const status = root.querySelector<HTMLElement>('[data-upload-status]');
  if (!input || !template || !list || !status) return;
  const t = texts(root);
  input.addEventListener('change', async () => {
    const files = Array.from(input.files ?? []);
    const added: HTMLElement[] = [];
    const problems: string[] = [];
    for (const [i, file] of files.entries()) {
      status.textContent = t('admin.products.images.uploading', { n: i + 1, total: files.length });
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        const reply = await api.request<{ id: number; url: string }>('POST', '/admin/media', {
          form,
          withLocale: false,
          timeoutMs: 60_000,
        });
        const key = `new${++uploaded}`;
        const holder = document.createElement('ol');
        holder.innerHTML = template.innerHTML
          .replaceAll('__KEY__', key)
          .replaceAll(
            '__LABEL__',
            t('admin.products.images.newPhoto', { n: uploaded, name: file.name.replaceAll(/[<>&"]/g, '') }),
          );
        const row = holder.querySelector<HTMLElement>('[data-image-row]')!;
        row.querySelector<HTMLInputElement>('input[name="asset_id"]')!.value = String(reply.payload!.id);
        row.querySelector<HTMLImageElement>('[data-thumb]')!.src = reply.payload!.url;
        list.append(row);
        added.push(row);
      } catch (error) {
        problems.push(
          `${file.name}: ${error instanceof ApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : t('admin.products.images.uploadFailed')}`,
        );
      }
    }
    input.value = '';
    if (added.length) root.querySelector('[data-no-images]')?.remove();
    const done = added.length ? t('admin.products.images.added', { count: added.length }) : '';
    status.textContent = [done, ...problems].filter(Boolean).join(' ');
    added[0]?.querySelector<HTMLInputElement>('input[name^="alt."]')?.focus();
  });
}
