import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EDITOR, STAFF, signInToBackOffice } from './support/back-office';
import { BASE } from './support/shopper';

/**
 * Issue 30: every formatted text is edited without typing HTML, and one Save keeps every change.
 * The returns page is put back by restoring its first version; the product is one of this spec's
 * own; the FAQ answer is restored by saving the original text again.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** Appends bold text, a bulleted list and a link at the end of a rich-text field. */
async function appendFormatted(page: Page, field: string, words: { bold: string; items: [string, string] }) {
  await page.getByRole('textbox', { name: field, exact: true }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(words.bold);
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list', exact: true }).click();
  await page.keyboard.type(words.items[0]);
  await page.keyboard.press('Enter');
  await page.keyboard.type(words.items[1]);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByLabel('Link address for the selected text').fill('/static-page/shipping');
  await page.getByRole('button', { name: 'Set link', exact: true }).click();
}

test('editor: "Returns & refunds" in English and German with bold, a list and a link, published', async ({
  page,
  axe,
}) => {
  test.slow();
  await signInToBackOffice(page, EDITOR);
  await page.goto('/admin/pages');
  await page.getByRole('main').getByRole('link', { name: 'Returns & refunds' }).click();
  const editorUrl = page.url().replace(/\?.*$/, '');
  await appendFormatted(page, 'Content', { bold: 'Free returns', items: ['Keep the receipt', 'Use the label'] });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong', { hasText: 'Free returns' })).toBeVisible();
  await expect(preview.locator('ul li')).toHaveText(['Keep the receipt', 'Use the label']);
  await expect(preview.getByRole('link', { name: '/static-page/shipping' })).toBeVisible();
  await axe.check();
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('region', { name: 'Version history' }).locator('li').first()).toContainText(
    'en: content',
  );

  await page.goto(`${editorUrl}?lang=de`);
  await appendFormatted(page, 'Content', {
    bold: 'Kostenlose Rücksendung',
    items: ['Beleg aufheben', 'Etikett nutzen'],
  });
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('region', { name: 'Version history' }).locator('li').first()).toContainText(
    'de: content',
  );

  await page.goto('/static-page/returns');
  const english = page.locator('.static-content');
  await expect(english.locator('strong', { hasText: 'Free returns' })).toBeVisible();
  await expect(english.locator('ul li', { hasText: 'Keep the receipt' })).toBeVisible();
  await expect(english.getByRole('link', { name: '/static-page/shipping' })).toHaveAttribute(
    'href',
    '/static-page/shipping',
  );
  await page.goto('/de/static-page/returns');
  const german = page.locator('.static-content');
  await expect(german.locator('strong', { hasText: 'Kostenlose Rücksendung' })).toBeVisible();
  await expect(german.locator('ul li', { hasText: 'Etikett nutzen' })).toBeVisible();

  // Put the page back as the other specs know it.
  await page.goto(editorUrl);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('region', { name: 'Version history' }).locator('li').first()).toContainText(
    'restored version 1',
  );
  await page.goto('/static-page/returns');
  await expect(page.locator('.static-content')).not.toContainText('Free returns');
});

test('editor: an FAQ answer in bold and a list without typing a tag', async ({ page, axe }) => {
  await signInToBackOffice(page, EDITOR);
  await page.goto('/admin/faqs/new');
  await page.getByLabel('Question', { exact: true }).fill('Do you gift-wrap?');
  await page.getByRole('textbox', { name: 'Answer', exact: true }).click();
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Yes');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Numbered list', exact: true }).click();
  await page.keyboard.type('Add the wrap');
  await page.getByLabel('Order', { exact: true }).fill('9998');
  await page.getByRole('checkbox', { name: 'Shown on the FAQ page' }).uncheck();
  await axe.check();
  await page.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(page).toHaveURL(/\/admin\/faqs\/\d+$/);
  // The saved answer opens in the editor as it was written.
  const answer = page.getByRole('textbox', { name: 'Answer', exact: true });
  await expect(answer.locator('strong')).toHaveText('Yes');
  await expect(answer.locator('ol li')).toHaveText('Add the wrap');
  await expect(page.getByLabel('Answer (HTML source)')).toHaveValue(
    '<p><strong>Yes</strong></p>\n<ol><li>Add the wrap</li></ol>',
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete FAQ' }).click();
  await expect(page).toHaveURL(/\/admin\/faqs$/);
});

test('staff: a product price and its German description change in one save; leaving unsaved asks first', async ({
  page,
  axe,
}) => {
  test.slow();
  await signInToBackOffice(page, STAFF);
  await page.goto('/admin/products/new');
  const sku = `RT-${Date.now()}`;
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel(/^Name in/).fill('Rich text lamp');
  await page.getByLabel('Price (EUR, VAT included)').fill('20.00');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productUrl = page.url();

  await page.goto(`${productUrl}?lang=de`);
  await page.getByLabel('Name', { exact: true }).fill('Lampe mit Text');
  await page.getByRole('textbox', { name: /^Description/ }).click();
  await page.keyboard.type('Hell');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+b');
  await page.getByLabel('Price (EUR, VAT included)').fill('12.34');
  await axe.check();

  // Unsaved: a link away asks first; staying keeps the changes.
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page).toHaveURL(`${productUrl}?lang=de`);
  await expect(page.getByLabel('Price (EUR, VAT included)')).toHaveValue('12.34');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Price (EUR, VAT included)')).toHaveValue('12.34');
  await page.reload();
  await expect(page.getByLabel('Price (EUR, VAT included)')).toHaveValue('12.34');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Lampe mit Text');
  await expect(page.getByRole('textbox', { name: /^Description/ }).locator('strong')).toHaveText('Hell');
  await page.goto(productUrl);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rich text lamp');
  await expect(page.getByLabel('Price (EUR, VAT included)')).toHaveValue('12.34');
});

test("staff: a language tab without its own texts saves a price without making the default's texts its own", async ({
  page,
}) => {
  test.slow();
  await signInToBackOffice(page, STAFF);
  await page.goto('/admin/products/new');
  await page.getByLabel('SKU', { exact: true }).fill(`RT-FB-${Date.now()}`);
  await page.getByLabel(/^Name in/).fill('Fallback lamp');
  await page.getByLabel('Price (EUR, VAT included)').fill('20.00');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productUrl = page.url();
  const notTranslated = page.getByText(/^Not translated yet: the shop shows the default language's text/);

  await page.goto(`${productUrl}?lang=de`);
  await expect(notTranslated).toBeVisible();
  await page.getByLabel('Price (EUR, VAT included)').fill('15.00');
  await saveProduct(page);
  await expect(page.getByLabel('Price (EUR, VAT included)')).toHaveValue('15.00');
  await expect(notTranslated).toBeVisible();

  // The German name still follows the default language's.
  await page.goto(productUrl);
  await page.getByLabel('Name', { exact: true }).fill('Fallback lamp XL');
  await saveProduct(page);
  await page.goto(`${productUrl}?lang=de`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Fallback lamp XL');
  await expect(notTranslated).toBeVisible();
});

/** Clicks the product form's Save and waits for the API's answer and the reload that follows it. */
async function saveProduct(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/admin\/products\/\d+$/.test(r.url()),
  );
  const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await reloaded;
  await page.waitForLoadState('load');
}
