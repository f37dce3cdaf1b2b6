import { describe, expect, it } from 'vitest';
import { formatTime } from './editor-texts';
import { adminLocale, pageEditorTexts, pagePublishingTexts } from './editor-texts.server';

describe('page editor texts', () => {
  it('gives each island the keys it reads, in the marketer language, English under it', () => {
    const editor = pageEditorTexts('de');
    expect(editor.locale).toBe('de');
    expect(editor.uiTexts['admin.pageEditor.type.hero']).toBe('Aufmacher');
    expect(editor.uiTexts['admin.common.delete']).toBe('Löschen');
    expect(Object.keys(editor.uiTexts).some((key) => key.startsWith('admin.pageEditor.publishing.'))).toBe(false);

    const publishing = pagePublishingTexts('fr');
    expect(publishing.uiTexts['admin.pageEditor.publishing.saveSchedule']).toBe('Enregistrer la planification');
    // The publishing forms use the photo picker and the length hint of the text field.
    expect(publishing.uiTexts['admin.pageEditor.picker.title']).toBe('Choisir une photo');
    expect(publishing.uiTexts['admin.pageEditor.field.length']).toBe('{{length}}/{{max}} caractères');
    expect(publishing.uiTexts['admin.pageEditor.type.hero']).toBeUndefined();
  });

  it('speaks English, dates too, for a shop language without admin texts', () => {
    expect(adminLocale('es')).toBe('en');
    expect(pageEditorTexts('es').uiTexts['admin.pageEditor.saveDraft']).toBe('Save draft');
    expect(formatTime('2026-11-26T16:05:00Z', 'de', 'UTC')).toBe('26. Nov. 2026, 16:05 UTC');
    expect(formatTime('not a time', 'de')).toBe('not a time');
  });
});
