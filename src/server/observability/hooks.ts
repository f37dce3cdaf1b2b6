/**
 * What the code reports to the metrics, at almost no cost when metrics are off: each hook reads
 * one globalThis slot (filled by metrics.ts only when METRICS_TOKEN is set) and returns. Kept
 * free of imports so that any module may call it, in both server bundles.
 */
export interface MetricsSink {
  cacheLookup(cache: 'page' | 'catalog', hit: boolean): void;
  catalogIndexBuilt(seconds: number, products: number): void;
  jobRun(job: string, ok: boolean): void;
  query(engine: string, seconds: number, ok: boolean): void;
}

const KEY = Symbol.for('gear-shop.metrics-sink');
type Holder = { [KEY]?: MetricsSink };

export function setMetricsSink(sink: MetricsSink | undefined): void {
  (globalThis as Holder)[KEY] = sink;
}

export function metricsSink(): MetricsSink | undefined {
  return (globalThis as Holder)[KEY];
}

export function countCacheLookup(cache: 'page' | 'catalog', hit: boolean): void {
  (globalThis as Holder)[KEY]?.cacheLookup(cache, hit);
}

export function observeCatalogIndexBuild(seconds: number, products: number): void {
  (globalThis as Holder)[KEY]?.catalogIndexBuilt(seconds, products);
}

export function observeJobRun(job: string, ok: boolean): void {
  (globalThis as Holder)[KEY]?.jobRun(job, ok);
}
