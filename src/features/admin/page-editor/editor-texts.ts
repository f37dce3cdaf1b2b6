/**
 * The page editor's texts in the marketer's language (src/i18n/admin/{language}/pageEditor.json),
 * handed to each island as a prop and shared with its many small components through a context,
 * so no i18n library ships to the browser and no prop has to pass through every form.
 */
import { createContext, useContext } from 'react';
import { type AdminTexts, adminText } from '@/lib/admin-text';
import type { Translator } from '@/lib/translator';

export interface EditorTexts {
  t: Translator;
  /** The language the texts are in, for dates and times (Intl). */
  locale: string;
}

export const EditorTextsContext = createContext<EditorTexts>({ t: adminText({}), locale: 'en' });

export const useEditorTexts = (): EditorTexts => useContext(EditorTextsContext);

export const editorTexts = (texts: AdminTexts, locale: string): EditorTexts => ({
  t: adminText(texts, locale),
  locale,
});

/**
 * A time in the marketer's language, to the minute: in the browser's time zone, or in `timeZone`
 * (named after the time) where the server writes it and does not know the marketer's zone.
 */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ? { timeZone, timeZoneName: 'short' as const } : {};
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...zone,
  }).format(date);
}
