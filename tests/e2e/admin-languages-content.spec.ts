import { expect, test } from './fixtures';
import { EDITOR, pickLanguage, signInToBackOffice } from './support/back-office';
import { BASE } from './support/shopper';

/**
 * Issue 17: the admin speaks the marketer's language. An editor who chose German with the shop's
 * language picker builds a page in the visual editor in German (block names, fields, the keyboard
 * move and its announcement, the photo picker, the publishing forms, dates), axe-clean, with the
 * admin marked German and the page's own texts marked with their language; then, in French, the
 * pages list and an FAQ's edit page. The language is the person's: it stays after a reload.
 */

test.beforeEach(async ({ context }) => {
  // The cookie bar sits over the bottom of the page; these tests are not about it.
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('an editor uses the page editor in German and the pages list and FAQ editing in French', async ({ page, axe }) => {
  test.setTimeout(180_000);
  page.on('dialog', (dialog) => dialog.accept());
  const slug = `winter-${Date.now().toString(36)}`;
  await signInToBackOffice(page, EDITOR);

  await page.goto('/admin/pages');
  await pickLanguage(page, 'Language', 'Deutsch');
  // /admin has no language prefix: the picker reloads the same page, now in German.
  await expect(page).toHaveURL(`${BASE}/admin/pages`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Statische Seiten' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Reihenfolge in der Fußzeile' })).toBeVisible();

  await page.getByRole('link', { name: 'Neue Seite' }).click();
  await page.getByLabel('Titel', { exact: true }).fill('Wintercamp');
  await page.getByLabel('Adresse (Slug)').fill(slug);
  await page.getByRole('button', { name: 'Entwurf anlegen' }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite bearbeiten: Wintercamp' })).toBeVisible();

  await page.getByRole('button', { name: 'Diese Seite aus Blöcken bauen' }).click();
  // Saving a new layout reloads the page: a block type chosen before that reload was lost (the
  // fresh page offers the first type again), so the test waits for the reloaded page.
  const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await reloaded;
  await page.waitForLoadState('load');
  await expect(page.getByText('Noch keine Blöcke: Fügen Sie unten den ersten hinzu.')).toBeVisible();

  const addBlock = async (type: string) => {
    await page.getByLabel('Neuer Block').selectOption({ label: type });
    await page.getByRole('button', { name: 'Block hinzufügen' }).click();
  };
  const announcement = page.locator('.page-editor [role="status"].visually-hidden');
  await addBlock('Produktraster');
  await expect(announcement).toHaveText('Produktraster an Position 1 hinzugefügt.');
  await addBlock('Aufmacher');
  const hero = page.getByRole('listitem', { name: 'Aufmacher (Block 2)' });
  await hero.getByLabel('Überschrift').fill('Wintercamp');
  // The field is the page's text in its default language (English), inside the German admin.
  await expect(hero.getByLabel('Überschrift')).toHaveAttribute('lang', 'en');
  await hero.getByLabel('Text', { exact: true }).fill('Zelte für kalte Nächte');

  // By keyboard: the hero moves to the top; the announcement is German and the focus stays on
  // the block (its "up" button is disabled at the top, so "down" takes the focus).
  await page.getByRole('button', { name: 'Aufmacher (Block 2) nach oben verschieben' }).focus();
  await page.keyboard.press('Enter');
  await expect(announcement).toHaveText('Aufmacher an Position 1 von 2 verschoben.');
  await expect(page.getByRole('button', { name: 'Aufmacher (Block 1) nach unten verschieben' })).toBeFocused();
  await expect(page.getByRole('listitem', { name: 'Produktraster (Block 2)' })).toBeVisible();

  // The photo picker: a German modal dialog, closed with Escape, focus back on its button.
  const choose = page
    .getByRole('listitem', { name: 'Aufmacher (Block 1)' })
    .getByRole('button', { name: 'Foto wählen: Aufmacherfoto' });
  await choose.click();
  const dialog = page.getByRole('dialog', { name: 'Foto wählen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Fotos nach Name oder Text suchen' })).toBeVisible();
  await expect(dialog.getByLabel('Neues Foto hochladen (JPEG, PNG, WebP oder AVIF, bis 15 MB)')).toBeAttached();
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ Fotos\.$|^Kein Foto gefunden/);
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();

  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(announcement).toHaveText(
    'Entwurf gespeichert. Besucher sehen die veröffentlichte Seite, bis Sie die Änderungen veröffentlichen.',
  );
  await expect(page.getByText('Entwurf gespeichert: noch nicht öffentlich.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Änderungen veröffentlichen' })).toBeEnabled();

  // The publishing forms.
  await expect(page.getByRole('heading', { name: 'Link zum Teilen' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Link gültig für' })).toHaveValue('72');
  await expect(page.getByRole('combobox', { name: 'Link gültig für' }).locator('option')).toHaveText([
    '1 Stunde',
    '1 Tag',
    '3 Tage',
    '7 Tage',
  ]);
  await page.getByRole('button', { name: 'Vorschaulink erstellen' }).click();
  // The expiry in German ("26. Nov. 2026, 17:05"), not an ISO string.
  await expect(
    page.getByRole('textbox', { name: /^Vorschaulink \(gültig bis \d{1,2}\. \S+ \d{4}, \d{2}:\d{2}\)$/ }),
  ).toHaveValue(/\/static-page\/.+\?preview=/);
  await expect(page.getByRole('heading', { name: 'Zeitplan' })).toBeVisible();
  await expect(page.getByLabel('Veröffentlichen am')).toHaveAttribute('type', 'datetime-local');
  await expect(page.getByLabel('Zurückziehen am')).toBeVisible();
  await page.getByRole('button', { name: 'Zeitplan speichern' }).click();
  await expect(page.getByText('Nichts geplant.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Suche und Teilen (English)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Meta-Beschreibung' }).fill('Alles für das Wintercamp');
  await expect(page.getByText(/Suchergebnisse zeigen etwa 155 Zeichen; .* 24\/200 Zeichen/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Vor Suchmaschinen verbergen (noindex)' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Foto wählen: Foto zum Teilen' })).toBeVisible();
  await page.getByRole('button', { name: 'Suche und Teilen speichern' }).click();
  await expect(page.getByText('Suche und Teilen gespeichert.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Versionsverlauf' })).toBeVisible();

  await expect(page.locator('.admin')).toHaveAttribute('lang', 'de');
  await axe.check();

  // French, chosen the same way: the pages list and an FAQ's edit page.
  await pickLanguage(page, 'Sprache', 'Français');
  await page.goto('/admin/pages');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages statiques' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvelle page' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Ordre dans le pied de page' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: slug }).getByText('brouillon')).toBeVisible();

  await page.goto('/admin/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/faqs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier la question' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Texte en / })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Réponse', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aperçu' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Question populaire' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Affichée sur la page FAQ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer la question' })).toBeVisible();
  await expect(page.locator('.admin')).toHaveAttribute('lang', 'fr');
  await axe.check();
});
