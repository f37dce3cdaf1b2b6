import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * /account (accounts spec §2 Account page, §5 Profile / Change password / Phone input,
 * §9): the guard, tabs and breadcrumbs, the profile form with the phone input, change password
 * and log out. Read-only checks use the demo customer; everything that changes data uses one
 * freshly registered customer (registration is rate-limited per address, so only one).
 */

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  // The cookie bar sits over the bottom of the page; these tests are not about it.
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

/** The API wants the XSRF cookie echoed in a header, as the browser client does. */
async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' };
}

async function apiSignIn(page: Page, email: string, password: string): Promise<number> {
  const response = await page.request.post('/api/login', {
    headers: await xsrfHeaders(page),
    data: { username: email, password },
  });
  return response.status();
}

/** GET with this browser's cookies (the `shop.apiGet` fixture has a cookie jar of its own). */
async function myProfile<T>(page: Page): Promise<T> {
  const response = await page.request.get('/api/user/profile', { headers: { Accept: 'application/json' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

const panel = (page: Page) => page.locator('section.account-panel');

test('a guest is sent to sign-in with the way back', async ({ page }) => {
  const response = await page.request.get('/account?tab=orders', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/auth?form=signin&redirect=%2Faccount%3Ftab%3Dorders');
});

test.describe('signed in as the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    expect(await apiSignIn(page, DEMO.email, DEMO.password)).toBe(200);
  });

  test('personal information: breadcrumbs, tabs, profile, balance, member since; axe', async ({ shop, page, axe }) => {
    await shop.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'My Account', 'Personal information']);
    const tabs = page.getByRole('navigation', { name: 'Account sections' });
    await expect(tabs.getByRole('link', { name: 'Personal information' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/account?tab=orders');
    await expect(tabs.getByRole('button', { name: 'Log out' })).toBeVisible();

    // Server-rendered with the profile.
    await expect(page.getByLabel(/^First name( \*)?$/)).toHaveValue('Alex');
    await expect(page.getByLabel(/^Last name( \*)?$/)).toHaveValue('Demo');
    await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(DEMO.email);
    await expect(page.getByLabel(/^Email( \*)?$/)).toHaveAttribute('type', 'email');
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('030 901820');
    await expect(page.getByRole('button', { name: 'DE +49, Country code: Germany' })).toBeVisible();
    await expect(page.getByLabel(/^Country( \*)?$/)).toHaveValue(/\d+/);
    await expect(page.getByLabel(/^Country( \*)?$/).locator('option:checked')).toHaveText('Germany');
    await expect(page.getByLabel(/^City( \*)?$/)).toHaveValue('Berlin');
    await expect(page.getByLabel(/^Post code( \*)?$/)).toHaveValue('10117');
    await expect(panel(page).locator('.account-balance')).toHaveText('Balance: €25.00');
    await expect(panel(page).locator('.account-member-since')).toHaveText(
      /^Member since [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    // Nothing changed yet.
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await axe.check();
    shop.expectNoPageErrors();
  });

  test('a currency change re-renders the balance in place, without a reload', async ({ shop, page }) => {
    await shop.goto('/account');
    await expect(panel(page).locator('.account-balance')).toHaveText('Balance: €25.00');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect(panel(page).locator('.account-balance')).toHaveText(/^Balance: (US)?\$\d+\.\d{2}$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    expect((await page.context().cookies()).find((c) => c.name === 'currency')?.value).toBe('USD');
    // The next page is server-rendered in the new currency too.
    await page.reload();
    await expect(panel(page).locator('.account-balance')).toHaveText(/^Balance: (US)?\$\d+\.\d{2}$/);
    shop.expectNoPageErrors();
  });

  test('tabs are links in the query; an unknown tab is contact', async ({ shop, page, axe }) => {
    await shop.goto('/account');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/account\?tab=change-password$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').last()).toHaveText(
      'Change password',
    );
    await expect(page.getByLabel(/^Current password( \*)?$/)).toBeVisible();
    await expect(page.getByLabel(/^New password( \*)?$/)).toBeVisible();
    await expect(page.getByLabel(/^Confirm new password( \*)?$/)).toBeVisible();
    await axe.check();

    await page.getByRole('link', { name: 'Order History' }).click();
    await expect(page).toHaveURL(/\/account\?tab=orders$/);
    await expect(panel(page).getByRole('heading', { level: 2, name: 'Order History' })).toBeVisible();
    await axe.check();

    await shop.goto('/account?tab=nope');
    await expect(page.getByRole('link', { name: 'Personal information' })).toHaveAttribute('aria-current', 'page');
    shop.expectNoPageErrors();
  });

  test('the language changes the texts and the date format', async ({ shop, page, context }) => {
    const languages = await shop.apiGet<Array<{ id: number; code: string }>>('/api/languages');
    const de = languages.payload?.find((l) => l.code === 'de');
    expect(de, 'German in the demo shop').toBeDefined();
    await context.addCookies([{ name: 'languageId', value: String(de!.id), url: BASE }]);
    await shop.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await expect(panel(page).locator('.account-member-since')).toHaveText(/^Mitglied seit \d{1,2}\. \S+ \d{4}$/);
  });

  test('phone input: keyboard listbox, type-to-find, placement, unsupported country', async ({ shop, page }) => {
    await shop.goto('/account');
    // The accessible name starts with the visible text (DE +49), axe label-content-name-mismatch.
    const button = page.getByRole('button', { name: /^[A-Z]{2} \+\d+, Country code:/ });
    const phone = page.getByRole('textbox', { name: 'Phone' });

    // The form's code must be running before a key press can open the list (on a busy machine
    // the first key could otherwise land on the server-rendered button).
    await expect(page.locator('astro-island:has(.phone-input)')).not.toHaveAttribute('ssr', /.*/);
    // Room below: opens below.
    await button.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Country code' });
    await expect(list).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeFocused();
    await expect(list).toHaveAttribute('data-placement', 'below');
    // Type-to-find: "fr" → France; the active option is announced through aria-activedescendant.
    await page.keyboard.type('fr');
    const activeId = await list.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${activeId}"]`)).toContainText('France');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName('FR +33, Country code: France');
    // After the 700 ms pause a new letter starts a new search.
    await page.waitForTimeout(800);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('u');
    const afterPause = await list.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${afterPause}"]`)).toContainText('Ukraine');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();

    // Little room below: opens above.
    await page.setViewportSize({ width: 1280, height: 500 });
    await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await button.click();
    await expect(list).toHaveAttribute('data-placement', 'above');
    await page.keyboard.press('Escape');

    // Only allowed characters; a national French number is valid.
    await phone.fill('');
    await phone.pressSequentially('06 12a 34.56 78');
    await expect(phone).toHaveValue('06 12 3456 78');
    await phone.blur();
    await expect(page.getByText('Please enter a valid phone number')).toHaveCount(0);

    // Invalid shows after blur (debounced), with aria-invalid and a description.
    await phone.fill('06 12');
    await phone.blur();
    await expect(page.locator('#profile-phone-error')).toHaveText('Please enter a valid phone number');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAttribute('aria-describedby', 'profile-phone-error');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await expect(page.getByText('Please fill in all required personal information fields correctly.')).toBeVisible();

    // A Chinese number: the shop does not list China.
    await phone.fill('+86 138 0013 8000');
    await expect(phone).toHaveValue('');
    await expect(page.locator('#profile-phone-error')).toHaveText('This country is not supported.');
    await expect(page.locator('.toast').filter({ hasText: 'This country is not supported.' })).toBeVisible();

    // An international number of a listed country switches the country.
    await phone.fill('+44 20 7946 0958');
    await expect(button).toHaveAccessibleName('GB +44, Country code: United Kingdom');
    await phone.blur();
    await expect(page.locator('#profile-phone-error')).toHaveText('');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    shop.expectNoPageErrors();
  });
});

test('a new customer edits the profile, changes the password and logs out', async ({ shop, page, axe }) => {
  const email = `account-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Start1234!';
  const registered = await page.request.post('/api/register', {
    headers: await xsrfHeaders(page),
    data: {
      name: 'Robin',
      surname: 'Tester',
      email,
      phone: '+4930901820',
      phoneCountryCode: 'DE',
      nationalNumber: '30901820',
      password,
      passConfirm: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await shop.goto('/account?tab=contact');
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(page.getByLabel(/^First name( \*)?$/)).toHaveValue('Robin');
  await expect(panel(page).locator('.account-balance')).toHaveText('Balance: €0.00');

  // A required field emptied: field error after blur, Save disabled.
  await page.getByLabel(/^First name( \*)?$/).fill('  ');
  await page.getByLabel(/^First name( \*)?$/).blur();
  await expect(page.locator('#profile-name-error')).toHaveText('This field is required');
  await expect(save).toBeDisabled();
  await page.getByLabel(/^First name( \*)?$/).fill(' Robin ');

  // Delivery address: country, city, address, post code (trimmed by the form).
  await page.getByLabel(/^Country( \*)?$/).selectOption({ label: 'France' });
  await page.getByLabel(/^City( \*)?$/).fill('  Lyon ');
  await page.getByLabel(/^Address( \*)?$/).fill('1 Rue de la République');
  await page.getByLabel(/^Post code( \*)?$/).fill('69001');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+33 6 12 34 56 78');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.locator('.toast').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
  await expect(save).toBeDisabled();

  expect(await myProfile(page)).toMatchObject({
    name: 'Robin',
    city: 'Lyon',
    address: '1 Rue de la République',
    post_code: '69001',
    country: { name: 'France' },
    phone: '+33612345678',
    phoneCountryCode: 'FR',
  });

  // Emptying the address sends nulls.
  await page.getByLabel(/^Address( \*)?$/).fill('   ');
  await save.click();
  await expect.poll(async () => (await myProfile<{ address: string | null }>(page)).address).toBeNull();

  // The saved values are what the next page load shows.
  await page.reload();
  await expect(page.getByLabel(/^City( \*)?$/)).toHaveValue('Lyon');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('06 12 34 56 78');

  // Change password: required, mismatch, wrong current, then success.
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/tab=change-password/);
  const current = page.getByLabel(/^Current password( \*)?$/);
  const next = page.getByLabel(/^New password( \*)?$/);
  const confirm = page.getByLabel(/^Confirm new password( \*)?$/);
  const submit = page.getByRole('button', { name: 'Update password' });
  await submit.click();
  await expect(page.locator('#password-cur_password-error')).toHaveText('Password is required');
  await expect(page.locator('#password-new_password-error')).toHaveText('Password is required');
  await current.fill('Wrong1234!');
  await next.fill('Changed1234!');
  await confirm.fill('Changed1234?');
  await confirm.blur();
  await expect(page.locator('#password-repeat_password-error')).toHaveText('Passwords do not match');
  await confirm.fill('Changed1234!');
  await submit.click();
  await expect(page.locator('#password-cur_password-error')).toHaveText('The current password is incorrect.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await current.fill(password);
  await submit.click();
  await expect(page.locator('.toast').filter({ hasText: 'Password updated successfully' })).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');
  // With the toasts open: their live region wraps the list, so the list items stay valid.
  await axe.check();

  // Log out: home, marker cleared, /account asks for sign-in again.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${BASE}/`);
  expect(await page.evaluate(() => localStorage.getItem('shop.signedIn'))).toBeNull();
  const again = await page.request.get('/account', { maxRedirects: 0 });
  expect(again.status()).toBe(302);

  // The new password works, the old one does not.
  expect(await apiSignIn(page, email, password)).toBe(422);
  expect(await apiSignIn(page, email, 'Changed1234!')).toBe(200);
  shop.expectNoPageErrors();
});

test('changing the email asks for the current password, and the old address is told (ADR 009)', async ({
  shop,
  page,
  mailbox,
  axe,
}) => {
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const email = `mover-${stamp}@example.com`;
  const moved = `moved-${stamp}@example.com`;
  const password = 'Start1234!';
  const registered = await page.request.post('/api/register', {
    headers: await xsrfHeaders(page),
    data: {
      name: 'Mo',
      surname: 'Ver',
      email,
      phone: '+4930901820',
      phoneCountryCode: 'DE',
      nationalNumber: '30901820',
      password,
      passConfirm: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await shop.goto('/account?tab=contact');
  const emailField = page.getByLabel(/^Email( \*)?$/);
  const passwordField = page.getByLabel(/^Current password( \*)?$/);
  const save = page.getByRole('button', { name: 'Save changes' });
  const passwordError = page.locator('#profile-currentPassword-error');
  await expect(emailField).toHaveValue(email);
  await expect(passwordField).toHaveCount(0);

  // Another address: the password field appears, labelled and explained, and is required.
  await emailField.fill(moved);
  await expect(passwordField).toBeVisible();
  await expect(passwordField).toHaveAttribute('type', 'password');
  await expect(passwordField).toHaveAccessibleDescription('Enter your current password to change your email address.');
  await expect(save).toBeDisabled();
  await passwordField.focus();
  await passwordField.blur();
  await expect(passwordError).toHaveText('Please enter your current password to change your email address.');
  await axe.check({ include: ['.profile-form'] });

  // The saved address again (in other letters): no password wanted.
  await emailField.fill(email.toUpperCase());
  await expect(passwordField).toHaveCount(0);

  await emailField.fill(moved);
  await passwordField.fill('Wrong1234!');
  await save.click();
  await expect(passwordError).toHaveText('The current password is incorrect.');
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  expect((await myProfile<{ email: string }>(page)).email).toBe(email);

  await passwordField.fill(password);
  await save.click();
  await expect(
    page.locator('.toast').filter({ hasText: 'Profile updated successfully. Please verify your new email address.' }),
  ).toBeVisible();
  await expect(passwordField).toHaveCount(0);
  await expect(emailField).toHaveValue(moved);
  expect(await myProfile(page)).toMatchObject({ email: moved, email_verified: false });

  const notice = await mailbox.waitFor(email, { subject: /^Your email address was changed/ });
  expect(notice.text).toContain(`from ${email} to ${moved}`);
  expect(notice.text).toMatch(/\/contact\b/);
  expect((await mailbox.waitFor(moved, { subject: /verify/i })).text).toContain('/api/email/verify/');
  shop.expectNoPageErrors();
});
