import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A new customer's whole walk through accounts (accounts spec §2, ADR 009), with the mail read from
 * the real SMTP mailbox the shop sends to: register → verification mail → verify → sign out →
 * sign in with the way back → edit profile and address → change password → sign in with it;
 * then a forgotten password reset through its mailed link. axe on every page on the way.
 */

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function logOutFromAccount(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${BASE}/`);
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', 'false');
}

/** The path and query of a mailed absolute link, checked to point at this shop. */
function shopPath(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(BASE);
  return url.pathname + url.search;
}

test('a new customer registers, verifies by mail, signs in again, edits the profile and changes the password', async ({
  shop,
  page,
  axe,
  mailbox,
}) => {
  test.slow();
  const email = `journey.${Date.now()}@example.org`;

  // A signed-out visit to the account lands on sign-in, remembering where it was going.
  await shop.goto('/account?tab=contact');
  await expect(page).toHaveURL(`${BASE}/auth?form=signin&redirect=%2Faccount%3Ftab%3Dcontact`);

  // Registration.
  await page
    .getByRole('navigation', { name: 'Sign in or register' })
    .getByRole('link', { name: 'Registration' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Walker');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('+49 1512 3456789');
  await page.getByLabel('Password', { exact: true }).fill('Trailhead1');
  await page.getByLabel('Confirm password').fill('Trailhead1');
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await axe.check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(/\/email-verification/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email address');
  await axe.check();

  // The verification mail, over SMTP, in HTML and text with the same link.
  const verifyMail = await mailbox.waitFor(email, { subject: /^Verify your email address/ });
  expect(verifyMail.html).toContain('Jo');
  const verifyLink = verifyMail.links.find((l) => l.includes('/api/email/verify/'));
  expect(verifyLink).toBeDefined();
  expect(verifyMail.text).toContain(verifyLink!);
  await page.goto(shopPath(verifyLink!));
  await expect(page).toHaveURL(`${BASE}/email/verify/success`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email has been verified');
  await axe.check();
  await page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(page).toHaveURL(`${BASE}/account?tab=contact`);
  await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(email);

  // Sign out, then a protected page asks for sign-in and returns to it afterwards.
  await logOutFromAccount(page);
  await shop.goto('/account?tab=change-password');
  await expect(page).toHaveURL(`${BASE}/auth?form=signin&redirect=%2Faccount%3Ftab%3Dchange-password`);
  await signIn(page, email, 'Trailhead1');
  await page.waitForURL(`${BASE}/account?tab=change-password`);
  await expect(page.getByLabel(/^Current password( \*)?$/)).toBeVisible();

  // Profile and delivery address, kept after a reload.
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Personal information' })
    .click();
  await expect(page).toHaveURL(`${BASE}/account?tab=contact`);
  await page.getByLabel(/^Last name( \*)?$/).fill('Walker-Hill');
  await page.getByLabel(/^Country( \*)?$/).selectOption({ label: 'Germany' });
  await page.getByLabel(/^City( \*)?$/).fill(' Munich ');
  await page.getByLabel(/^Address( \*)?$/).fill('Leopoldstraße 1');
  await page.getByLabel(/^Post code( \*)?$/).fill('80802');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile updated successfully');
  await axe.check();
  await page.reload();
  await expect(page.getByLabel(/^Last name( \*)?$/)).toHaveValue('Walker-Hill');
  await expect(page.getByLabel(/^City( \*)?$/)).toHaveValue('Munich');
  await expect(page.getByLabel(/^Address( \*)?$/)).toHaveValue('Leopoldstraße 1');
  await expect(page.getByLabel(/^Post code( \*)?$/)).toHaveValue('80802');
  await expect(page.getByLabel(/^Country( \*)?$/).locator('option:checked')).toHaveText('Germany');

  // Change the password; the fields clear; the new one signs in, the old one does not.
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel(/^Current password( \*)?$/).fill('Trailhead1');
  await page.getByLabel(/^New password( \*)?$/).fill('Switchback2');
  await page.getByLabel(/^Confirm new password( \*)?$/).fill('Switchback2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Password updated successfully');
  await expect(page.getByLabel(/^Current password( \*)?$/)).toHaveValue('');
  await axe.check();
  await logOutFromAccount(page);

  await shop.goto('/auth?form=signin');
  await signIn(page, email, 'Trailhead1');
  await expect(page.getByRole('main').locator('form').getByRole('alert')).toHaveText(
    'These credentials do not match our records.',
  );
  await signIn(page, email, 'Switchback2');
  await page.waitForURL(`${BASE}/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  shop.expectNoPageErrors();
});

test('a forgotten password is reset through the mailed link', async ({ shop, page, axe, mailbox, request }) => {
  const email = `forgetful.${Date.now()}@example.org`;
  // Set up the account through the API, as a shopper who registered earlier.
  await request.get('/sanctum/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const registered = await request.post('/api/register', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: {
      name: 'Fern',
      surname: 'Gully',
      email,
      phone: '+44 20 7946 0958',
      phoneCountryCode: 'GB',
      nationalNumber: '2079460958',
      password: 'Original1',
      passConfirm: 'Original1',
    },
  });
  expect(registered.status()).toBe(201);

  await shop.goto('/auth?form=reset');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: /^Send/ }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Password reset link sent. Please check your email.',
  );
  await axe.check();

  const mail = await mailbox.waitFor(email, { subject: /^Reset your password/ });
  const link = mail.links.find((l) => l.includes('/reset-password?'));
  expect(link).toBeDefined();
  await shop.goto(shopPath(link!));
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByLabel('New password', { exact: true }).fill('Recovered3');
  await page.getByLabel('Confirm new password').fill('Recovered3');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('main')).toContainText('Your password has been reset.');
  await axe.check();

  // The link was single use.
  await shop.goto(shopPath(link!));
  await page.getByLabel('New password', { exact: true }).fill('Another4');
  await page.getByLabel('Confirm new password').fill('Another4');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired.',
  );

  await shop.goto('/auth?form=signin&redirect=%2Faccount%3Ftab%3Dcontact');
  await signIn(page, email, 'Recovered3');
  await page.waitForURL(`${BASE}/account?tab=contact`);
  await expect(page.getByLabel(/^First name( \*)?$/)).toHaveValue('Fern');
  shop.expectNoPageErrors();
});
