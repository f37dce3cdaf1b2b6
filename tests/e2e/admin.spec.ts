import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN } from './support/back-office';

/**
 * Content editing (ADR 013) as a new editor does it: sign in, edit the shipping page in
 * German in the rich-text editor (issue 30) with the live preview, publish, see it on the public page through the footer link,
 * restore the previous version; add an FAQ and see it on /faq. Customers get 403 on /admin.
 *
 * The e2e shop is shared by every spec running in parallel: the shipping page is put back by the
 * restore (no other spec reads its text), and the FAQ added here is deleted again (the FAQ spec
 * checks only the first titles; this one is ordered last).
 */

const EDITOR = { email: 'editor@example.com', password: 'Editor1234!' };
const CUSTOMER = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  // The cookie bar sits over the bottom of the page; these tests are not about it.
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function apiSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: { username: email, password },
  });
  expect(response.status()).toBe(200);
}

async function languageId(page: Page, code: string): Promise<number> {
  const body = (await (await page.request.get('/api/languages')).json()) as {
    payload: Array<{ id: number; code: string }>;
  };
  return body.payload.find((l) => l.code === code)!.id;
}

test('editor: sign in → shipping page in German → preview → publish → public page and footer link → restore', async ({
  page,
  context,
  axe,
}) => {
  // Eleven page loads, four of the edit page with its editor islands.
  test.slow();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?.*redirect=%2Fadmin/);
  await page.getByLabel('Email', { exact: true }).fill(EDITOR.email);
  await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
    'href',
    '/admin',
  );
  await axe.check();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Static pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Static pages' })).toBeVisible();
  await axe.check();
  await page.getByRole('main').getByRole('link', { name: 'Shipping & delivery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit page: Shipping & delivery' })).toBeVisible();
  const pageUrl = page.url();

  await page.getByRole('list', { name: 'Language of the text' }).getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\?lang=de$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Versand & Lieferung');
  const original = await page.getByLabel('Content (HTML source)').inputValue();
  expect(original).toContain('Wir versenden jede Bestellung innerhalb eines Werktages');

  // The text is edited without HTML (issue 30): a new heading and paragraph at its end, through the toolbar.
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Abholung');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Neu: Wir versenden am selben Tag. <script>alert("xss")</script>');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Abholung' })).toBeVisible();
  await expect(preview).toContainText('Neu: Wir versenden am selben Tag.');
  await expect(preview.locator('script')).toHaveCount(0);
  await axe.check();

  await page.getByRole('button', { name: 'Save and publish' }).click();
  const history = page.getByRole('region', { name: 'Version history' });
  await expect(history.locator('li').first()).toContainText('Version 2');
  await expect(history.locator('li').first()).toContainText(`${EDITOR.email} · update: de: content`);
  await expect(history.locator('li').nth(1)).toContainText('Version 1');
  await expect(history.locator('li').nth(1)).toContainText('before editing · original');

  // The public page in German, reached through the footer link.
  await context.addCookies([{ name: 'languageId', value: String(await languageId(page, 'de')), url: BASE }]);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Versand & Lieferung' }).click();
  await expect(page).toHaveURL(/\/static-page\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Versand & Lieferung' })).toBeVisible();
  await expect(page.locator('.static-content')).toContainText('Neu: Wir versenden am selben Tag.');
  await expect(page.locator('.static-content h2', { hasText: 'Abholung' })).toBeVisible();
  await expect(page.locator('.static-content script')).toHaveCount(0);

  // Back to the editor: restore version 1 (the state before the edit). The editor chose German for
  // the shop above, and the admin speaks the person's language (issue 17): it is German now.
  await page.goto(`${pageUrl}?lang=de`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Version 1 wiederherstellen' }).click();
  await expect(page.getByRole('region', { name: 'Versionsverlauf' }).locator('li').first()).toContainText(
    'restore: restored version 1',
  );
  await expect(page.getByLabel('Inhalt (HTML-Quelltext)')).toHaveValue(original);
  await page.goto('/static-page/shipping');
  await expect(page.locator('.static-content')).toContainText(
    'Wir versenden jede Bestellung innerhalb eines Werktages',
  );
  await expect(page.locator('.static-content')).not.toContainText('Neu: Wir versenden am selben Tag.');
});

test('editor: add an FAQ, see it on /faq, delete it again', async ({ page, axe }) => {
  await apiSignIn(page, EDITOR.email, EDITOR.password);
  await page.goto('/admin/faqs');
  await axe.check();
  await page.getByRole('link', { name: 'New FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New FAQ' })).toBeVisible();
  await page.getByLabel('Question', { exact: true }).fill('Can I collect my order in person?');
  await page.getByRole('textbox', { name: 'Answer', exact: true }).click();
  await page.keyboard.type('Yes, from our ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Berlin');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' warehouse.');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('Berlin');
  await page.getByLabel('Order', { exact: true }).fill('9999');
  await axe.check();
  await page.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(page).toHaveURL(/\/admin\/faqs\/\d+$/);
  const editorUrl = page.url();

  await page.goto('/faq');
  const last = page.locator('.faq-item').last();
  await expect(last.locator('h2')).toContainText('Can I collect my order in person?');
  await expect(last.locator('.faq-content')).toHaveText('Yes, from our Berlin warehouse.');

  await page.goto(editorUrl);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete FAQ' }).click();
  await expect(page).toHaveURL(`${BASE}/admin/faqs`);
  await expect(page.getByRole('link', { name: 'Can I collect my order in person?' })).toHaveCount(0);
  await page.goto('/faq');
  await expect(page.getByText('Can I collect my order in person?')).toHaveCount(0);
});

test('a validation error shows under its field', async ({ page }) => {
  await apiSignIn(page, EDITOR.email, EDITOR.password);
  await page.goto('/admin/pages/new');
  await page.getByLabel('Title', { exact: true }).fill('Draft');
  await page.getByLabel('Address (slug)').fill('Not A Slug');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.locator('#page-slug-error')).toHaveText(
    'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.',
  );
  await expect(page.getByLabel('Address (slug)')).toHaveAttribute('aria-invalid', 'true');
});

test('the other admin pages pass axe', async ({ page, axe }) => {
  await apiSignIn(page, EDITOR.email, EDITOR.password);
  for (const [path, heading] of [
    ['/admin/featured', 'Featured categories'],
    ['/admin/translations?language=de&q=faq', 'Translations'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await axe.check();
  }
  await expect(page.getByRole('status').filter({ hasText: 'keys,' })).toContainText('missing in Deutsch');
  await expect(page.getByLabel(/^faq\.title/)).toHaveValue('Häufig gestellte Fragen');
  // The shop settings (with the Google tag) are the admin's (roles.ts): the editor gets the 403 page.
  expect((await page.goto('/admin/settings'))?.status()).toBe(403);
});

test("the admin's pages pass axe; the roles screen shows what each role may do", async ({ page, axe }) => {
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  for (const [path, heading] of [
    // /admin/shipping (the admin's too) is checked by admin-products.spec.ts.
    ['/admin/settings', 'Settings and home'],
    ['/admin/editors', 'Roles'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await axe.check();
  }
  const matrix = page.getByRole('table', { name: 'What each role may do' });
  await expect(matrix.getByRole('columnheader')).toHaveText(['Permission', 'staff', 'editor', 'admin']);
  const row = (name: RegExp) => matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row(/^Prices and taxes/).getByRole('cell')).toHaveText(['Not allowed', 'Not allowed', 'Allowed']);
  await expect(row(/^Catalogue/).getByRole('cell')).toHaveText(['Allowed', 'Not allowed', 'Allowed']);
  await expect(row(/^Content/).getByRole('cell')).toHaveText(['Not allowed', 'Allowed', 'Allowed']);
  await expect(row(/^Settings/).getByRole('cell')).toHaveText(['Not allowed', 'Not allowed', 'Allowed']);
});

test('a customer cannot open /admin (403 page, API 403); a guest is sent to sign-in', async ({
  page,
  axe,
  browser,
}) => {
  await apiSignIn(page, CUSTOMER.email, CUSTOMER.password);
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await axe.check();
  expect((await page.goto('/admin/pages/1'))?.status()).toBe(403);
  const api = await page.request.get('/api/admin/static-pages', { headers: { Accept: 'application/json' } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ status: 'ERROR', code: 'forbidden', message: 'This action is unauthorized.' });

  const guest = await browser.newPage({ baseURL: BASE });
  await guest.goto('/admin/faqs');
  await expect(guest).toHaveURL(/\/auth\?.*redirect=%2Fadmin%2Ffaqs/);
  await guest.close();
});
