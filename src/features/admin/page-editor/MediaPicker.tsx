/**
 * Choosing a block's photo from the media library (ADR 026), or uploading one through the image
 * pipeline right there. A native modal <dialog>: the page behind is inert, Escape closes it and
 * focus returns to the button that opened it.
 */
import { keyUnder } from '@/lib/translator';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';
import { useEditorTexts } from './editor-texts';

export interface PickedPhoto {
  id: number;
  url: string;
  name: string;
  alt: string;
}

interface LibraryItem {
  id: number;
  url: string;
  original_name: string;
  alt: Record<string, string>;
  width: number;
  height: number;
}

export interface MediaPickerProps {
  label: string;
  value: PickedPhoto | null;
  defaultLanguage: string;
  onChange(photo: PickedPhoto | null): void;
}

const asPhoto = (item: LibraryItem, language: string): PickedPhoto => ({
  id: item.id,
  url: item.url,
  name: item.original_name,
  alt: item.alt[language] ?? '',
});

export default function MediaPicker({ label, value, defaultLanguage, onChange }: MediaPickerProps) {
  const { t } = useEditorTexts();
  const p = (key: string, vars?: Record<string, unknown>) => t(keyUnder('admin.pageEditor.picker.', key), vars);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const searchId = useId();
  const uploadId = useId();
  const titleId = useId();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<LibraryItem[]>([]);
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState(false);

  const search = useEffectEvent(async (query: string) => {
    setStatus(p('loading'));
    try {
      const reply = await api.get('/admin/media/library', {
        query: query.trim() ? { q: query.trim() } : {},
        withLocale: false,
      });
      setItems(reply.payload.items as LibraryItem[]);
      setStatus(reply.payload.items.length === 0 ? p('none') : p('count', { count: reply.payload.items.length }));
    } catch (error) {
      setStatus(error instanceof ApiError ? error.message : p('loadFailed'));
    }
  });
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void search(query), 250);
    return () => clearTimeout(timer);
  }, [open, query]);

  function show() {
    setOpen(true);
    dialog.current?.showModal();
  }
  function close() {
    dialog.current?.close();
  }

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setStatus(p('uploading', { name: file.name }));
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const reply = (await api.request('POST', '/admin/media', { form, withLocale: false, timeoutMs: 60_000 })) as {
        payload: { id: number; url: string; original_name: string };
      };
      onChange({ id: reply.payload.id, url: reply.payload.url, name: reply.payload.original_name, alt: '' });
      setStatus('');
      close();
    } catch (error) {
      setStatus(
        error instanceof ApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : p('uploadFailed'),
      );
    }
  }

  return (
    <div className="media-picker">
      <p className="rich-text-label">{label}</p>
      {value ? (
        <p className="media-picked">
          <img src={value.url} alt="" width="96" height="64" />
          <span>
            {value.name}
            {value.alt ? ` · “${value.alt}”` : ` · ${p('noAlt')}`}
          </span>
        </p>
      ) : (
        <p className="field-hint">{p('noPhoto')}</p>
      )}
      <div className="admin-actions">
        <button ref={opener} type="button" className="button secondary" onClick={show}>
          {p(value ? 'change' : 'choose', { label })}
        </button>
        {value && (
          <button type="button" className="button secondary" onClick={() => onChange(null)}>
            {p('remove')}
          </button>
        )}
      </div>
      <dialog
        ref={dialog}
        className="media-dialog"
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        <h2 id={titleId}>{p('title')}</h2>
        <div className="field">
          <label htmlFor={searchId}>{p('search')}</label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <p className="field-hint" role="status">
          {status}
        </p>
        <ul className="media-choices">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="media-choice"
                onClick={() => {
                  onChange(asPhoto(item, defaultLanguage));
                  close();
                }}
              >
                <img
                  src={item.url}
                  alt=""
                  width="120"
                  height={Math.round((120 * item.height) / item.width)}
                  loading="lazy"
                />
                <span>{p('use', { name: item.alt[defaultLanguage] || item.original_name })}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor={uploadId}>{p('upload')}</label>
          <input
            id={uploadId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(e) => upload(e.target.files)}
          />
        </div>
        <div className="admin-actions">
          <button type="button" className="button secondary" onClick={close}>
            {p('close')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
