/**
 * Issue 27: the back office's CSV exports opened by a spreadsheet in another dialect (Excel in
 * German and French splits on `;`, others on tab) run no formula, on a real database (both
 * engines). The order export (GET /admin/orders/export.csv's body, ordersCsv) with a shopper named
 * `Sam;=1+2`, surname `Rivers<TAB>=3+4`, and the catalogue export with such a product, are read
 * by csv-parse with `,` `;` and tab as the separator: no cell starts a formula. The catalogue
 * export still round-trips through the import.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyImport } from '@/server/services/catalog-io/apply.server';
import { checkImport } from '@/server/services/catalog-io/check.server';
import { exportCatalogCsv } from '@/server/services/catalog-io/export.server';
import { parseOrderListQuery } from '@/server/services/admin/orders/orders-list';
import { ordersCsv } from '@/server/services/admin/orders/orders-list.server';
import { rowsOf } from '@/server/services/catalog/rows';
import { useTestDatabase } from '../helpers/db';
import { insertFixtureCatalog } from '../helpers/fixture-catalog';

const database = useTestDatabase({ seed: 'none' });
const db = () => database().db;

const NAME = 'Sam;=1+2';
const SURNAME = 'Rivers\t=3+4';

beforeAll(async () => {
  await insertFixtureCatalog(db());
  await db().execute(sql`
    insert into orders (order_nr, status, payment_method, name, surname, email, phone, country_name, city, address, post_code,
                        currency, currency_rate, cart_total_cents, vat_cents, vat_percent, final_cents, converted_final_cents)
    values ('271001-000001', 'Pending', 'phone', ${NAME}, ${SURNAME}, 'sam@example.com', '+4930000000', 'Germany', '@Berlin,-Mitte', 'Street 1', '10115',
            'EUR', 1, 1000, 0, 20, 1000, 1000)`);
  await db().execute(
    sql`update products set name = ${NAME}, description = ${`<p>${SURNAME}</p>`} where sku = 'FX-DOME'`,
  );
});

async function text(chunks: AsyncGenerator<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

/** A cell a spreadsheet would run: a formula start that is not simply a negative number. */
const formula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(?:\.\d+)?$/.test(cell);

function cellsIn(csv: string, delimiter: string): string[] {
  return (parse(csv, { delimiter, bom: true, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
}

describe.each([',', ';', '\t'])('read with %j as the separator', (delimiter) => {
  it('the order export starts no formula', async () => {
    const csv = await text(ordersCsv(db(), parseOrderListQuery(new URLSearchParams())));
    expect(csv).toContain('Sam;');
    const cells = cellsIn(csv, delimiter);
    expect(cells.length).toBeGreaterThan(2);
    expect(cells.filter(formula)).toEqual([]);
  });

  it('the catalogue export starts no formula', async () => {
    const csv = await text(exportCatalogCsv(db()));
    expect(csv).toContain('Sam;');
    expect(cellsIn(csv, delimiter).filter(formula)).toEqual([]);
  });
});

describe('the comma dialect, as the shop writes it', () => {
  it('keeps the shopper exactly, behind one apostrophe per formula start', async () => {
    const csv = await text(ordersCsv(db(), parseOrderListQuery(new URLSearchParams())));
    const [header, row] = parse(csv, { bom: true }) as string[][];
    const at = (column: string) => row![header!.indexOf(column)];
    expect(at('name')).toBe("Sam;'=1+2");
    expect(at('surname')).toBe("Rivers\t'=3+4");
    expect(at('city')).toBe("'@Berlin,'-Mitte");
  });

  it('the catalogue export imports back unchanged', async () => {
    const first = await checkImport(db(), await text(exportCatalogCsv(db())), {
      fileName: 'dialects.csv',
      createdBy: null,
    });
    expect(first.errors).toEqual([]);
    // The fixture's dome description holds a <script> the import cleans once (catalog-import.test.ts).
    await applyImport(db(), first.id, { editor: null });
    const csv = await text(exportCatalogCsv(db()));
    const again = await checkImport(db(), csv, { fileName: 'dialects-again.csv', createdBy: null });
    const done = await applyImport(db(), again.id, { editor: null });
    expect(done.summary).toMatchObject({ created: 0, updated: 0, unchanged: again.total_rows });
    const [dome] = rowsOf<{ name: string }>(await db().execute(sql`select name from products where sku = 'FX-DOME'`));
    expect(dome!.name).toBe(NAME);
  });
});
