import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { attachWriteEpoch, writeCounter } from './write-epoch';

export type Schema = typeof schema;
/** The one database type every service takes; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * Runs pending migrations from drizzle/ (or `folder`) in one transaction, serialised across
   * processes on PostgreSQL.
   */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: its data directory as a gzipped tarball, taken between two queries (backups). */
  dump?: () => Promise<Blob>;
}

export type OpenOptions =
  /** serving: the server's pool, whose statements are bounded in time (ADR 017); not for scripts. */
  | { engine: 'postgres'; url: string; max?: number; serving?: boolean }
  /** dataDir: a folder, or undefined for an in-memory database; loadDataDir: a dumped template. */
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Finds drizzle/ from here both in src/ and in the built dist/server/chunks/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
    dir = dirname(dir);
  }
  const fromCwd = join(process.cwd(), 'drizzle');
  if (existsSync(join(fromCwd, 'meta', '_journal.json'))) return fromCwd;
  throw new Error('Cannot find the drizzle/ migrations folder');
}

// Any number will do as long as every instance of the shop uses the same one.
const MIGRATION_LOCK_ID = 7_340_001;

/**
 * Bounds of the server's pool (ADR 017), so that no request waits on the database for ever:
 * a connection is found or made within POOL_CONNECT_TIMEOUT_MS (pool full, server down or
 * restarting), a statement runs at most STATEMENT_TIMEOUT_MS (slow query, lock wait), and a
 * transaction left open by a crashed request frees its locks after IDLE_IN_TRANSACTION_MS. Each
 * of them surfaces as an error that db/unavailable.ts turns into a 503 with Retry-After.
 * Migrations and the first seed lift the statement bound for themselves (they may wait for
 * another instance and run long).
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 15_000;
export const IDLE_IN_TRANSACTION_MS = 60_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      // A peer that vanished without closing the socket is noticed instead of waited on.
      keepAlive: true,
      ...(options.serving
        ? { statement_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS }
        : {}),
    });
    // An idle client losing its connection (e.g. a server restart) must not crash the process:
    // the pool drops it and opens a new one on the next request.
    pool.on('error', () => {});
    // A checked-out client (a transaction between its statements) has no pool listener, and a
    // client emits 'error' on a lost connection even while its query also fails with it: without
    // a listener of its own that is an uncaught exception that ends the process. The query's
    // caller sees the error; the pool discards the broken client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    return {
      db,
      engine: 'postgres',
      async migrate(folder = migrationsFolder()) {
        const client = await pool.connect();
        try {
          // Waiting for another instance's migration, or a long one, is not a stuck request.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          await client.query('reset statement_timeout').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const { counter, logger } = writeCounter();
  const db = drizzle({ client, schema, logger });
  attachWriteEpoch(db, counter);
  return {
    db,
    engine: 'pglite',
    migrate: (folder = migrationsFolder()) => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
