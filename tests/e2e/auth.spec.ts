import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Auth pages (accounts spec §2/§5/§8): sign-in with the way back, its messages, the
 * guards, sign-up validation, reset request, new password and the email-verification pages.
 * The full register → mail → verify walk lives in the account flow spec.
 */

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

test.beforeEach(async ({ context }) => {
  // The cookie bar sits over the bottom of the page; these tests are not about it.
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

const signInForm = (page: Page) => page.getByRole('main').locator('form');

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms switch with plain links and say they need JavaScript', async ({ shop, page }) => {
    await shop.goto('/auth?redirect=%2Fcart');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    // (Playwright's text engine skips <noscript>, so by class.)
    await expect(page.locator('.auth-notice')).toHaveText('Please enable JavaScript in your browser to use this form.');
    // The server-rendered form is complete: labelled fields and the submit button.
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page
      .getByRole('navigation', { name: 'Sign in or register' })
      .getByRole('link', { name: 'Registration' })
      .click();
    await expect(page).toHaveURL(`${BASE}/auth?form=signup&redirect=%2Fcart`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
    // Until the island has loaded the terms pages, neither the checkbox nor submit can be used.
    await expect(page.getByRole('checkbox', { name: /^I accept the/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await page.getByRole('link', { name: 'Sign In', exact: true }).last().click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(`${BASE}/auth?form=reset&redirect=%2Fcart`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  });
});

test.describe('sign-in', () => {
  test('renders with links to the other forms and passes axe', async ({ shop, page, axe }) => {
    await shop.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    const switcher = page.getByRole('navigation', { name: 'Sign in or register' });
    await expect(switcher.getByRole('link', { name: 'Sign In' })).toHaveAttribute('aria-current', 'page');
    await expect(switcher.getByRole('link', { name: 'Registration' })).toHaveAttribute('href', '/auth?form=signup');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth?form=reset');
    await axe.check();
    shop.expectNoPageErrors();
  });

  test('asks for both fields, then shows the server message for a wrong password', async ({ shop, page }) => {
    await shop.goto('/auth?form=signin');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signInForm(page).getByRole('alert')).toHaveText('Email and password are required');

    await signIn(page, DEMO.email, 'Wrong-password-1');
    await expect(signInForm(page).getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/auth\?form=signin$/);
    // The button is back and the password field has focus for the next try.
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    shop.expectNoPageErrors();
  });

  test('goes back to the redirect path, and a signed-in visit to /auth goes home', async ({ shop, page }) => {
    await shop.goto('/auth?form=signin&redirect=%2Fstatic-page%2F1%3Ffrom%3Dsignin');
    await signIn(page, DEMO.email, DEMO.password);
    await page.waitForURL('**/static-page/1?from=signin');
    // The server renders the signed-in frame: no Sign In link, the account icon goes to /account.
    await expect(page.locator('html')).toHaveAttribute('data-signed-in', 'true');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(await page.evaluate(() => localStorage.getItem('shop.signedIn'))).toBe('1');

    const response = await page.goto('/auth?form=signup');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${BASE}/`);
    await page.goto('/reset-password?token=x&email=demo%40example.com');
    await expect(page).toHaveURL(`${BASE}/`);
    shop.expectNoPageErrors();
  });

  test('ignores a redirect to another site', async ({ shop, page }) => {
    await shop.goto('/auth?form=signin&redirect=%2F%2Fevil.example%2Fphish');
    // The form switch links do not carry the unsafe value either.
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth?form=reset');
    await signIn(page, DEMO.email, DEMO.password);
    // /account is the fallback; whatever it renders, we stay on this site.
    await page.waitForURL((url) => url.pathname.startsWith('/account') || url.pathname.startsWith('/auth'));
    expect(new URL(page.url()).host).toBe(new URL(BASE).host);
  });

  // The island goes to the redirect after sign-in through the shop's one check (src/lib/redirect.ts).
  for (const hostile of ['/\t/evil.example', '/%2F%2Fevil.example', '/\\evil.example', '/%0a/evil.example']) {
    test(`returns to /account, not to ${JSON.stringify(hostile)}`, async ({ shop, page }) => {
      await shop.goto(`/auth?form=signin&redirect=${encodeURIComponent(hostile)}`);
      await signIn(page, DEMO.email, DEMO.password);
      await page.waitForURL((url) => url.pathname.startsWith('/account'));
      expect(new URL(page.url()).host).toBe(new URL(BASE).host);
    });
  }

  test('a protected page sends a guest to sign-in with the way back', async ({ shop, page }) => {
    await shop.goto('/email-verification');
    await expect(page).toHaveURL(`${BASE}/auth?form=signin&redirect=%2Femail-verification`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });
});

test.describe('sign-up', () => {
  test('waits for the terms pages, links them, and checks the fields in the spec order', async ({
    shop,
    page,
    axe,
  }) => {
    await shop.goto('/auth?form=signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
    const terms = page.getByRole('checkbox', { name: /^I accept the Terms and Conditions.*and the Privacy Policy/ });
    const submit = page.getByRole('button', { name: 'Register' });
    await expect(terms).toBeEnabled();
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute(
      'href',
      /^\/static-page\/[\w-]+$/,
    );
    await expect(page.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', /^\/static-page\/[\w-]+$/);
    await axe.check();

    await terms.check();
    await expect(submit).toBeEnabled();
    await submit.click();
    const alert = page.locator('#signup-message-error');
    await expect(alert).toHaveText('Please fill in all required fields and accept terms');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada.e2e.validation@example.com');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 20 79');
    await page.getByLabel('Password', { exact: true }).fill('Engine123');
    await page.getByLabel('Confirm password').fill('Engine123');
    await submit.click();
    await expect(alert).toHaveText('Please enter a valid phone number');

    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 20 7946 0958');
    await page.getByLabel('Password', { exact: true }).fill('engine123');
    await page.getByLabel('Confirm password').fill('engine123');
    await submit.click();
    await expect(alert).toHaveText(
      'Password must be at least 8 characters long and contain at least one lower-case letter, one upper-case letter and one digit',
    );

    await page.getByLabel('Password', { exact: true }).fill('Engine123');
    await page.getByLabel('Confirm password').fill('Engine124');
    await submit.click();
    await expect(alert).toHaveText('Passwords do not match');
    await expect(page.getByLabel('Confirm password')).toBeFocused();

    await terms.uncheck();
    await expect(submit).toBeDisabled();
    await axe.check();
    shop.expectNoPageErrors();
  });

  test('a duplicate address gets the field error from the server', async ({ shop, page }) => {
    await shop.goto('/auth?form=signup');
    await page.getByLabel('First name').fill('Demo');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 20 7946 0958');
    await page.getByLabel('Password', { exact: true }).fill('Engine123');
    await page.getByLabel('Confirm password').fill('Engine123');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-email-error')).toContainText(/already/i);
    await expect(page).toHaveURL(/form=signup/);
  });
});

test.describe('password reset', () => {
  test('the request form answers with the server message', async ({ shop, page, axe }) => {
    await shop.goto('/auth?form=reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('This field is required');
    await page.getByLabel('Email', { exact: true }).fill('nobody.e2e@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Password reset link sent. Please check your email.',
    );
    await axe.check();
    shop.expectNoPageErrors();
  });

  test('/reset-password without a token says so and links a new request', async ({ shop, page, axe }) => {
    await shop.goto('/reset-password');
    await expect(page.getByText('This password reset link is incomplete.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth?form=reset');
    await axe.check();
  });

  test('/reset-password checks the new password and reports a bad token', async ({ shop, page, axe }) => {
    const response = await shop.goto('/reset-password?token=not-a-real-token&email=demo%40example.com');
    expect(response.headers()['cache-control']).toContain('no-store');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(DEMO.email);
    await axe.check();
    const save = page.getByRole('button', { name: 'Save new password' });
    await page.getByLabel('New password', { exact: true }).fill('Engine123');
    await page.getByLabel('Confirm new password').fill('Engine12');
    await save.click();
    await expect(page.locator('#new-password-confirm-error')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm new password').fill('Engine123');
    await save.click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'This password reset link is invalid or has expired.',
    );
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    shop.expectNoPageErrors();
  });
});

test.describe('email verification pages', () => {
  test('success and already-verified pages lead to the account', async ({ shop, page, axe }) => {
    await shop.goto('/email/verify/success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email has been verified');
    await expect(page.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account?tab=contact');
    await axe.check();
    await shop.goto('/email/verify/already-success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email is already verified');
    await expect(page.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account?tab=contact');
    await shop.goto('/email/verify/no-such-outcome', { status: 404 });
  });

  test('a bad or expired link answers 400 with a way to a new link', async ({ shop, page, axe }) => {
    await shop.goto('/email/verify/invalid?reason=expired', { status: 400 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This verification link has expired');
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/email-verification');
    await axe.check();
    await shop.goto('/email/verify/invalid?reason=invalid', { status: 400 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This verification link is not valid');
  });

  test('a new customer lands on the verification page; Resend toasts, Logout goes home', async ({
    shop,
    page,
    axe,
  }) => {
    const email = `e2e.verify.${Date.now()}@example.com`;
    await shop.goto('/auth?form=signup&redirect=%2Fstatic-page%2F1');
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Fication');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 20 7946 0958');
    await page.getByLabel('Password', { exact: true }).fill('Engine123');
    await page.getByLabel('Confirm password').fill('Engine123');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL('**/email-verification?redirect=%2Fstatic-page%2F1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email address');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    await axe.check();

    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Verification link sent.');

    // A guest-only page sends the signed-in (unverified) customer home.
    await page.goto('/auth');
    await expect(page).toHaveURL(`${BASE}/`);
    await page.goto('/email-verification');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${BASE}/`);
    await expect(page.locator('html')).toHaveAttribute('data-signed-in', 'false');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('shop.signedIn'))).toBeNull();
    shop.expectNoPageErrors();
  });
});
