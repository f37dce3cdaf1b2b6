import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, NEW_CUSTOMER_PASSWORD, xsrfHeaders } from './support/shopper';

/**
 * VAT by destination (ADR 030) as a German-speaking shopper sees it: the demo shop is in the
 * Netherlands and uses the OSS, so an order delivered to France pays the French 20 %, written
 * the German way ("20 %") in the checkout summary and in the order confirmation mail.
 */

interface CatalogProduct {
  id: number;
  stock: number;
  variations: unknown[];
}

/** Registers in German (the API's lang_id: the account's mails are German) and verifies by the mailed link. */
async function germanCustomer(page: Page, mailbox: { waitFor(to: string, o?: { subject?: RegExp }): Promise<{ links: string[] }> }, langId: number) {
  const email = `vat.fr.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.request.get('/sanctum/csrf-cookie');
  const response = await page.request.post('/api/register', {
    headers: await xsrfHeaders(page),
    data: { name: 'Jana', surname: 'Weber', email, phone: '+4915123456789', phoneCountryCode: 'DE', nationalNumber: '15123456789', password: NEW_CUSTOMER_PASSWORD, passConfirm: NEW_CUSTOMER_PASSWORD, lang_id: langId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await mailbox.waitFor(email, { subject: /^Bestätigen Sie Ihre E-Mail-Adresse/ });
  const link = new URL(mail.links.find((l) => l.includes('/api/email/verify/'))!);
  await page.goto(link.pathname + link.search);
  return email;
}

test('a German shopper buying to France sees "20 %" in German in the checkout and the order mail', async ({ shop, page, context, axe, mailbox }) => {
  test.slow();
  const languages = await shop.apiGet<Array<{ id: number; code: string }>>('/api/languages');
  const de = languages.payload!.find((l) => l.code === 'de')!;
  await context.addCookies([
    { name: 'cookie-notice-dismissed', value: '1', url: BASE },
    { name: 'languageId', value: String(de.id), url: BASE },
  ]);
  const email = await germanCustomer(page, mailbox, de.id);

  const catalog = await page.request.get('/api/products/catalog?per_page=60');
  const product = ((await catalog.json()) as { payload: CatalogProduct[] }).payload.find((p) => p.variations.length === 0 && p.stock >= 5)!;
  const added = await page.request.post('/api/cart/add', { headers: await xsrfHeaders(page), data: { id: product.id, count: 1, is_variation: false } });
  expect(added.status(), await added.text()).toBe(200);
  const countries = ((await (await page.request.get('/api/countries')).json()) as { payload: { id: number; iso: string }[] }).payload;
  const france = countries.find((c) => c.iso === 'FR')!;

  await shop.goto('/de/cart');
  await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
  await page.getByRole('button', { name: 'Zur Kasse', exact: true }).click();
  await page.locator('#checkout-countryId').selectOption(String(france.id));
  await page.locator('#checkout-city').fill('Paris');
  await page.locator('#checkout-address').fill('12 rue de Rivoli');
  await page.locator('#checkout-postCode').fill('75001');
  // A company VAT id in the wrong shape is refused beside its field, in German.
  await page.getByRole('textbox', { name: /^USt-IdNr\./ }).fill('FR12');
  const submit = page.locator('.checkout-submit');
  await submit.click({ force: true });
  await expect(page.getByText('Bitte geben Sie eine gültige EU-USt-IdNr. mit Länderkennung ein, z. B. DE123456789.')).toBeVisible();
  await page.getByRole('textbox', { name: /^USt-IdNr\./ }).fill('');

  await expect(submit).toHaveText('Versand berechnen');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await submit.click();
  const body = (await (await totals).json()) as { vat_rate: number; vat_scheme: string; converted: { vat: number } };
  expect(body).toMatchObject({ vat_rate: 20, vat_scheme: 'oss' });
  const summary = page.locator('.checkout-summary');
  // "inkl. 20 % MwSt." with the German no-break space before %, never "20.00 %".
  await expect(summary.locator('.checkout-vat dt')).toHaveText('inkl. 20\u00a0% MwSt.');
  await expect(summary.locator('.checkout-vat dd').first()).toHaveText(/^\d+,\d\d\u00a0€$/);
  await axe.check();

  await expect(submit).toHaveText('Bestellung aufgeben');
  await submit.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvc').fill('123');
  await page.locator('#card-holder').fill('Jana Weber');
  await page.getByRole('button', { name: / bezahlen$/ }).click();
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  const orderNr = new URL(page.url()).searchParams.get('order')!;

  const mail = await mailbox.waitFor(email, { subject: new RegExp(`^Ihre Bestellung ${orderNr}`) });
  const text = JSON.stringify(mail);
  expect(text).toContain('Enthaltene MwSt. (20\u00a0%)');
  expect(text).not.toContain('20.00');

  // The order page says the same.
  await shop.goto(`/de/account/orders/${orderNr}`);
  await expect(page.locator('.order-totals')).toContainText('MwSt. (20\u00a0%)');
  shop.expectNoPageErrors();
});
