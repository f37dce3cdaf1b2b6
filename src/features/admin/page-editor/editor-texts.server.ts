/**
 * What the page editor's islands need to speak the marketer's language: their area's texts
 * (English under each key) and the language those texts are in. A shop language without admin
 * files gets English texts, so its dates are English too and the page does not mix languages.
 */
import type { AdminTexts } from '@/lib/admin-text';
import { adminMessages, adminTextsFor } from '@/server/i18n/admin-messages';

export function adminLocale(code: string): string {
  return Object.keys(adminMessages(code)).length > 0 ? code : 'en';
}

export function pageEditorTexts(code: string): { uiTexts: AdminTexts; locale: string } {
  return { uiTexts: { ...adminTextsFor(code, 'admin.common.'), ...adminTextsFor(code, 'admin.pageEditor.') }, locale: adminLocale(code) };
}
