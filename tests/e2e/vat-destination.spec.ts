import type { Page } from '@playwright/test';
import { formatMoney, formatPercent } from '@/lib/money';
import { expect, test } from './fixtures';
import { BASE, NEW_CUSTOMER_PASSWORD, xsrfHeaders } from './support/shopper';
import { productPath, putVariationOnSale } from './support/variation-sale';

/**
 * VAT by destination (ADR 030) and numbers in the shopper's language (issue 26), as a
 * German-speaking shopper sees them: the demo shop is in the Netherlands and uses the OSS, so an
 * order delivered to France pays the French 20 %. A size of a product on sale is bought on /de:
 * the same sale price, written the German way ("199,20 €"), and "20 %" from the product page
 * through cart, checkout, the payment page and the order to the confirmation mail.
 */

const de = (amount: number) => formatMoney(amount, 'EUR', 'de');

/** Registers in German (the API's lang_id: the account's mails are German) and verifies by the mailed link. */
async function germanCustomer(
  page: Page,
  mailbox: { waitFor(to: string, o?: { subject?: RegExp }): Promise<{ links: string[] }> },
  langId: number,
) {
  const email = `vat.fr.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.request.get('/sanctum/csrf-cookie');
  const response = await page.request.post('/api/register', {
    headers: await xsrfHeaders(page),
    data: {
      name: 'Jana',
      surname: 'Weber',
      email,
      phone: '+4915123456789',
      phoneCountryCode: 'DE',
      nationalNumber: '15123456789',
      password: NEW_CUSTOMER_PASSWORD,
      passConfirm: NEW_CUSTOMER_PASSWORD,
      lang_id: langId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await mailbox.waitFor(email, { subject: /^Bestätigen Sie Ihre E-Mail-Adresse/ });
  const link = new URL(mail.links.find((l) => l.includes('/api/email/verify/'))!);
  await page.goto(link.pathname + link.search);
  return email;
}

test('a German shopper buys a size on sale to France: the same price and "20 %" in German from product page to order mail', async ({
  shop,
  page,
  context,
  request,
  axe,
  mailbox,
}) => {
  test.slow();
  const languages = await shop.apiGet<Array<{ id: number; code: string }>>('/api/languages');
  const deLanguage = languages.payload!.find((l) => l.code === 'de')!;
  await context.addCookies([
    { name: 'cookie-notice-dismissed', value: '1', url: BASE },
    { name: 'languageId', value: String(deLanguage.id), url: BASE },
  ]);
  const email = await germanCustomer(page, mailbox, deLanguage.id);
  // The catalogue read in German: the size names the drop-downs show.
  const { product, variation, regularCents, saleCents } = await putVariationOnSale(
    request,
    page.request,
    1,
    deLanguage.id,
  );
  const sale = de(saleCents / 100);
  const old = de(regularCents / 100);
  expect(sale).toMatch(/^\d{1,3}(\.\d{3})*,\d\d\u00a0€$/);

  // The product page in German: the sale price, the regular one struck, "-20 %".
  await shop.goto(`/de${productPath(product)}`);
  const info = page.locator('.product-info');
  await expect(info.locator('.price')).toHaveText(`Preis: ${sale}`);
  await expect(info.locator('.old-price s')).toHaveText(old);
  await expect(info.locator('.old-price .discount')).toHaveText(formatPercent(-20, 'de'));
  const purchase = page.locator('.product-purchase');
  await purchase.hover();
  await expect(page.locator('astro-island:has(.product-purchase)')).not.toHaveAttribute('ssr', /.*/);
  for (const attribute of variation.attributes) {
    await purchase.getByLabel(attribute.attribute_group.name, { exact: true }).selectOption({ label: attribute.name });
  }
  const offer = page.getByTestId('choice-offer');
  await expect(offer.locator('.choice-price strong')).toHaveText(sale);
  await expect(offer.locator('.choice-price s')).toHaveText(old);
  await expect(offer.locator('.discount')).toHaveText('-20\u00a0%');
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
  await purchase.getByRole('button', { name: 'In den Warenkorb' }).click();
  expect((await added).status()).toBe(200);
  const countries = (
    (await (await page.request.get('/api/countries')).json()) as { payload: { id: number; iso: string }[] }
  ).payload;
  const france = countries.find((c) => c.iso === 'FR')!;

  // The cart (the product's German name: its only line).
  await shop.goto('/de/cart');
  await expect(page.locator('.cart-lines > li')).toHaveCount(1);
  await expect(page.locator('.cart-lines > li .cart-line-price')).toHaveText(`Preis: ${sale}`);
  await expect(page.locator('astro-island:has(.cart-view)')).not.toHaveAttribute('ssr', /.*/);
  await page.getByRole('button', { name: 'Zur Kasse', exact: true }).click();
  await page.locator('#checkout-countryId').selectOption(String(france.id));
  await page.locator('#checkout-city').fill('Paris');
  await page.locator('#checkout-address').fill('12 rue de Rivoli');
  await page.locator('#checkout-postCode').fill('75001');
  // A company VAT id in the wrong shape is refused beside its field, in German.
  await page.getByRole('textbox', { name: /^USt-IdNr\./ }).fill('FR12');
  const submit = page.locator('.checkout-submit');
  await expect(submit).toHaveText('Formular ausfüllen');
  // Enter sends the form, as the (aria-disabled) button would.
  await page.getByRole('textbox', { name: /^USt-IdNr\./ }).press('Enter');
  await expect(
    page.getByText('Bitte geben Sie eine gültige EU-USt-IdNr. mit Länderkennung ein, z. B. DE123456789.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /^USt-IdNr\./ }).fill('');

  // Checkout: the items at the sale price, "inkl. 20 % MwSt." and its amount, all German.
  await expect(submit).toHaveText('Versand berechnen');
  const totals = page.waitForResponse((r) => r.url().endsWith('/api/cart/calculate-totals'));
  await submit.click();
  const body = (await (await totals).json()) as {
    vat_rate: number;
    vat_scheme: string;
    converted: { cart_total: number; vat: number; final_amount: number };
  };
  expect(body).toMatchObject({ vat_rate: 20, vat_scheme: 'oss', converted: { cart_total: saleCents / 100 } });
  const summary = page.locator('.checkout-summary');
  await expect(page.locator('.checkout-totals')).toContainText(sale);
  // "inkl. 20 % MwSt." with the German no-break space before %, never "20.00 %".
  await expect(summary.locator('.checkout-vat dt')).toHaveText('inkl. 20\u00a0% MwSt.');
  await expect(summary.locator('.checkout-vat dd').first()).toHaveText(de(body.converted.vat));
  const total = de(body.converted.final_amount);
  await expect(page.locator('.checkout-totals')).toContainText(total);
  await axe.check();

  await expect(submit).toHaveText('Bestellung aufgeben');
  await submit.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  // The demo gateway's page asks for the same amount, written the same way.
  await page.waitForURL(/\/pay\/demo\/[0-9a-f-]+$/);
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvc').fill('123');
  await page.locator('#card-holder').fill('Jana Weber');
  await page.getByRole('button', { name: `${total} bezahlen`, exact: true }).click();
  await page.waitForURL(/\/success-payment\?order=/, { timeout: 20_000 });
  const orderNr = new URL(page.url()).searchParams.get('order')!;

  // The order page says the same.
  await shop.goto(`/de/account/orders/${orderNr}`);
  await expect(page.locator('.order-item-price')).toContainText(sale);
  await expect(page.locator('.order-totals')).toContainText(total);
  await expect(page.locator('.order-totals')).toContainText('MwSt. (20\u00a0%)');

  // And the confirmation mail, in German, without an English-format number.
  const mail = await mailbox.waitFor(email, { subject: new RegExp(`^Ihre Bestellung ${orderNr}`) });
  const text = mail.text;
  expect(text).toContain(sale);
  expect(text).toContain(`Enthaltene MwSt. (20\u00a0%)`);
  expect(text).toContain(de(body.converted.vat));
  expect(text).toContain(total);
  expect(text).not.toMatch(/\d\.\d\d(?!\d)/);
  shop.expectNoPageErrors();
});
