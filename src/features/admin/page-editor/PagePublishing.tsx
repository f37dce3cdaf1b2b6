/**
 * Publishing a page without the API (ADR 027): a shareable preview link, a planned publish and
 * unpublish time, and search and sharing (meta texts in this language with their length hints,
 * the sharing photo from the library, noindex). Each part saves on its own.
 */
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '@/lib/contract/block-types';
import { api } from '@/stores/api';
import { ADMIN } from './admin-calls';
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

const problemOf = (error: unknown) => (error instanceof ApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : 'Not saved: try again.');

function Status({ text }: { text: string }) {
  return (
    <p className="field-hint" role="status">
      {text}
    </p>
  );
}

export default function PagePublishing(props: PagePublishingProps) {
  const ids = { hours: useId(), link: useId(), publish: useId(), unpublish: useId() };
  const [hours, setHours] = useState('72');
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [linkStatus, setLinkStatus] = useState('');
  const [publishAt, setPublishAt] = useState(isoToLocal(props.publishAt));
  const [unpublishAt, setUnpublishAt] = useState(isoToLocal(props.unpublishAt));
  const [scheduleStatus, setScheduleStatus] = useState('');
  const [metaTitle, setMetaTitle] = useState(props.metaTitle);
  const [metaDescription, setMetaDescription] = useState(props.metaDescription);
  const [ogPhoto, setOgPhoto] = useState(props.ogPhoto);
  const [noindex, setNoindex] = useState(props.noindex);
  const [seoStatus, setSeoStatus] = useState('');

  async function shareLink() {
    setLinkStatus('Creating the link…');
    try {
      const reply = await api.post(`/admin/static-pages/${props.pageId}/preview-link`, { hours: Number(hours) }, ADMIN);
      setLink({ url: new URL(reply.payload.url, window.location.origin).href, expires: reply.payload.expires_at });
      setLinkStatus('');
    } catch (error) {
      setLinkStatus(problemOf(error));
    }
  }

  async function saveSchedule() {
    setScheduleStatus('Saving…');
    try {
      await api.put(`/admin/static-pages/${props.pageId}/schedule`, { publish_at: localToIso(publishAt), unpublish_at: localToIso(unpublishAt) }, ADMIN);
      setScheduleStatus(publishAt || unpublishAt ? 'Schedule saved.' : 'Nothing planned.');
    } catch (error) {
      setScheduleStatus(problemOf(error));
    }
  }

  async function saveSeo() {
    setSeoStatus('Saving…');
    try {
      await api.put(`/admin/static-pages/${props.pageId}/seo`, {
        language_id: props.language.id,
        meta_title: metaTitle,
        meta_description: metaDescription,
        ...(props.isDefaultLanguage && { og_asset_id: ogPhoto?.id ?? null, noindex }),
      }, ADMIN);
      setSeoStatus('Search and sharing saved.');
    } catch (error) {
      setSeoStatus(problemOf(error));
    }
  }

  return (
    <div className="page-publishing">
      <section aria-labelledby={`${ids.link}-title`} className="admin-form">
        <h2 id={`${ids.link}-title`}>Shareable link</h2>
        <p className="field-hint">Anyone with the link sees the page as it is now, even unpublished and signed out, until the link expires. Search engines do not index it.</p>
        <div className="field">
          <label htmlFor={ids.hours}>Link valid for</label>
          <select id={ids.hours} value={hours} onChange={(e) => setHours(e.target.value)}>
            <option value="1">1 hour</option>
            <option value="24">1 day</option>
            <option value="72">3 days</option>
            <option value="168">7 days</option>
          </select>
        </div>
        <div className="admin-actions">
          <button type="button" className="button" onClick={shareLink}>
            Create preview link
          </button>
        </div>
        {link && (
          <div className="field">
            <label htmlFor={ids.link}>Preview link (valid until {link.expires.slice(0, 16).replace('T', ' ')} UTC)</label>
            <input id={ids.link} type="text" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          </div>
        )}
        <Status text={linkStatus} />
      </section>

      <section aria-labelledby={`${ids.publish}-title`} className="admin-form">
        <h2 id={`${ids.publish}-title`}>Schedule</h2>
        <p className="field-hint">Times are in your time zone. The page goes up and comes down by itself; leave a field empty for no plan.</p>
        <div className="field-row">
          <div className="field">
            <label htmlFor={ids.publish}>Publish at</label>
            <input id={ids.publish} type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={ids.unpublish}>Unpublish at</label>
            <input id={ids.unpublish} type="datetime-local" value={unpublishAt} onChange={(e) => setUnpublishAt(e.target.value)} />
          </div>
        </div>
        <div className="admin-actions">
          <button type="button" className="button" onClick={saveSchedule}>
            Save schedule
          </button>
        </div>
        <Status text={scheduleStatus} />
      </section>

      <section aria-labelledby={`${ids.unpublish}-seo`} className="admin-form">
        <h2 id={`${ids.unpublish}-seo`}>Search and sharing ({props.language.title})</h2>
        <TextField label="Meta title" value={metaTitle} max={META_TITLE_MAX} lang={props.language.code} hint="Search results show about 60 characters; empty uses the page title." onChange={setMetaTitle} />
        <TextField label="Meta description" value={metaDescription} max={META_DESCRIPTION_MAX} multiline lang={props.language.code} hint="Search results show about 155 characters; empty uses the page's first text." onChange={setMetaDescription} />
        {props.isDefaultLanguage && (
          <>
            <MediaPicker label="Sharing photo" value={ogPhoto} defaultLanguage={props.defaultCode} onChange={setOgPhoto} />
            <label className="check">
              <input type="checkbox" checked={noindex} onChange={(e) => setNoindex(e.target.checked)} /> Hide from search engines (noindex)
            </label>
          </>
        )}
        <div className="admin-actions">
          <button type="button" className="button" onClick={saveSeo}>
            Save search and sharing
          </button>
        </div>
        <Status text={seoStatus} />
      </section>
    </div>
  );
}
