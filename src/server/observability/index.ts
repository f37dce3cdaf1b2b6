/**
 * The start script's entry to metrics and traces. Without METRICS_TOKEN and
 * OTEL_EXPORTER_OTLP_ENDPOINT it returns undefined having loaded nothing (prom-client and the
 * OpenTelemetry SDK are imported lazily), and the server runs exactly as before.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { QueryObserver } from './drivers';
import { metricsSink } from './hooks';

export const METRICS_PATH = '/metrics';

export interface Observer {
  /** Answers /metrics itself, else runs `next` timed (and traced). */
  handle(req: IncomingMessage, res: ServerResponse, locals: { routePattern?: string }, next: () => void): void;
  shutdown(): Promise<void>;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The route a request counts under: its pattern, never its address (bounded label values). */
function routeOf(locals: { routePattern?: string }): string {
  return locals.routePattern ?? 'other';
}

export async function startObservability(
  cfg: Config,
  database: () => Promise<Database>,
  version: string,
): Promise<Observer | undefined> {
  const token = cfg.METRICS_TOKEN;
  const endpoint = cfg.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!token && !endpoint) return undefined;
  const metrics = token ? (await import('./metrics')).createMetrics(database) : undefined;
  const tracing = endpoint
    ? (await import('./tracing')).startTracing(endpoint, cfg.OTEL_SERVICE_NAME, version)
    : undefined;
  const { instrumentDrivers } = await import('./drivers');
  const observeQuery: QueryObserver = async (engine, text, run) => {
    const startedAt = performance.now();
    let ok = false;
    try {
      const value = tracing ? await tracing.query(engine, text, run) : await run();
      ok = true;
      return value;
    } finally {
      metricsSink()?.query(engine, (performance.now() - startedAt) / 1000, ok);
    }
  };
  // Only the driver in use is loaded and patched (a read replica needs DATABASE_URL: pg too).
  await instrumentDrivers(cfg.DATABASE_URL ? 'postgres' : 'pglite', observeQuery);

  async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    // Without its token the address does not exist, so it cannot be found by trying.
    if (!metrics || !token || !bearerMatches(req.headers.authorization, token)) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not Found');
      return;
    }
    const body = await metrics.registry.metrics();
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.end(body);
  }

  return {
    handle(req, res, locals, next) {
      const path = (req.url ?? '/').split('?', 1)[0]!;
      if (path === METRICS_PATH) {
        answerMetrics(req, res).catch((error: unknown) => res.destroy(error as Error));
        return;
      }
      const method = req.method ?? 'GET';
      const startedAt = performance.now();
      let finishSpan: ((attrs: { route: string; status: number; requestId: string | undefined }) => void) | undefined;
      res.once('close', () => {
        const route = routeOf(locals);
        metrics?.request(method, route, res.statusCode, (performance.now() - startedAt) / 1000);
        const requestId = res.getHeader('x-request-id') ?? req.headers['x-request-id'];
        finishSpan?.({ route, status: res.statusCode, requestId: requestId ? String(requestId) : undefined });
      });
      if (tracing) finishSpan = tracing.request(method, path, next).finish;
      else next();
    },
    async shutdown() {
      await tracing?.shutdown();
    },
  };
}
