import { expect, test } from './fixtures';
import { BASE, newVerifiedCustomer } from './support/shopper';
import { placePhoneOrder, post, simpleProducts } from './support/page-api';
import { STAFF, signInToBackOffice } from './support/back-office';

/**
 * The dashboard and the reports (issue 32), in Chromium as the demo staff member: a customer's
 * phone order to Berlin is paid by staff (its invoice is issued); the dashboard opens on /admin,
 * its period changes to the last 7 days (the chart's table has a row per day, today's with the
 * order in it), and the VAT report shows Germany under the OSS and downloads as CSV with its
 * progress. axe on each page.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('staff: the dashboard over a chosen period, its chart as a table, the VAT report as CSV', async ({
  page,
  browser,
  axe,
  mailbox,
}) => {
  test.slow();
  const customerContext = await browser.newContext();
  await customerContext.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
  const customer = await customerContext.newPage();
  const { email } = await newVerifiedCustomer(customer, mailbox, 'reports');
  const product = (await simpleProducts(customer, 20))[0]!;
  const orderNr = await placePhoneOrder(customer, email, product.id, 1);

  await signInToBackOffice(page, STAFF);
  await post(page, `/api/admin/orders/${orderNr}/mark-paid`, {});

  // The dashboard: 30 days by default, then the last 7 days through the GET form.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'How the shop is doing' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue and orders per day' })).toBeVisible();
  const chartTable = page.getByRole('table', { name: 'Revenue and orders per day' });
  await expect(chartTable.locator('tbody tr')).toHaveCount(30);
  await axe.check();
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('7d');
  await expect(chartTable.locator('tbody tr')).toHaveCount(7);
  // Today's row (the last) holds at least the order paid just now.
  const today = chartTable.locator('tbody tr').last();
  await expect(today.locator('td').nth(1)).not.toHaveText('0');
  const figures = page.getByRole('table', { name: /This period compared with the period before/ });
  await expect(figures.getByRole('row', { name: /^Orders/ })).toBeVisible();
  await axe.check();

  // The VAT report: Germany under the OSS this year, and its CSV.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'VAT by country and rate (OSS)' });
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/report=vat/);
  const vat = page.locator('table[data-report="vat"]');
  await expect(vat.getByRole('row').filter({ hasText: 'DE' }).filter({ hasText: 'OSS' }).first()).toBeVisible();
  await axe.check();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as CSV' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rows exported' })).toHaveText(/^Done: \d+ rows exported\.$/);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vat-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await file.createReadStream();
  const text = await new Promise<string>((resolve) => {
    let all = '';
    stream.on('data', (chunk: Buffer) => (all += chunk.toString('utf8')));
    stream.on('end', () => resolve(all));
  });
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Quarter,Country of delivery,Scheme,Rate,Net,VAT');
  expect(lines.some((l) => /^\d{4}-Q[1-4],DE,oss,[\d.]+,-?\d+\.\d{2},-?\d+\.\d{2}$/.test(l))).toBe(true);
  expect(lines.at(-1)).toMatch(/^Total,,,,/);
});
