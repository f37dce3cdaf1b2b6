/**
 * What the page editor's islands need to speak the marketer's language: their texts (English
 * under each key) and the language those texts are in. A shop language without admin files gets
 * English texts, so its dates are English too and the page does not mix languages. Each island
 * gets only the keys it reads: the texts travel in the page's HTML, once per island.
 */
import type { AdminTexts } from '@/lib/admin-text';
import { adminMessages, adminTextsFor } from '@/server/i18n/admin-messages';

export function adminLocale(code: string): string {
  return Object.keys(adminMessages(code)).length > 0 ? code : 'en';
}

const P = 'admin.pageEditor.';
// The publishing forms use the photo picker and the text field (its length hint), nothing else of the editor's.
const PUBLISHING = [`${P}publishing.`, `${P}picker.`, `${P}saving`, `${P}field.length`];

function texts(code: string, keep: (key: string) => boolean): { uiTexts: AdminTexts; locale: string } {
  const all = { ...adminTextsFor(code, 'admin.common.'), ...adminTextsFor(code, P) };
  return { uiTexts: Object.fromEntries(Object.entries(all).filter(([key]) => keep(key))), locale: adminLocale(code) };
}

export const pageEditorTexts = (code: string) => texts(code, (key) => !key.startsWith(`${P}publishing.`));

export const pagePublishingTexts = (code: string) =>
  texts(code, (key) => PUBLISHING.some((prefix) => key.startsWith(prefix)));

/** A rich-text field of a server-rendered form (RichTextField): the editor's toolbar and link texts only. */
export const richTextTexts = (code: string) =>
  texts(code, (key) => key.startsWith(`${P}rte.`) || key === `${P}loadingEditor`);
