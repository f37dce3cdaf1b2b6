import { sql } from 'drizzle-orm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { createRouter } from './env';
import { fail, ok } from './envelope';

/** Load balancers and the start script's smoke test poll this; it must never be cached. */
export const healthApp = createRouter().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (error) {
    c.var.log.warn({ err: error }, 'health check failed');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return fail(c, 503, 'Database unavailable');
  }
  return ok(c, { database: 'up' as const, engine: c.var.engine });
});
