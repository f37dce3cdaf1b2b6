import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';
import { placePhoneOrder, post, simpleProducts, stockOf } from './support/page-api';
import { STAFF, signInToBackOffice } from './support/back-office';

/**
 * A return (issue 31) in Chromium: a customer's phone order is paid and shipped; on
 * /account/orders/{nr} the customer returns one unit of it and gets the return number and
 * instructions by mail; staff find it under Returns, mark it received with the unit back into
 * stock, and refund it paid back outside the shop with a bank reference; the customer is mailed
 * at each step and sees the return refunded. A second return is rejected by staff with a reason
 * the customer is mailed and sees, and the lines can be returned again within the period. axe on
 * the pages on the way.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** Submits one of the return's forms on the staff order page and waits for the reload. */
async function submitReturnForm(page: Page, action: 'receive' | 'refund' | 'reject', button: string) {
  const form = page.locator(`form[data-api$="/${action}"]`);
  const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/${action}`));
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: button, exact: true }).click();
  expect((await reply).status()).toBe(200);
  await reloaded;
}

test('a customer returns one unit; staff receive it back into stock and refund it outside the shop', async ({
  page,
  browser,
  axe,
  mailbox,
}) => {
  test.slow();
  const customerContext = await browser.newContext();
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  const { email } = await newVerifiedCustomer(customer, mailbox, 'returns');
  const product = (await simpleProducts(customer, 20))[4]!;
  const nr = await placePhoneOrder(customer, email, product.id, 2);

  // Staff take the phone payment and ship the parcel.
  await signInToBackOffice(page, STAFF);
  await post(page, `/api/admin/orders/${nr}/mark-paid`, {});
  await post(page, `/api/admin/orders/${nr}/ship`, { carrier: 'DHL', tracking_number: '00340434169999' });

  // The customer returns one of the two units.
  await customer.goto(`/account/orders/${nr}`);
  const returnsSection = customer.getByRole('region', { name: 'Returns' });
  await expect(returnsSection).toContainText('You can return items of this order until');
  await returnsSection.getByLabel(`Quantity of ${product.name} to return (up to 2)`).fill('1');
  await returnsSection.getByLabel('Reason').selectOption({ label: 'The item arrived damaged' });
  await returnsSection.getByLabel('Comment (optional)').fill('The box was crushed');
  const reloaded = customer.waitForEvent('load');
  await returnsSection.getByRole('button', { name: 'Open the return' }).click();
  await reloaded;
  const returnNr = `R-${nr}-1`;
  await expect(customer.getByRole('heading', { level: 3, name: `Return ${returnNr}` })).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Returns' })).toContainText('Waiting for the parcel');
  await expect(customer.getByRole('region', { name: 'Returns' })).toContainText(`${product.name} × 1`);
  const openedMail = await mailbox.waitFor(email, { subject: new RegExp(`^Your return ${returnNr} `) });
  expect(openedMail.text).toContain(`We have opened return ${returnNr} for order ${nr} with these items:`);
  expect(openedMail.text).toContain(`write the return number ${returnNr} clearly on the parcel`);

  // Staff: the open return is listed; received with the unit back into stock.
  const stockBefore = await stockOf(customer, product.id);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open returns' })).toBeVisible();
  await axe.check();
  await page.getByRole('link', { name: returnNr }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Return ${returnNr}` })).toBeVisible();
  await expect(page.getByLabel(`${product.name} × 1: back into stock`)).toBeChecked();
  await axe.check();
  await submitReturnForm(page, 'receive', 'Mark received');
  expect(await stockOf(customer, product.id)).toBe(stockBefore + 1);
  await mailbox.waitFor(email, { subject: new RegExp(`^We have received your return ${returnNr} `) });

  // Refunded outside the shop with the bank transfer's reference.
  const refundForm = page
    .locator('form[data-api$="/refund"]')
    .filter({ has: page.getByRole('button', { name: 'Refund the return' }) });
  await refundForm.getByLabel('Refund to').selectOption({ label: 'paid back outside the shop (bank transfer)' });
  await refundForm.getByLabel('Reference of the payment outside the shop').fill('SEPA-E2E-0001');
  await submitReturnForm(page, 'refund', 'Refund the return');
  await expect(page.getByRole('heading', { level: 3, name: `Return ${returnNr}` })).toBeVisible();
  await expect(page.locator('.order-return')).toContainText('refunded');
  await expect(page.getByRole('table').filter({ hasText: 'SEPA-E2E-0001' })).toContainText(
    'outside the shop (SEPA-E2E-0001)',
  );
  expect(await stockOf(customer, product.id)).toBe(stockBefore + 1);
  const refundMail = await mailbox.waitFor(email, { subject: new RegExp(`^Refund for your order ${nr}`) });
  expect(refundMail.text).toContain(`for order ${nr} outside the shop (reference SEPA-E2E-0001).`);

  await customer.reload();
  await expect(customer.getByRole('region', { name: 'Returns' })).toContainText('Refunded');
  await customerContext.close();
});

test('staff reject a return with a reason; the customer is mailed, sees why and can return the items again', async ({
  page,
  browser,
  axe,
  mailbox,
}) => {
  test.slow();
  const customerContext = await browser.newContext();
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  const { email } = await newVerifiedCustomer(customer, mailbox, 'reject');
  const product = (await simpleProducts(customer, 20))[5]!;
  const nr = await placePhoneOrder(customer, email, product.id, 2);
  await signInToBackOffice(page, STAFF);
  await post(page, `/api/admin/orders/${nr}/mark-paid`, {});
  await post(page, `/api/admin/orders/${nr}/ship`, { carrier: 'DHL', tracking_number: '00340434168888' });
  await customer.goto(`/account/orders/${nr}`);
  const returnsSection = customer.getByRole('region', { name: 'Returns' });
  await returnsSection.getByLabel(`Quantity of ${product.name} to return (up to 2)`).fill('2');
  await returnsSection.getByLabel('Reason').selectOption({ label: 'I changed my mind' });
  const reloaded = customer.waitForEvent('load');
  await returnsSection.getByRole('button', { name: 'Open the return' }).click();
  await reloaded;
  const returnNr = `R-${nr}-1`;

  // Staff reject it on the order page, with the reason the customer will read.
  await page.goto(`/admin/orders/${nr}`);
  await expect(page.getByRole('heading', { level: 3, name: `Return ${returnNr}` })).toBeVisible();
  await axe.check();
  const rejectForm = page.locator('form[data-api$="/reject"]');
  await rejectForm.getByLabel('Reason (mailed to the customer)').fill('No parcel has arrived within 30 days');
  await submitReturnForm(page, 'reject', 'Reject the return');
  await expect(page.locator('.order-return')).toContainText('rejected');
  await expect(page.locator('.order-return')).toContainText('Rejected: No parcel has arrived within 30 days');
  await expect(page.locator('form[data-api$="/reject"]')).toHaveCount(0);
  await axe.check();

  const mail = await mailbox.waitFor(email, { subject: new RegExp(`^Your return ${returnNr} was not accepted`) });
  expect(mail.text).toContain(`We could not accept your return ${returnNr} for order ${nr}.`);
  expect(mail.text).toContain('Reason: No parcel has arrived within 30 days');
  expect(mail.text).toContain('You can open a new return for these items from your order page until');

  // The customer sees why, and may send the items back after all while the period lasts.
  await customer.reload();
  const section = customer.getByRole('region', { name: 'Returns' });
  await expect(section).toContainText('Rejected');
  await expect(section).toContainText('Reason: No parcel has arrived within 30 days');
  await expect(section.getByLabel(`Quantity of ${product.name} to return (up to 2)`)).toBeVisible();
  await customerContext.close();
});
