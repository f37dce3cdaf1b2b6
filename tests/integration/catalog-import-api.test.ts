/**
 * The catalogue import over HTTP (ADR 026), on a real database (both engines with
 * TEST_DATABASE_URL): the upload answers the dry run's report, a clean file applies in the
 * background while its progress is read, files that are no UTF-8 text are refused, editors may not.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { products } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'import-api');
let staff: ApiSession;

beforeAll(async () => {
  await insertFixtureCatalog(db());
  staff = (await h.signedIn('staff')).session;
});

async function upload(session: ApiSession, content: BlobPart, name = 'catalogue.csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  const res = await session.request('/api/admin/catalog-imports', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe('POST /api/admin/catalog-imports', () => {
  it("answers the dry run with each problem's line, and writes no product", async () => {
    const reply = await upload(staff, 'sku,name,price\r\nAPI-1,Good,10.00\r\nAPI-2,Bad,ten\r\n');
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('1 problem: nothing was imported.');
    expect(reply.body.payload).toMatchObject({
      status: 'checked',
      total_rows: 1,
      error_count: 1,
      errors: [{ line: 3, sku: 'API-2', message: 'The price "ten" is not an amount such as 12.50.' }],
    });
    expect(await db().select().from(products).where(eq(products.sku, 'API-1'))).toEqual([]);
    const apply = await staff.post(`/api/admin/catalog-imports/${reply.body.payload.id}/apply`);
    expect(apply.status).toBe(409);
    expect(apply.body.message).toBe('The dry run found 1 problem: fix the file and upload it again.');
  });

  it('applies a clean file in the background; its progress reaches done', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `API-${i},Api product ${i},${i + 1}.00,keyboards`);
    const reply = await upload(staff, ['sku,name,price,categories', ...rows].join('\n'));
    expect(reply.body.message).toBe('1200 rows checked, no problems.');
    const started = await staff.post(`/api/admin/catalog-imports/${reply.body.payload.id}/apply`);
    expect(started.status).toBe(202);
    expect(started.body.payload.status).toBe('applying');
    let state = started.body.payload;
    const seen = new Set<number>();
    for (let i = 0; i < 200 && state.status === 'applying'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await staff.get(`/api/admin/catalog-imports/${state.id}`)).body.payload;
      seen.add(state.applied_rows);
    }
    expect(state).toMatchObject({ status: 'done', applied_rows: 1_200, summary: { created: 1_200 } });
    expect([...seen].every((n) => n % 500 === 0 || n === 1_200)).toBe(true);
    expect((await db().select().from(products).where(eq(products.sku, 'API-1199')))[0]?.priceCents).toBe(120_000);
    const again = await staff.post(`/api/admin/catalog-imports/${state.id}/apply`);
    expect(again.body.message).toBe('This import is already applied.');
    expect((await staff.get('/api/admin/catalog-imports')).body.payload[0]).toMatchObject({
      id: state.id,
      status: 'done',
    });
  });

  it('refuses a file that is not UTF-8 text', async () => {
    const latin1 = new Uint8Array([...Buffer.from('sku,name\nA-1,Caf'), 0xe9, 0x0a]);
    const reply = await upload(staff, latin1);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('The file is not UTF-8 text: save the CSV as UTF-8 and upload it again.');
  });

  it('is for staff: an editor is refused', async () => {
    const editor = (await h.signedIn('editor')).session;
    expect((await upload(editor, 'sku\nA')).status).toBe(403);
  });
});
