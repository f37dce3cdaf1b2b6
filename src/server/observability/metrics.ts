/**
 * The Prometheus metrics behind /metrics (only loaded when METRICS_TOKEN is set). Counters and
 * histograms this process fills as it works; gauges read from the database at each scrape the
 * state every instance shares (mail outbox, payments, background jobs' last runs).
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { type MetricsSink, setMetricsSink } from './hooks';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export interface ShopMetrics {
  registry: Registry;
  request(method: string, route: string, status: number, seconds: number): void;
}

/** node-postgres returns a QueryResult, PGlite a Results object; both carry `rows`. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

function databaseGauges(registry: Registry, database: () => Promise<Database>): void {
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (total, idle, waiting requests); PGlite has none',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const stats = (await database()).poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'shop_mail_outbox',
    help: 'Mails not sent yet: queued (all unsent) and failed (unsent after a failed attempt)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { db } = await database();
      const [row] = rowsOf<{ queued: number; failed: number }>(
        await db.execute(sql`select count(*)::int as queued, count(*) filter (where attempts > 0)::int as failed
          from mail_outbox where sent_at is null`),
      );
      this.set({ state: 'queued' }, row?.queued ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });
  new Gauge({
    name: 'shop_payments',
    help: 'Payments by status (succeeded: settled; declined and failed: failed), shop-wide',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { db } = await database();
      this.reset();
      const rows = rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from payments group by status`),
      );
      for (const { status, n } of rows) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'shop_job_seconds_since_last_run',
    help: 'Seconds since each background job last started on any instance (lag against its interval)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const { db } = await database();
      const rows = rowsOf<{ name: string; age: number }>(
        await db.execute(sql`select name, extract(epoch from now() - last_started_at)::float8 as age from job_runs`),
      );
      for (const { name, age } of rows) this.set({ job: name }, Number(age));
    },
  });
}

function sinkMetrics(registry: Registry): MetricsSink {
  const cacheLookups = new Counter({
    name: 'shop_cache_lookups_total',
    help: 'Lookups of the guest page cache and the catalogue result cache, by result (hit, miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  const indexBuild = new Histogram({
    name: 'shop_catalog_index_build_seconds',
    help: 'Time of a full build of the catalogue index',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const indexSize = new Gauge({
    name: 'shop_catalog_index_products',
    help: 'Products in the catalogue index as last built',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'shop_job_runs_total',
    help: 'Background job ticks this instance ran, by job and result (ok, failed)',
    labelNames: ['job', 'result'],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'Database statement latency, by engine and result',
    labelNames: ['engine', 'result'],
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  return {
    cacheLookup: (cache, hit) => cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' }),
    catalogIndexBuilt(seconds, products) {
      indexBuild.observe(seconds);
      indexSize.set(products);
    },
    jobRun: (job, ok) => jobRuns.inc({ job, result: ok ? 'ok' : 'failed' }),
    query: (engine, seconds, ok) => queries.observe({ engine, result: ok ? 'ok' : 'error' }, seconds),
  };
}

/** Builds the registry and starts filling it; the hooks of the code report into it from now on. */
export function createMetrics(database: () => Promise<Database>): ShopMetrics {
  const registry = new Registry();
  // Process metrics, the event loop's lag (nodejs_eventloop_lag_*) and garbage collection.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  databaseGauges(registry, database);
  setMetricsSink(sinkMetrics(registry));
  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
