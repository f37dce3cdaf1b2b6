/**
 * The staff order list (ADR 023 "Lists at scale"): keyset pages in every sort and both directions
 * walk every matching order once, the filters and the three kinds of search, the capped count,
 * and the export's batches. Both engines (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SORTS, parseOrderListQuery, type OrderListQuery } from '@/server/services/admin/orders/orders-list';
import { allOrders, countOrders, listOrders } from '@/server/services/admin/orders/orders-list.server';
import { rowsOf } from '@/server/services/catalog/rows';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });
const db = () => database().db;
const query = (text: string): OrderListQuery => parseOrderListQuery(new URLSearchParams(text));

beforeAll(async () => {
  const [country] = rowsOf<{ id: number }>(
    await db().execute(sql`insert into countries (name, iso) values ('Testland', 'TL') returning id`),
  );
  // 137 orders; every 7th pair shares its created_at, so ties are broken by id; totals repeat too.
  await db().execute(sql`
    insert into orders (order_nr, status, payment_method, name, surname, email, phone, country_id, country_name, city, address, post_code,
                        currency, currency_rate, cart_total_cents, vat_cents, vat_percent, final_cents, converted_final_cents, created_at)
    select '261001-' || lpad(g::text, 6, '0'),
           (array['Pending','Success','Shipped','Failed','Cancelled'])[1 + g % 5]::order_status,
           (case when g % 3 = 0 then 'phone' else 'card' end)::payment_method,
           case when g % 10 = 0 then 'Anna' else 'Ben' end, 'Buyer' || (g % 4),
           'buyer' || (g % 20) || '@example.com', '+4930000000',
           case when g % 2 = 0 then ${country!.id}::int else null end, case when g % 2 = 0 then 'Testland' else 'Elsewhere' end,
           'Berlin', 'Street 1', '10115', 'EUR', 1, 1000 + (g % 9) * 250, 0, 20, 1000 + (g % 9) * 250, 1000 + (g % 9) * 250,
           timestamptz '2026-10-01 00:00:00+00' + ((g - g % 7 / 6) * interval '1 hour') + interval '123 microseconds'
    from generate_series(1, 137) g`);
});

async function walk(base: OrderListQuery, direction: 'forward' | 'backward'): Promise<string[]> {
  const seen: string[] = [];
  let page = await listOrders(db(), base, 10);
  if (direction === 'backward') {
    while (page.next) page = await listOrders(db(), { ...base, after: page.next, before: null }, 10);
    const pages: string[][] = [page.rows.map((r) => r.orderNr)];
    while (page.previous) {
      page = await listOrders(db(), { ...base, after: null, before: page.previous }, 10);
      pages.unshift(page.rows.map((r) => r.orderNr));
    }
    return pages.flat();
  }
  seen.push(...page.rows.map((r) => r.orderNr));
  while (page.next) {
    page = await listOrders(db(), { ...base, after: page.next, before: null }, 10);
    seen.push(...page.rows.map((r) => r.orderNr));
  }
  return seen;
}

describe('keyset pages', () => {
  for (const sort of ORDER_SORTS) {
    it(`walk every order once, in order, forwards and backwards (${sort})`, async () => {
      const base = query(`sort=${sort}`);
      const forward = await walk(base, 'forward');
      expect(forward).toHaveLength(137);
      expect(new Set(forward).size).toBe(137);
      expect(await walk(base, 'backward')).toEqual(forward);
      const rows = rowsOf<{ order_nr: string; created_at: Date; final_cents: number; id: number }>(
        await db().execute(sql`select order_nr, created_at, final_cents, id from orders`),
      );
      const key = (r: (typeof rows)[number]) =>
        sort === 'newest' || sort === 'oldest' ? new Date(r.created_at).getTime() : r.final_cents;
      const sign = sort === 'newest' || sort === 'total_desc' ? -1 : 1;
      const expected = [...rows].sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((r) => r.order_nr);
      expect(forward).toEqual(expected);
    });
  }

  it('the first page has no previous page, the last no next one', async () => {
    const first = await listOrders(db(), query(''), 10);
    expect(first.previous).toBeNull();
    expect(first.rows[0]!.orderNr).toBe('261001-000137');
    const last = await listOrders(db(), query('sort=oldest&status=Pending'), 100);
    expect(last.next).toBeNull();
    expect(last.total).toBe(27);
  });
});

describe('filters and search', () => {
  it('by status, payment method, country and day range', async () => {
    expect((await listOrders(db(), query('status=Shipped'), 100)).rows.every((r) => r.status === 'Shipped')).toBe(true);
    expect(await countOrders(db(), query('status=Shipped'))).toBe(28);
    expect(await countOrders(db(), query('method=phone'))).toBe(45);
    const testland = rowsOf<{ id: number }>(await db().execute(sql`select id from countries where iso = 'TL'`));
    expect(await countOrders(db(), query(`country=${testland[0]!.id}`))).toBe(68);
    // Hours 1..24 of 2026-10-01 are that day; the range is inclusive of whole UTC days.
    const day = await listOrders(db(), query('from=2026-10-02&to=2026-10-02&sort=oldest'), 100);
    expect(day.rows.every((r) => r.createdAt.toISOString().startsWith('2026-10-02'))).toBe(true);
    expect(day.total).toBeGreaterThan(20);
    expect(await countOrders(db(), query('status=Pending&method=phone'))).toBe(9);
  });

  it('by order number prefix, exact email (any case) and part of a name', async () => {
    expect((await listOrders(db(), query('q=261001-00001'), 100)).rows.map((r) => r.orderNr).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `261001-00001${i}`),
    );
    const byEmail = await listOrders(db(), query('q=BUYER7@example.com'), 100);
    expect(byEmail.total).toBe(7);
    expect(byEmail.rows.every((r) => r.email === 'buyer7@example.com')).toBe(true);
    const byName = await listOrders(db(), query('q=anna'), 100);
    expect(byName.total).toBe(13);
    expect(byName.rows.every((r) => r.name === 'Anna')).toBe(true);
    expect((await listOrders(db(), query(`q=${encodeURIComponent("x' or '1'='1")}`), 10)).total).toBe(0);
    // LIKE's wildcards are searched for as text, not as wildcards.
    expect((await listOrders(db(), query('q=%25'), 10)).total).toBe(0);
    expect((await listOrders(db(), query('q=_nna'), 10)).total).toBe(0);
  });
});

describe('the export', () => {
  it('reads every matching order in list order, in batches', async () => {
    const batches: number[] = [];
    const seen: string[] = [];
    for await (const rows of allOrders(db(), query('sort=total_asc&method=card'), 20)) {
      batches.push(rows.length);
      seen.push(...rows.map((r) => r.orderNr));
    }
    expect(seen).toHaveLength(92);
    expect(new Set(seen).size).toBe(92);
    expect(batches).toEqual([20, 20, 20, 20, 12]);
    expect(seen).toEqual(await walk(query('sort=total_asc&method=card'), 'forward'));
  });
});
