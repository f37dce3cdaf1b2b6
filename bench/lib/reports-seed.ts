/**
 * The reports bench's data (bench/reports.ts): paid purchase orders up to <count>, spread over the
 * last two years, each with 10 lines of the shop's products, and an invoice per order whose
 * document carries what the VAT report reads (delivery country, scheme, per-rate net and VAT).
 * Incremental (only the missing ones are added), set-based (generate_series), then VACUUM ANALYZE.
 * A line's SKU and name are its product's, as the checkout copies them (until 2026-11-27 they were
 * drawn apart from the product, which made sales by product 166 000 product × SKU rows).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/services/catalog/rows';

const BATCH = 10_000;
const LINES = 10;

export async function seedReportOrders(db: Db, target: number, log: (line: string) => void): Promise<void> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where email like '%@reports.bench'`),
  ) as [{ n: number }];
  for (let from = n + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1);
    await db.execute(sql`
      with c as (select array_agg(id order by id) ids, array_agg(name order by id) names from countries
                 where iso in ('DE', 'FR', 'NL', 'AT', 'BE', 'IT', 'ES'))
      insert into orders (order_nr, status, payment_method, name, surname, email, phone, country_id, country_name, city,
                          address, post_code, currency, currency_rate, cart_total_cents, delivery_cost_cents, vat_cents,
                          vat_percent, vat_scheme, final_cents, converted_final_cents, created_at, paid_at)
      select 'RB-' || lpad(g::text, 8, '0'), (array['Success','Shipped','Shipped'])[1 + g % 3]::order_status, 'card',
             'Anna', 'Bench', 'customer' || (g % 20000) || '@reports.bench', '+4930000000',
             c.ids[1 + g % array_length(c.ids, 1)], c.names[1 + g % array_length(c.ids, 1)], 'Berlin', 'Bench Street 1',
             '10115', 'EUR', 1, 10 * (1000 + g % 5000), 0, round(10 * (1000 + g % 5000) * 19 / 119.0)::int, 19, 'oss',
             10 * (1000 + g % 5000), 10 * (1000 + g % 5000),
             now() - ((g::bigint * 631) % (730 * 86400)) * interval '1 second',
             now() - ((g::bigint * 631) % (730 * 86400)) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g, c`);
    await db.execute(sql`
      with p as (select array_agg(id order by id) ids from products)
      insert into order_items (order_id, product_id, sku, name, category_name, price_cents, quantity, vat_percent, vat_cents)
      select o.id, x.pid, 'SKU-' || x.pid, 'Product ' || x.pid,
             (array['Outdoor', 'Water', 'Camping', 'Climbing'])[1 + (o.id + l) % 4], 1000 + (o.id + l) % 50 * 100,
             1, 19, round(1000 * 19 / 119.0)::int
      from orders o, p, generate_series(1, ${LINES}) l,
        lateral (select p.ids[1 + (o.id * 7 + l) % array_length(p.ids, 1)] as pid) x
      where o.order_nr between ${`RB-${String(from).padStart(8, '0')}`} and ${`RB-${String(to).padStart(8, '0')}`}`);
    await db.execute(sql`
      insert into invoices (order_id, kind, number, year, seq, language, currency, total_cents, document, issued_at)
      select o.id, 'invoice', 'RB-INV-' || o.id, 1900, o.id, 'en', 'EUR', o.final_cents,
             jsonb_build_object('vatScheme', 'oss', 'buyer', jsonb_build_object('delivery', jsonb_build_object('countryIso',
               (select iso from countries where id = o.country_id))),
               'rates', jsonb_build_array(jsonb_build_object('percent', 19, 'netCents', o.final_cents - o.vat_cents,
               'vatCents', o.vat_cents))),
             o.paid_at
      from orders o
      where o.order_nr between ${`RB-${String(from).padStart(8, '0')}`} and ${`RB-${String(to).padStart(8, '0')}`}`);
    log(`  orders ${to} / ${target}`);
  }
  for (const table of ['orders', 'order_items', 'invoices', 'refunds'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}
