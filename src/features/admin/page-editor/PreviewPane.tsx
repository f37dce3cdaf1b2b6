/**
 * The page as visitors will see it, in its real layout: the shop's own page through a short
 * preview link (ADR 027), in a frame at phone or desktop width, reloaded after each save, in the
 * language being edited (its own address, ADR 028: the German tab previews /de/…).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';
import { ADMIN } from './admin-calls';
import { useEditorTexts } from './editor-texts';
import { withPathPrefix } from '@/lib/language-path';

const WIDTHS = { phone: 390, desktop: 1280 } as const;

/** `languagePrefix`: '' for the default language, else `/{code}`. */
export default function PreviewPane({
  pageId,
  refresh,
  languagePrefix,
}: {
  pageId: number;
  refresh: number;
  languagePrefix: string;
}) {
  const { t } = useEditorTexts();
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [width, setWidth] = useState<keyof typeof WIDTHS>('phone');

  // In the marketer's language at the time of the failure.
  const failedText = useEffectEvent(() => t('admin.pageEditor.preview.failed'));
  useEffect(() => {
    let stale = false;
    api
      .post(`/admin/static-pages/${pageId}/preview-link`, { hours: 1 }, ADMIN)
      .then((reply) => {
        if (stale) return;
        const link = new URL(reply.payload.url, window.location.origin);
        // A fresh query each save, so the frame loads the page again.
        link.searchParams.set('v', String(refresh));
        setUrl(withPathPrefix(link.pathname, languagePrefix) + link.search);
      })
      .catch((error: unknown) => setProblem(error instanceof ApiError ? error.message : failedText()));
    return () => {
      stale = true;
    };
  }, [pageId, refresh, languagePrefix]);

  return (
    <section className="page-preview" aria-labelledby="preview-title">
      <h3 id="preview-title">{t('admin.pageEditor.preview.title')}</h3>
      <div className="admin-actions" role="group" aria-label={t('admin.pageEditor.preview.widths')}>
        {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
          <button
            key={w}
            type="button"
            className="button secondary"
            aria-pressed={width === w}
            onClick={() => setWidth(w)}
          >
            {t(`admin.pageEditor.preview.${w}`)}
          </button>
        ))}
      </div>
      {problem && <p className="form-error">{problem}</p>}
      <p className="field-hint">{t('admin.pageEditor.preview.hint')}</p>
      <div className={`preview-frame is-${width}`}>
        {url && (
          <iframe
            title={t(
              width === 'phone' ? 'admin.pageEditor.preview.framePhone' : 'admin.pageEditor.preview.frameDesktop',
            )}
            src={url}
            width={WIDTHS[width]}
            height={width === 'phone' ? 844 : 900}
          />
        )}
      </div>
    </section>
  );
}
