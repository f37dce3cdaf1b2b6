import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE } from './support/shopper';
import { ADMIN, pickLanguage, signInToBackOffice } from './support/back-office';

/**
 * Issue 17: the back office speaks the staff member's language. The demo staff member picks
 * German, then French, with the shop's own language picker (the person's language setting) and
 * reads orders, an order, products, a product, import, categories and promo codes in that
 * language, creates and saves a product in German, and the German pages are axe-clean. The admin
 * reads delivery, the roles table and the mail log in German and French (the staff have no
 * `prices` or `settings`, roles.ts).
 * English names are covered by the staff-* specs, which run in English.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function expectAdminLanguage(page: Page, code: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('.admin')).toHaveAttribute('lang', code);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('staff in German: orders, an order, products, a new product saved, import, categories and promo codes; axe-clean', async ({
  page,
  axe,
}) => {
  // A dozen back-office pages with an axe run each: slow on a busy two-core machine.
  test.slow();
  await signInToBackOffice(page);
  await pickLanguage(page, 'Language', 'Deutsch');
  await expect(page).toHaveURL(`${BASE}/admin`);
  await expectAdminLanguage(page, 'de');
  await expect(h1(page, 'Verwaltung')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Verwaltung' });

  await nav.getByRole('link', { name: 'Bestellungen', exact: true }).click();
  await expect(h1(page, 'Bestellungen')).toBeVisible();
  await expect(
    page.getByRole('search', { name: 'Bestellungen suchen' }).getByLabel('Bestellnummer, E-Mail oder Name'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bestellungen suchen' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Gesamt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Diese Bestellungen als CSV exportieren' })).toBeVisible();
  await axe.check();

  await page.getByRole('table').getByRole('link').first().click();
  await expect(h1(page, /^Bestellung \S+$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lieferadresse' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Verlauf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notiz hinzufügen' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Alle Bestellungen' })).toBeVisible();
  await axe.check();
  // A staff action in German: an internal note lands on the timeline under its German name.
  const note = `Rückruf vereinbart ${Date.now()}`;
  await page.getByLabel('Notiz (nur für Mitarbeiter, nie für den Kunden sichtbar)').fill(note);
  const noted = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await noted;
  const timeline = page.getByRole('list', { name: 'Verlauf' });
  await expect(timeline.getByRole('listitem').filter({ hasText: note })).toContainText('Notiz');
  await expect(
    timeline.getByRole('listitem').filter({ hasText: note }).getByText('intern', { exact: true }),
  ).toBeVisible();

  await nav.getByRole('link', { name: 'Produkte', exact: true }).click();
  await expect(h1(page, 'Produkte')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Produkte suchen' })).toBeVisible();
  await expect(page.getByLabel('Fehlende Übersetzung')).toBeVisible();
  await axe.check();

  // A real change in German: create a product, then save its fields.
  const sku = `E2E-DE-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('link', { name: 'Neues Produkt' }).click();
  const create = page.locator('form', { has: page.getByRole('heading', { name: 'Neues Produkt' }) });
  await create.getByLabel('Artikelnummer').fill(sku);
  await create.getByLabel('Name (English)').fill(`Zelt ${sku}`);
  await create.getByLabel('Preis (EUR, inkl. MwSt.)').fill('99.00');
  await create.getByLabel('Kategorie').selectOption({ index: 0 });
  await create.getByRole('button', { name: 'Produkt anlegen' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  // The product's name is content in the shop's default language, and says so.
  await expect(h1(page, `Zelt ${sku}`)).toHaveAttribute('lang', 'en');
  await expect(page.getByText(`Artikelnummer ${sku} · Nicht veröffentlicht · Version 1`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sprache des Textes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Varianten' })).toBeVisible();
  const base = page.locator('form', { has: page.getByRole('heading', { name: 'Produkt', exact: true }) });
  await base.getByLabel('Bestand', { exact: true }).fill('7');
  const reloaded = page.waitForEvent('load');
  await base.getByRole('button', { name: 'Speichern', exact: true }).click();
  await reloaded;
  await expect(page.getByText(`Artikelnummer ${sku} · Nicht veröffentlicht · Version 2`)).toBeVisible();
  await expect(base.getByLabel('Bestand', { exact: true })).toHaveValue('7');
  await expectAdminLanguage(page, 'de');
  await axe.check();
  // Money as German writes it.
  await page.goto(`/admin/products?q=${sku}`);
  await expect(page.getByRole('table')).toContainText(/99,00\s€/);
  await expect(page.getByRole('table').getByRole('caption')).toHaveText(`1 Produkt zu „${sku}“`);

  await nav.getByRole('link', { name: 'Import und Export' }).click();
  await expect(h1(page, 'Import und Export')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Katalog-CSV importieren' })).toBeVisible();
  await expect(page.getByLabel('CSV-Datei')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Datei prüfen' })).toBeVisible();
  await axe.check();

  await nav.getByRole('link', { name: 'Kategorien' }).click();
  await expect(h1(page, 'Kategorien')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Neue Kategorie' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kategorie anlegen' })).toBeVisible();
  await expect(page.getByRole('button', { name: /nach unten verschieben$/ }).first()).toBeVisible();
  await axe.check();

  await nav.getByRole('link', { name: 'Gutscheincodes' }).click();
  await expect(h1(page, 'Gutscheincodes')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Neuer Gutscheincode' })).toBeVisible();
  await expect(page.getByLabel('Rabatt in Prozent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gutscheincode anlegen' })).toBeVisible();
  await axe.check();

  // Delivery, VAT and currencies need the admin's `prices` (roles.ts).
  await expect(nav.getByRole('link', { name: 'Versand, MwSt. und Währungen' })).toHaveCount(0);
});

test('the admin in German: delivery, the roles table and the mail log; axe-clean', async ({ page, axe }) => {
  test.slow();
  await signInToBackOffice(page, ADMIN);
  await pickLanguage(page, 'Language', 'Deutsch');
  await expectAdminLanguage(page, 'de');
  const nav = page.getByRole('navigation', { name: 'Verwaltung' });
  await nav.getByRole('link', { name: 'Versand, MwSt. und Währungen' }).click();
  await expect(h1(page, 'Versand, MwSt. und Währungen')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Versandzonen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Währung hinzufügen' })).toBeVisible();
  await axe.check();

  await nav.getByRole('link', { name: 'Rollen' }).click();
  const matrix = page.getByRole('table', { name: 'Was jede Rolle darf' });
  await expect(matrix.getByRole('columnheader')).toHaveText([
    'Berechtigung',
    'Mitarbeiter',
    'Redaktion',
    'Administrator',
  ]);
  await expect(
    matrix
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Preise und Steuern/ }) })
      .getByRole('cell'),
  ).toHaveText(['Nicht erlaubt', 'Nicht erlaubt', 'Erlaubt']);
  await axe.check();

  await nav.getByRole('link', { name: 'Mail-Protokoll' }).click();
  await expect(h1(page, 'Mail-Protokoll')).toBeVisible();
  await expect(
    page.getByRole('search', { name: 'E-Mails suchen' }).getByLabel('Empfänger (Teil der Adresse)'),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Zustellung' })).toBeVisible();
  await axe.check();
});

test('staff in French: the same areas read in French', async ({ page }) => {
  test.slow();
  await signInToBackOffice(page);
  await pickLanguage(page, 'Language', 'Français');
  await expectAdminLanguage(page, 'fr');
  await expect(h1(page, 'Administration')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Administration' });

  await nav.getByRole('link', { name: 'Commandes', exact: true }).click();
  await expect(h1(page, 'Commandes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rechercher des commandes' })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(h1(page, /^Commande \S+$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Historique' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter la note' })).toBeVisible();

  await nav.getByRole('link', { name: 'Produits', exact: true }).click();
  await expect(h1(page, 'Produits')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rechercher des produits' })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Images' })).toBeVisible();

  await nav.getByRole('link', { name: 'Import et export' }).click();
  await expect(page.getByRole('button', { name: 'Vérifier le fichier' })).toBeVisible();
  await nav.getByRole('link', { name: 'Catégories' }).click();
  await expect(page.getByRole('button', { name: 'Créer la catégorie' })).toBeVisible();
  await nav.getByRole('link', { name: 'Codes promo' }).click();
  await expect(page.getByRole('button', { name: 'Créer le code promo' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Livraison, TVA et devises' })).toHaveCount(0);
  await expectAdminLanguage(page, 'fr');
});

test('the admin in French: delivery, roles and the mail log', async ({ page }) => {
  test.slow();
  await signInToBackOffice(page, ADMIN);
  await pickLanguage(page, 'Language', 'Français');
  await expectAdminLanguage(page, 'fr');
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await nav.getByRole('link', { name: 'Livraison, TVA et devises' }).click();
  await expect(h1(page, 'Livraison, TVA et devises')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Zones de livraison' })).toBeVisible();
  await nav.getByRole('link', { name: 'Rôles' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Ce que chaque rôle peut faire' })
      .getByRole('rowheader', { name: /^Prix et taxes/ }),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Journal des e-mails' }).click();
  await expect(h1(page, 'Journal des e-mails')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chercher des e-mails' })).toBeVisible();
  await expectAdminLanguage(page, 'fr');
});
