import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signInToBackOffice } from './support/back-office';

/**
 * The mail log (issue 25): an admin opens it from the back office's navigation, finds the
 * password reset the shop mailed (delivered over SMTP to the test mailbox), reads it with the
 * reset link hidden, and resends it: a second, delivered copy is listed. The e2e admin's own
 * address is used, so no other test's mail is the newest one to it.
 */
async function requestPasswordReset(page: Page, email: string) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post('/api/user/reset-password', {
    data: { email },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
}

test('an admin reads what the shop mailed, without the reset link, and resends it', async ({
  page,
  shop,
  axe,
  mailbox,
}) => {
  expect((await requestPasswordReset(page, ADMIN.email)).status()).toBe(200);
  const received = await mailbox.waitFor(ADMIN.email, { subject: /password/i });
  const token = new URL(received.links.find((l) => l.includes('/reset-password?'))!).searchParams.get('token')!;

  await signInToBackOffice(page, ADMIN);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mail log' })).toBeVisible();
  await page.getByLabel('Recipient (part of the address)').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Find mail' }).click();
  await expect(page.getByRole('table').getByRole('caption')).toHaveText(
    `Mail to addresses containing “${ADMIN.email}”`,
  );
  const rows = page.locator('tbody tr[data-mail-id]');
  await expect(rows.first()).toContainText(received.subject);
  // One, unless a retry of this test mailed the address before.
  const listed = await rows.count();
  await expect(rows.first()).toContainText('Delivered');
  await expect(rows.first().getByRole('cell').nth(3)).toHaveText('en');
  await axe.check();

  await rows.first().getByRole('link', { name: received.subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mail to ${ADMIN.email}` })).toBeVisible();
  const text = page.locator('pre.mail-text');
  await expect(text).toContainText('/reset-password?token=[hidden]&email=[hidden]');
  expect(await text.textContent()).not.toContain(token);
  expect(await page.content()).not.toContain(token);
  await axe.check();

  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page).toHaveURL(/\/admin\/mail\?q=/);
  await expect(rows).toHaveCount(listed + 1);
  await expect(rows.first()).toContainText(received.subject);
  // The copy went out over SMTP like the first one.
  await expect(rows.first()).toContainText('Delivered');
  shop.expectNoPageErrors();
});

test('staff and editors do not see the mail log', async ({ page }) => {
  await signInToBackOffice(page);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail log' })).toHaveCount(0);
  expect((await page.goto('/admin/mail'))?.status()).toBe(403);
});
