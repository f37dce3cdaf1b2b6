import { sql } from 'drizzle-orm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { notReadyReason } from '../http/readiness.mjs';
import { createRouter } from './env';
import { fail, ok } from './envelope';

/**
 * Load balancers and orchestrators poll these; they must never be cached.
 * - `/api/health` (readiness): 200 only when this instance should get traffic: not while it
 *   starts or migrates, not once it is shutting down, not while its database does not answer.
 * - `/api/health/live` (liveness): 200 while the process answers at all, database or not, so a
 *   supervisor restarts a hung process but not one waiting for its database.
 */
export const healthApp = createRouter()
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const reason = notReadyReason();
    if (reason) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return fail(c, 503, reason);
    }
    try {
      await c.var.db.execute(sql`select 1`);
    } catch (error) {
      c.var.log.warn({ err: error }, 'health check failed');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return fail(c, 503, 'Database unavailable');
    }
    return ok(c, { database: 'up' as const, engine: c.var.engine });
  })
  .get('/live', (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, { status: 'alive' as const });
  });
