/**
 * `npm run bench:reports [-- --engine=postgres|pglite] [--orders=100000]`: the dashboard and a
 * year's reports at 100 000 paid orders and 1 000 000 order lines (issue 32, ADR 040). Seeds the
 * demo shop and the bench orders (bench/lib/reports-seed.ts; PostgreSQL database
 * shop_bench_reports on BENCH_PG_SERVER, or PGlite in bench/.tmp/reports-data), then times the
 * dashboard of the last 30 days (every figure, both periods, chart, lists) and each report over
 * the last 365 days, in process, one at a time. Budgets: dashboard p95 < 100 ms, report < 1 s.
 * Results: bench/RESULTS.md (bench:reports).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedIfEmpty } from '@/server/db/seed/index';
import { openConfiguredDatabase } from '@/server/db/seed/open';
import { readDashboard } from '@/server/services/admin/dashboard/dashboard.server';
import { parsePeriod } from '@/server/services/admin/dashboard/period';
import { REPORTS, parseReportQuery } from '@/server/services/admin/reports/report-query';
import { readReport } from '@/server/services/admin/reports/reports.server';
import { ROOT } from './lib/process.mjs';
import { machineLine, writeSection } from './lib/results.mjs';
import { seedReportOrders } from './lib/reports-seed';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ENGINE = arg('engine') === 'pglite' ? 'pglite' : 'postgres';
const ORDERS = Number(arg('orders') ?? 100_000);
const RUNS = 20;
const DASHBOARD_BUDGET_MS = 100;
const REPORT_BUDGET_MS = 1000;
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'shop_bench_reports';

async function ensurePgDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [PG_DB]);
    if (found.rowCount === 0) await client.query(`create database "${PG_DB}"`);
  } finally {
    await client.end();
  }
}

if (ENGINE === 'postgres') {
  await ensurePgDatabase();
  process.env.DATABASE_URL = `${PG_SERVER.replace(/\/[^/]*$/, '')}/${PG_DB}`;
} else {
  process.env.DATA_DIR = join(ROOT, 'bench', '.tmp', 'reports-data');
  process.env.DATABASE_URL = '';
  mkdirSync(process.env.DATA_DIR, { recursive: true });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  await work(); // warm the caches once, as a running shop has them
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

const database = await openConfiguredDatabase();
try {
  const db = database.db;
  console.log(`Reports bench on ${database.describe}: ${ORDERS} orders`);
  await seedIfEmpty(db);
  const seedStart = performance.now();
  await seedReportOrders(db, ORDERS, (line) => console.log(line));
  console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const rows: string[] = [];
  const dash = await timed(RUNS, () => readDashboard(db, parsePeriod(new URLSearchParams({ period: '30d' }))));
  rows.push(
    `| dashboard, last 30 days (both periods, chart, lists) | ${median(dash).toFixed(0)} | ${p95(dash).toFixed(0)} | ${DASHBOARD_BUDGET_MS} | ${p95(dash) < DASHBOARD_BUDGET_MS ? 'yes' : '**no**'} |`,
  );
  for (const report of REPORTS) {
    const query = parseReportQuery(new URLSearchParams({ report, from: yearAgo, to: today, group: 'day' }));
    const times = await timed(5, () => readReport(db, query));
    rows.push(
      `| report ${report}, 365 days | ${median(times).toFixed(0)} | ${p95(times).toFixed(0)} | ${REPORT_BUDGET_MS} | ${p95(times) < REPORT_BUDGET_MS ? 'yes' : '**no**'} |`,
    );
  }
  for (const r of rows) console.log(r);
  writeSection(
    `reports-${ENGINE}`,
    [
      `## Dashboard and reports at ${ORDERS.toLocaleString('en')} orders / ${(ORDERS * 10).toLocaleString('en')} lines on ${ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'} (\`npm run bench:reports${ENGINE === 'pglite' ? ' -- --engine=pglite' : ''}\`)`,
      '',
      machineLine(),
      'Plain indexed queries (no rollups; reports with JIT off, ADR 040), in process, one at a time after one warm-up run; dashboard 20 runs, each report 5.',
      '',
      '| what | median ms | p95 ms | budget ms | within |',
      '| --- | ---: | ---: | ---: | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await database.close();
}
