import { expect, test } from './fixtures';
import { BASE } from './support/shopper';
import { signInToBackOffice } from './support/back-office';

/**
 * The catalogue import and export (issue 16, ADR 026) in Chromium as the demo staff member: a
 * file with a bad row is refused with the row's line, the fixed file is applied with a progress
 * bar, its product is on the storefront, and the export holds it as imported. axe on the page.
 */

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-notice-dismissed', value: '1', url: BASE }]);
});

test('staff: a bad row is named by its line, the fixed file imports with progress, the product is in the shop and in the export; axe', async ({
  page,
  axe,
  request,
}) => {
  const sku = `CSV-${Date.now().toString(36).toUpperCase()}`;
  const header = 'sku,parent_sku,active,name,name:de,price,sale_price,stock,categories,attributes';
  const rows = (price: string) => [
    header,
    `${sku},,yes,Trail Lantern ${sku},Wanderlaterne ${sku},39.90,${price},12,tents,`,
    `${sku}-W,${sku},yes,,,39.90,,5,,Colour=Warm white`,
    `${sku}-C,${sku},yes,,,41.90,,7,,Colour=Cold white`,
  ];
  await signInToBackOffice(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import and export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await axe.check();

  const send = async (lines: string[]) => {
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'lanterns.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
    await page.getByRole('button', { name: 'Check the file' }).click();
  };
  // The sale price is not below the price: line 2 is named.
  await send(rows('49.90'));
  const report = page.getByRole('region', { name: 'Check of lanterns.csv' });
  await expect(report.getByRole('status').first()).toHaveText('1 problem: nothing was imported.');
  await expect(report.getByRole('row')).toHaveText(
    ['Line SKU Problem', `2 ${sku} The sale price must be lower than the price.`].map(
      (t) => new RegExp(t.replaceAll(' ', '\\s*')),
    ),
  );
  await expect(report.getByRole('button', { name: 'Apply the import' })).toBeHidden();
  await axe.check();

  await send(rows('34.90'));
  await expect(report.getByRole('status').first()).toHaveText('3 rows checked, no problems.');
  await report.getByRole('button', { name: 'Apply the import' }).click();
  await expect(
    report.getByText('Done: 1 created, 0 updated, 0 unchanged.').or(report.getByText(/Done: 3 created/)),
  ).toBeVisible();
  await expect(page.getByLabel('Import progress')).toHaveAttribute('value', '3');

  // The storefront shows it, on sale, with its variations.
  const product = (await (await request.get(`/api/products/catalog?search=${encodeURIComponent(sku)}`)).json()) as {
    payload: { id: number; name: string; price: number; old_price: string | null }[];
  };
  const found = product.payload.find((p) => p.name === `Trail Lantern ${sku}`)!;
  expect(found).toMatchObject({ price: 34.9 });
  const info = (await (await request.get(`/api/products/${found.id}/info`)).json()) as {
    payload: { variations: { sku?: string; price: number }[]; old_price: string };
  };
  expect(info.payload.old_price).toBe('39.90');
  expect(info.payload.variations).toHaveLength(2);

  // The export holds the rows as imported.
  const exported = await (await page.request.get('/admin/products/export.csv')).text();
  const line = exported.split('\r\n').find((l) => l.startsWith(`${sku},`))!;
  expect(line).toContain(`Trail Lantern ${sku}`);
  expect(line).toContain(`Wanderlaterne ${sku}`);
  // No fixed prices in the demo's USD, GBP and JPY columns (ADR 034): six empty cells before the stock.
  expect(line).toContain(',39.90,34.90,,,,,,,12,tents,');
  expect(exported).toContain(`${sku}-W,${sku},yes,`);
  expect(exported).toContain(',Colour=Warm white,');
});
