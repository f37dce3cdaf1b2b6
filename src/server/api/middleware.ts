import type { MiddlewareHandler } from 'hono';
import { logger } from '../logger';
import { ready } from '../runtime';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { type ApiEnv, clientAddress, forwardedHttps } from './env';
import { mayReadReplica, readPrimaryCookie } from '../db/read-replica';
import { HttpError } from './errors';
import { REQUEST_ID_HEADER, requestIdFrom } from '../request-id';

/**
 * The request's id (src/server/request-id.ts), for the log lines and the answer's header. Hono's
 * requestId middleware is not used: it accepts ids up to 255 characters before a generator
 * ever sees them, so the shop's own limit came second.
 */
export function withRequestId(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
  };
}

/** One structured line per request; the child logger lets handlers log with the same id. */
export function requestLogger(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: c.req.path,
      status,
      ip: clientAddress(c),
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  };
}

/** Exposes the process database; failing to open it is an outage (503), not a bug (500). */
export function withDatabase(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    let runtime: Awaited<ReturnType<typeof ready>>;
    try {
      runtime = await ready();
    } catch (error) {
      c.get('log').error({ err: error }, 'database not ready');
      throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, {
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
      });
    }
    c.set('db', runtime.database.db);
    const replica = runtime.replica;
    c.set(
      'readDb',
      replica?.healthy() && mayReadReplica(c.req.method, c.req.path, c.req.header('cookie'))
        ? replica.db
        : runtime.database.db,
    );
    c.set('engine', runtime.database.engine);
    await next();
    // This browser's next reads stay on the primary until its change has surely reached the replica.
    if (replica && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method))
      c.header('Set-Cookie', readPrimaryCookie(forwardedHttps(c)), { append: true });
  };
}
