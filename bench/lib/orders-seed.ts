/**
 * `npx tsx bench/lib/orders-seed.ts <count>`: fills the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR) with back-office bench orders up to <count> (bench/orders-list.mjs): 5 000
 * customers' addresses, every status, both payment methods, the demo countries, two years of
 * dates. Incremental: only the missing ones are added. Then VACUUM ANALYZE, and the demo staff
 * account gets the bench's own password.
 */
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '@/server/db/seed/open';
import { rowsOf } from '@/server/services/catalog/rows';
import { setBenchStaffPassword } from './bench-staff';

const target = Number(process.argv[2] ?? 100_000);
const BATCH = 20_000;
const database = await openConfiguredDatabase();
try {
  const db = database.db;
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where email like '%@bench.example'`),
  ) as [{ n: number }];
  for (let from = n + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1);
    await db.execute(sql`
      with c as (select array_agg(id order by id) ids, array_agg(name order by id) names from countries)
      insert into orders (order_nr, status, payment_method, name, surname, email, phone, country_id, country_name, city, address, post_code,
                          currency, currency_rate, cart_total_cents, delivery_cost_cents, vat_cents, vat_percent, final_cents, converted_final_cents,
                          created_at, paid_at, stock_released)
      select to_char(timestamptz '2024-11-25 00:00:00+00' + ((g::bigint * 631) % (730 * 86400)) * interval '1 second', 'YYMMDD') || '-' || lpad(g::text, 6, '0'),
             (array['Success','Success','Shipped','Shipped','Shipped','Pending','Failed','Cancelled','Refunded','Error'])[1 + g % 10]::order_status,
             (case when g % 4 = 0 then 'phone' else 'card' end)::payment_method,
             (array['Anna','Ben','Chloé','Dmitri','Eva','Farid','Greta','Hugo','Ines','Jonas'])[1 + g % 10],
             (array['Schmidt','Müller','Martin','Bernard','Rossi','Novak','García','Smith','Jensen','Kowalski'])[1 + (g / 10) % 10],
             'customer' || (g % 5000) || '@bench.example', '+4930000000',
             c.ids[1 + g % array_length(c.ids, 1)], c.names[1 + g % array_length(c.ids, 1)],
             'Berlin', 'Bench Street ' || (g % 200), '10115', 'EUR', 1,
             1000 + (g * 7919) % 90000, 499, 0, 19, 1499 + (g * 7919) % 90000, 1499 + (g * 7919) % 90000,
             timestamptz '2024-11-25 00:00:00+00' + ((g::bigint * 631) % (730 * 86400)) * interval '1 second',
             null, g % 10 in (6, 7, 9)
      from generate_series(${from}::int, ${to}::int) g, c`);
    console.log(`  orders ${to} / ${target}`);
  }
  await db.execute(sql`vacuum analyze orders`);
  await setBenchStaffPassword(db);
} finally {
  await database.close();
}
