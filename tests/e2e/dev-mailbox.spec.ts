import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The e2e server has no SMTP_URL, so mail stays in the outbox that /dev/mailbox shows. The editor
 * account is used so that no other test's "newest mail to demo@example.com" is this one.
 */
async function requestPasswordReset(page: Page, email: string) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post('/api/user/reset-password', {
    data: { email },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
}

test('the dev mailbox lists the outbox and shows a mail with its links, HTML and text', async ({ page, shop, axe }) => {
  const reset = await requestPasswordReset(page, 'editor@example.com');
  expect(reset.status()).toBe(200);

  await shop.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  const row = page.locator('tr[data-to="editor@example.com"]').first();
  await expect(row).toBeVisible();
  await axe.check();

  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/dev\/mailbox\/\d+$/);
  const link = page.getByTestId('mail-links').getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^https?:\/\/[^/]+\/reset-password\?token=/);
  await expect(page.getByTestId('mail-text')).toContainText(href!);

  // The HTML version is framed from its own route, under a policy that lets nothing run.
  const frame = page.frameLocator('iframe.preview');
  await expect(frame.locator(`a[href="${href}"]`).first()).toBeVisible();
  const id = /\/dev\/mailbox\/(\d+)$/.exec(page.url())![1];
  const html = await page.request.get(`/dev/mailbox/${id}/html`);
  expect(html.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(html.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await axe.check();
  shop.expectNoPageErrors();
});

test('unknown mails are 404', async ({ shop }) => {
  await shop.goto('/dev/mailbox/999999999', { status: 404 });
  await shop.goto('/dev/mailbox/nope', { status: 404 });
});
