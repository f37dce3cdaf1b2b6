import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { BASE, NEW_CUSTOMER_PASSWORD, newVerifiedCustomer, xsrfHeaders } from './support/shopper';
import { placePhoneOrder, post, simpleProducts } from './support/page-api';
import { ADMIN, signInToBackOffice } from './support/back-office';

/**
 * Data protection and the mails staff need (issue 31) in Chromium, through the real SMTP mailbox
 * of the e2e setup: a customer downloads everything the shop holds about them from the account
 * page and deletes their account there (password and confirmation), which signs them out for
 * good; with a staff address in the settings, a new phone order and its payment each mail staff.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('a customer downloads their data and deletes their account from the account page', async ({
  page,
  mailbox,
  axe,
}) => {
  test.slow();
  const { email } = await newVerifiedCustomer(page, mailbox, 'privacy');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await axe.check();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data (JSON)' }).click();
  const download = await downloading;
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    format: string;
    profile: { email: string; name: string; surname: string };
    orders: unknown[];
    sign_in_history: unknown[];
  };
  expect(data.format).toBe('gear-shop-personal-data/1');
  expect(data.profile).toMatchObject({ email, name: 'Robin', surname: 'Trail' });
  expect(data.orders).toEqual([]);
  expect(data.sign_in_history.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toContain('password');

  // A wrong password is refused on the page; the account stays.
  const form = page.locator('form.delete-account');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  // The form hydrates on the first interaction (client:interaction): focus it, wait for its code.
  await form.getByLabel('Password').focus();
  await expect(page.locator('astro-island:has(form.delete-account)')).not.toHaveAttribute('ssr', /.*/);
  await form.getByLabel('Password').fill('not-my-password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect((await page.request.get('/api/user/data-export')).status()).toBe(200);

  // The right one, confirmed: the page goes home and the session is gone.
  await form.getByLabel('Password').fill(NEW_CUSTOMER_PASSWORD);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  expect(dialogs).toEqual(['Delete your account for good?', 'Delete your account for good?']);
  expect((await page.request.get('/api/user/data-export')).status()).toBe(401);
  // Nobody signs in with it again.
  const signIn = await page.request.post('/api/login', {
    headers: await xsrfHeaders(page),
    data: { email, password: NEW_CUSTOMER_PASSWORD },
  });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
});

test('staff are mailed at the staff address: a new phone order, then its payment', async ({
  page,
  browser,
  mailbox,
}) => {
  test.slow();
  await signInToBackOffice(page, ADMIN);
  const settings = await page.request.get('/api/admin/settings');
  expect(settings.status()).toBe(200);
  const before = ((await settings.json()) as { payload: { staff_mail_to: string } }).payload.staff_mail_to;
  const desk = `orders-desk.${Date.now()}@example.org`;
  const put = await page.request.put('/api/admin/settings', {
    headers: await xsrfHeaders(page),
    data: { staff_mail_to: desk },
  });
  expect(put.status(), await put.text()).toBe(200);
  try {
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    const { email } = await newVerifiedCustomer(customer, mailbox, 'staff-mail');
    const product = (await simpleProducts(customer, 5))[0]!;
    const orderNr = await placePhoneOrder(customer, email, product.id);
    await customerContext.close();

    const toPay = await mailbox.waitFor(desk, { subject: new RegExp(`^New phone order ${orderNr} to be paid`) });
    expect(toPay.links.some((l) => l.endsWith(`/admin/orders/${orderNr}`))).toBe(true);
    await post(page, `/api/admin/orders/${orderNr}/mark-paid`, {});
    const paid = await mailbox.waitFor(desk, { subject: new RegExp(`^New paid order ${orderNr} `) });
    expect(paid.text).toContain(orderNr);
    expect(paid.links.some((l) => l.endsWith(`/admin/orders/${orderNr}`))).toBe(true);
  } finally {
    await page.request.put('/api/admin/settings', {
      headers: await xsrfHeaders(page),
      data: { staff_mail_to: before },
    });
  }
});
