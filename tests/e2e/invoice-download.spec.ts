import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';
import { STAFF, signInToBackOffice } from './support/back-office';
import { readPdf } from '../helpers/pdf';
import { placePhoneOrder, post, simpleProducts } from './support/page-api';

/**
 * Issue 31 (ADR 032): a new customer's phone order is marked paid by staff, which issues the
 * invoice; the staff order page lists it; the customer downloads it from /account/orders/{nr} in
 * Chromium and the PDF reads back with its number, the order and the seller. Nobody else gets it.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('a customer downloads the invoice of their paid order from the order page', async ({
  page,
  browser,
  mailbox,
  axe,
}) => {
  test.slow();
  const customerContext = await browser.newContext();
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  const { email } = await newVerifiedCustomer(customer, mailbox, 'invoice');
  const product = (await simpleProducts(customer, 5))[0]!;
  const orderNr = await placePhoneOrder(customer, email, product.id, 1, { surname: 'Ledger' });

  // Staff confirm the phone payment: the invoice is issued and listed on the staff order page.
  await signInToBackOffice(page, STAFF);
  await post(page, `/api/admin/orders/${orderNr}/mark-paid`, {});
  await page.goto(`/admin/orders/${orderNr}`);
  const staffLink = page.getByRole('link', { name: /^INV-\d{4}-\d+ \(PDF\)$/ });
  await expect(staffLink).toBeVisible();
  await axe.check();
  const number = (await staffLink.textContent())!.replace(' (PDF)', '').trim();

  // The customer's order page offers it; the download is the PDF with that number.
  await customer.goto(`/account/orders/${orderNr}`);
  await expect(customer.getByRole('heading', { level: 2, name: 'Invoice and credit notes' })).toBeVisible();
  const downloading = customer.waitForEvent('download');
  await customer.getByRole('link', { name: `Download invoice ${number} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await readPdf(bytes);
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain(`Order: ${orderNr}`);
  expect(text).toContain('Robin Ledger Friedrichstraße 1 10117 Berlin Germany');
  expect(text).toContain(product.name.replace(/\s+/g, ' '));

  // Nobody else: a guest is refused.
  const guest = await browser.newContext();
  expect((await guest.request.get(`${BASE}/api/orders/${orderNr}/documents/${number}`)).status()).toBe(401);
  await guest.close();
  await customerContext.close();
});
