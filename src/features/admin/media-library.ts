/**
 * The media library's upload: each chosen file goes to /api/admin/media (checked, stripped and
 * stored by the server); then the page reloads with the new photos first, to write their texts.
 */
import { scriptText } from '@/lib/script-texts';
import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';

export function initLibraryUpload(root: Document): void {
  const input = root.querySelector<HTMLInputElement>('[data-library-upload]');
  // The field's hint is the live status line (Field's liveHint).
  const status = input && root.getElementById(`${input.id}-hint`);
  if (!input || !status) return;
  // The page writes this script's words in the marketer's language (media.astro, data-texts).
  const t = scriptText(input);
  // Disabled in the HTML until now: files chosen before this script ran were never sent.
  input.disabled = false;
  input.addEventListener('change', async () => {
    const files = Array.from(input.files ?? []);
    const problems: string[] = [];
    let stored = 0;
    for (const [i, file] of files.entries()) {
      status.textContent = t('admin.media.uploading', { position: i + 1, count: files.length });
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        await api.request('POST', '/admin/media', { form, withLocale: false, timeoutMs: 60_000 });
        stored++;
      } catch (error) {
        problems.push(
          `${file.name}: ${error instanceof ApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : t('admin.media.uploadFailed')}`,
        );
      }
    }
    input.value = '';
    if (problems.length === 0 && stored > 0) {
      window.location.assign('/admin/media');
      return;
    }
    status.textContent = [stored ? t('admin.media.uploaded', { count: stored }) : '', ...problems]
      .filter(Boolean)
      .join(' ');
  });
}
