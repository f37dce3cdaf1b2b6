/**
 * Publishing a page without the API (ADR 027): a shareable preview link, a planned publish and
 * unpublish time, and search and sharing (meta texts in this language with their length hints,
 * the sharing photo from the library, noindex). Each part saves on its own.
 */
import { keyUnder } from '@/lib/translator';
import { useId, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '@/lib/contract/block-types';
import { api } from '@/stores/api';
import type { AdminTexts } from '@/lib/admin-text';
import { ADMIN } from './admin-calls';
import { EditorTextsContext, editorTexts, formatTime, useEditorTexts } from './editor-texts';
import { TextField } from './fields';
import MediaPicker, { type PickedPhoto } from './MediaPicker';

export interface PagePublishingProps {
  pageId: number;
  language: { id: number; code: string; title: string };
  isDefaultLanguage: boolean;
  defaultCode: string;
  publishAt: string | null;
  unpublishAt: string | null;
  metaTitle: string;
  metaDescription: string;
  ogPhoto: PickedPhoto | null;
  noindex: boolean;
  /** The forms' texts in the marketer's language (pageEditorTexts). */
  uiTexts: AdminTexts;
  locale: string;
}

/** `2026-12-01T08:00` as typed in the browser's time zone → ISO with offset; '' → null. */
export function localToIso(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO time → the value of a datetime-local field in the browser's time zone. */
export function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// The server's messages are shown as it wrote them; only the fallback is the editor's own.
const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : fallback;

function Status({ text }: { text: string }) {
  return (
    <p className="field-hint" role="status">
      {text}
    </p>
  );
}

export default function PagePublishing(props: PagePublishingProps) {
  const ui = useMemo(() => editorTexts(props.uiTexts, props.locale), [props.uiTexts, props.locale]);
  return (
    <EditorTextsContext.Provider value={ui}>
      <Publishing {...props} />
    </EditorTextsContext.Provider>
  );
}

function Publishing(props: PagePublishingProps) {
  const { t: at } = useEditorTexts();
  const t = (key: string, vars?: Record<string, unknown>) => at(keyUnder('admin.pageEditor.publishing.', key), vars);
  const failed = (error: unknown) => problemOf(error, t('notSaved'));
  const ids = { publish: useId(), unpublish: useId() };
  const [publishAt, setPublishAt] = useState(isoToLocal(props.publishAt));
  const [unpublishAt, setUnpublishAt] = useState(isoToLocal(props.unpublishAt));
  const [scheduleStatus, setScheduleStatus] = useState('');
  const [metaTitle, setMetaTitle] = useState(props.metaTitle);
  const [metaDescription, setMetaDescription] = useState(props.metaDescription);
  const [ogPhoto, setOgPhoto] = useState(props.ogPhoto);
  const [noindex, setNoindex] = useState(props.noindex);
  const [seoStatus, setSeoStatus] = useState('');

  async function saveSchedule() {
    setScheduleStatus(at('admin.pageEditor.saving'));
    try {
      await api.put(
        `/admin/static-pages/${props.pageId}/schedule`,
        { publish_at: localToIso(publishAt), unpublish_at: localToIso(unpublishAt) },
        ADMIN,
      );
      setScheduleStatus(t(publishAt || unpublishAt ? 'scheduleSaved' : 'nothingPlanned'));
    } catch (error) {
      setScheduleStatus(failed(error));
    }
  }

  async function saveSeo() {
    setSeoStatus(at('admin.pageEditor.saving'));
    try {
      await api.put(
        `/admin/static-pages/${props.pageId}/seo`,
        {
          language_id: props.language.id,
          meta_title: metaTitle,
          meta_description: metaDescription,
          ...(props.isDefaultLanguage && { og_asset_id: ogPhoto?.id ?? null, noindex }),
        },
        ADMIN,
      );
      setSeoStatus(t('seoSaved'));
    } catch (error) {
      setSeoStatus(failed(error));
    }
  }

  return (
    <div className="page-publishing">
      <ShareLinkSection pageId={props.pageId} />

      <section aria-labelledby={`${ids.publish}-title`} className="admin-form">
        <h2 id={`${ids.publish}-title`}>{t('scheduleTitle')}</h2>
        <p className="field-hint">{t('scheduleHint')}</p>
        <div className="field-row">
          <div className="field">
            <label htmlFor={ids.publish}>{t('publishAt')}</label>
            <input
              id={ids.publish}
              type="datetime-local"
              value={publishAt}
              onChange={(e) => setPublishAt(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.unpublish}>{t('unpublishAt')}</label>
            <input
              id={ids.unpublish}
              type="datetime-local"
              value={unpublishAt}
              onChange={(e) => setUnpublishAt(e.target.value)}
            />
          </div>
        </div>
        <div className="admin-actions">
          <button type="button" className="button" onClick={saveSchedule}>
            {t('saveSchedule')}
          </button>
        </div>
        <Status text={scheduleStatus} />
      </section>

      <section aria-labelledby={`${ids.unpublish}-seo`} className="admin-form">
        <h2 id={`${ids.unpublish}-seo`}>{t('seoTitle', { language: props.language.title })}</h2>
        <TextField
          label={t('metaTitle')}
          value={metaTitle}
          max={META_TITLE_MAX}
          lang={props.language.code}
          hint={t('metaTitleHint')}
          onChange={setMetaTitle}
        />
        <TextField
          label={t('metaDescription')}
          value={metaDescription}
          max={META_DESCRIPTION_MAX}
          multiline
          lang={props.language.code}
          hint={t('metaDescriptionHint')}
          onChange={setMetaDescription}
        />
        {props.isDefaultLanguage && (
          <>
            <MediaPicker
              label={t('sharingPhoto')}
              value={ogPhoto}
              defaultLanguage={props.defaultCode}
              onChange={setOgPhoto}
            />
            <label className="check">
              <input type="checkbox" checked={noindex} onChange={(e) => setNoindex(e.target.checked)} /> {t('noindex')}
            </label>
          </>
        )}
        <div className="admin-actions">
          <button type="button" className="button" onClick={saveSeo}>
            {t('saveSeo')}
          </button>
        </div>
        <Status text={seoStatus} />
      </section>
    </div>
  );
}

/** A link that shows the draft to someone without an account, for the hours chosen. */
function ShareLinkSection({ pageId }: { pageId: number }) {
  const { t: at, locale } = useEditorTexts();
  const t = (key: string, vars?: Record<string, unknown>) => at(keyUnder('admin.pageEditor.publishing.', key), vars);
  const ids = { hours: useId(), link: useId() };
  const [hours, setHours] = useState('72');
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [linkStatus, setLinkStatus] = useState('');

  async function shareLink() {
    setLinkStatus(t('creatingLink'));
    try {
      const reply = await api.post(`/admin/static-pages/${pageId}/preview-link`, { hours: Number(hours) }, ADMIN);
      setLink({ url: new URL(reply.payload.url, window.location.origin).href, expires: reply.payload.expires_at });
      setLinkStatus('');
    } catch (error) {
      setLinkStatus(problemOf(error, t('notSaved')));
    }
  }

  return (
    <section aria-labelledby={`${ids.link}-title`} className="admin-form">
      <h2 id={`${ids.link}-title`}>{t('linkTitle')}</h2>
      <p className="field-hint">{t('linkHint')}</p>
      <div className="field">
        <label htmlFor={ids.hours}>{t('validFor')}</label>
        <select id={ids.hours} value={hours} onChange={(e) => setHours(e.target.value)}>
          <option value="1">{t('hour1')}</option>
          <option value="24">{t('day1')}</option>
          <option value="72">{t('days3')}</option>
          <option value="168">{t('days7')}</option>
        </select>
      </div>
      <div className="admin-actions">
        <button type="button" className="button" onClick={shareLink}>
          {t('createLink')}
        </button>
      </div>
      {link && (
        <div className="field">
          <label htmlFor={ids.link}>{t('link', { time: formatTime(link.expires, locale) })}</label>
          <input id={ids.link} type="text" readOnly value={link.url} onFocus={(e) => e.target.select()} />
        </div>
      )}
      <Status text={linkStatus} />
    </section>
  );
}
