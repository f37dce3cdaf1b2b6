import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { IMAGE_VERSION } from '@/server/images/urls';
import { leaves } from './catalog-data';

/**
 * Benchmark catalogue: many products generated inside the database with set-based SQL
 * (insert … select … from generate_series), in chunks of CHUNK products per transaction, so
 * 100 000 products take well under two minutes on PGlite and PostgreSQL alike. Products reuse the
 * demo seed's categories and attribute groups; numbers come from integer hashes of the row
 * number, so the catalogue is the same on every run.
 */
const CHUNK = 10_000;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const BRANDS = [
  'Nordvik',
  'Alpenkamm',
  'Ridgeline',
  'Velocita',
  'IronForge',
  'Corefit',
  'Stridewell',
  'Pulsewave',
  'Voltra',
  'Quantix',
  'Cairnworks',
  'Peakform',
];
const MODELS = [
  'Summit',
  'Trail',
  'Apex',
  'Pulse',
  'Volt',
  'Tempo',
  'Stratus',
  'Nova',
  'Edge',
  'Core',
  'Prime',
  'Drift',
  'Crest',
  'Sierra',
  'Comet',
  'Zen',
];
const AUTHORS = ['Anna K.', 'Marco R.', 'Sophie L.', 'James P.', 'Lena M.', 'Pierre D.', 'Chloe B.', 'Tom W.'];
const REVIEWS = [
  'Exactly what I needed.',
  'Good value for the money.',
  'Solid, but the instructions could be clearer.',
  'Not as sturdy as expected.',
  'Excellent quality, fast delivery.',
];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `(array[${values.map(literal).join(',')}]::text[])`;

/** h(k): a cheap deterministic hash of the row number g, different for each k. */
const h = (k: number, g = 'g') => `((${g}::bigint * ${2654435761 + k * 40503} + ${k * 7919}) % 1000003)`;

interface LeafRow {
  i: number;
  cat: number;
  parent: number | null;
  grand: number | null;
  types: string[];
  pmin: number;
  pmax: number;
  use: string;
  important: string;
  features: string[];
  ga: number;
  a: number[];
  gb: number | null;
  b: number[];
}

async function leafTable(db: Db): Promise<LeafRow[]> {
  const cats = rowsOf<{ id: number; slug: string; parent: number | null; grand: number | null }>(
    await db.execute(sql`
      select c.id, c.slug, p.id as parent, p.parent_id as grand
      from categories c left join categories p on p.id = c.parent_id
      where not exists (select 1 from categories ch where ch.parent_id = c.id)
      order by c.id`),
  );
  const groups = rowsOf<{ name: string; id: number; attrs: number[] | string }>(
    await db.execute(sql`
      select g.name, g.id, json_agg(a.id order by a.position, a.id)::text as attrs
      from attribute_groups g join attributes a on a.group_id = g.id group by g.id, g.name`),
  );
  const group = new Map(groups.map((g) => [g.name, { id: g.id, attrs: JSON.parse(String(g.attrs)) as number[] }]));
  const colour = group.get('Colour');
  const specs = new Map(leaves().map((ref) => [ref.leaf.slug, ref.leaf]));
  const out: LeafRow[] = [];
  for (const cat of cats) {
    const leaf = specs.get(cat.slug);
    if (!leaf) continue;
    const [first, second] = (leaf.variants?.groups ?? []).map((g) => group.get(g.group)).filter((g) => g !== undefined);
    const a = first ?? colour;
    if (!a) continue;
    const b = first ? second : undefined;
    out.push({
      i: out.length,
      cat: cat.id,
      parent: cat.parent,
      grand: cat.grand,
      types: leaf.types.map((t) => t[0]),
      pmin: leaf.price[0] * 100,
      pmax: leaf.price[1] * 100,
      use: leaf.use,
      important: leaf.important,
      features: [...leaf.features],
      ga: a.id,
      a: a.attrs,
      gb: b?.id ?? null,
      b: b?.attrs ?? [],
    });
  }
  if (out.length === 0) throw new Error('No demo categories found: seed the demo shop first.');
  return out;
}

const LEAF_CTE = (json: string) => sql`leaf as (
  select * from jsonb_to_recordset(${json}::jsonb) as x(
    i int, cat int, parent int, grand int, types jsonb, pmin int, pmax int, use text, important text,
    features jsonb, ga int, a jsonb, gb int, b jsonb))`;

async function insertChunk(db: Db, json: string, n: number, from: number, to: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const range = rowsOf<{ lo: number; hi: number }>(
      await tx.execute(sql`
        with ${LEAF_CTE(json)},
        src as (
          select g, l.*,
            ${sql.raw(textArray(BRANDS))}[1 + ${sql.raw(h(1))} % ${sql.raw(String(BRANDS.length))}] || ' ' ||
            ${sql.raw(textArray(MODELS))}[1 + ${sql.raw(h(2))} % ${sql.raw(String(MODELS.length))}] || ' ' ||
            (${sql.raw(h(3))} % 90 + 10)::text || ' ' ||
            (l.types ->> (${sql.raw(h(4))} % jsonb_array_length(l.types))::int) as name,
            (l.pmin + (${sql.raw(h(5))} % greatest(1, l.pmax - l.pmin)) / 100 * 100 + 99) as price,
            ${sql.raw(h(6))} % 365 as age,
            ${sql.raw(h(7))} % 100 as roll
          from generate_series(${from}::int, ${to}::int) g join leaf l on l.i = g % ${n}
        ),
        priced as (
          select *, case when roll < 20 then (price * 100 / (100 - (10 + roll % 4 * 10))) / 100 * 100 + 99 else 0 end as old
          from src
        ),
        ins as (
          insert into products (sku, slug, name, description, price_cents, old_price_cents, discount_percent,
                                is_top, is_new, stock, created_at, updated_at, category_ids)
          select 'BENCH-' || lpad(g::text, 7, '0'),
            'bench-' || g || '-' || trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')),
            name,
            '<p>The ' || name || ' is built for ' || use || '.</p>' ||
            '<ul><li>' || (features ->> (g % jsonb_array_length(features))::int) || '</li><li>' ||
            (features ->> ((g + 1) % jsonb_array_length(features))::int) || '</li><li>' ||
            (features ->> ((g + 2) % jsonb_array_length(features))::int) || '</li></ul>' ||
            '<p>Weight: ' || round((0.2 + (g % 97) / 10.0)::numeric, 1) || ' kg</p>' ||
            '<p>Important information: ' || important || '</p>',
            price, old,
            case when old > 0 then round((old - price) * 100.0 / old)::int else 0 end,
            roll % 13 = 0, age < 60,
            case when (g % 50) < 4 then 0 when (g % 50) < 9 then 1 + g % 3 else 5 + ${sql.raw(h(8))} % 116 end,
            now() - make_interval(days => age::int, hours => (g % 24)::int),
            now() - make_interval(days => age::int, hours => (g % 24)::int),
            -- The links inserted below, so their trigger (migration 0018) finds nothing to rewrite:
            -- rewriting every new product row once more tripled the time of a chunk.
            array(select c from unnest(array[cat, parent, grand]) c where c is not null order by c)
          from priced
          returning id
        )
        select min(id) as lo, max(id) as hi from ins`),
    )[0]!;
    const lo = Number(range.lo);
    const hi = Number(range.hi);
    const products = sql`products p join leaf l on l.i = substr(p.sku, 7)::int % ${n}`;
    const inRange = sql`p.id between ${lo} and ${hi}`;
    const varied = sql`substr(p.sku, 7)::int % 5 < 2`;

    await tx.execute(sql`
      with ${LEAF_CTE(json)}
      insert into product_categories (product_id, category_id)
      select p.id, c from ${products}
        cross join lateral (values (l.cat), (l.parent), (l.grand)) as v(c)
      where ${inRange} and c is not null`);
    await tx.execute(sql`
      insert into product_images (product_id, url, position)
      select p.id, '/images/products/' || p.id || '/' || k || '.svg?v=' || ${String(IMAGE_VERSION)}, k - 1
      from products p cross join lateral generate_series(1, 1 + p.id % 4) k
      where ${inRange}`);
    await tx.execute(sql`
      with ${LEAF_CTE(json)}
      insert into product_attribute_groups (product_id, group_id, position)
      select p.id, grp, pos from ${products}
        cross join lateral (values (l.ga, 0), (l.gb, 1)) as v(grp, pos)
      where ${inRange} and ${varied} and grp is not null`);
    // Up to 3 options of the first group × 2 of the second, minus the last combination, so the
    // variation picker has a combination to disable.
    await tx.execute(sql`
      with ${LEAF_CTE(json)}
      insert into variations (product_id, sku, price_cents, stock)
      select p.id, p.sku || '-' || s || c, p.price_cents + (s - 1) * 500, (p.id * s + c) % 25
      from ${products}
        cross join lateral generate_series(1, least(3, jsonb_array_length(l.a))) s
        cross join lateral generate_series(1, case when l.gb is null then 1 else least(2, jsonb_array_length(l.b)) end) c
      where ${inRange} and ${varied} and not (s = 3 and c = 2)`);
    await tx.execute(sql`
      with ${LEAF_CTE(json)},
      v as (
        select v.id, l.a, l.b, l.gb, p.id as pid,
          substr(v.sku, length(v.sku) - 1, 1)::int as s, right(v.sku, 1)::int as c
        from variations v
          join products p on p.id = v.product_id
          join leaf l on l.i = substr(p.sku, 7)::int % ${n}
        where ${inRange}
      )
      insert into variation_attributes (variation_id, attribute_id)
      select id, (a ->> ((pid + s) % jsonb_array_length(a))::int)::int from v
      union all
      select id, (b ->> ((pid + c) % jsonb_array_length(b))::int)::int from v where gb is not null`);
    await tx.execute(sql`
      insert into reviews (product_id, author_name, rating, text, created_at)
      select p.id,
        ${sql.raw(textArray(AUTHORS))}[1 + (p.id + k) % ${sql.raw(String(AUTHORS.length))}],
        (array[5, 5, 5, 4, 4, 4, 3, 2, 1])[1 + (${sql.raw(h(9, 'p.id'))} + k) % 9],
        ${sql.raw(textArray(REVIEWS))}[1 + (p.id + k) % ${sql.raw(String(REVIEWS.length))}],
        p.created_at + make_interval(days => k)
      from products p cross join generate_series(1, 2) k
      where ${inRange} and p.id % 7 = 0`);
  });
}

export interface BenchResult {
  existing: number;
  inserted: number;
  total: number;
}

/** Adds BENCH-* products until there are `target` of them; `log` receives progress lines. */
export async function seedBench(db: Db, target: number, log: (line: string) => void = () => {}): Promise<BenchResult> {
  const leafRows = await leafTable(db);
  const json = JSON.stringify(leafRows);
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select coalesce(max(substr(sku, 7)::int), 0) as n from products where sku like 'BENCH-%'`),
  );
  const existing = Number(row?.n ?? 0);
  const startedAt = performance.now();
  for (let from = existing + 1; from <= target; from += CHUNK) {
    const to = Math.min(target, from + CHUNK - 1);
    await insertChunk(db, json, leafRows.length, from, to);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    log(`  ${to - existing}/${target - existing} products (${seconds}s)`);
  }
  if (target > existing) await db.execute(sql`analyze`);
  return { existing, inserted: Math.max(0, target - existing), total: Math.max(existing, target) };
}
