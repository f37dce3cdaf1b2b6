import { resolve } from 'node:path';
import { config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { setPhase } from './http/readiness.mjs';
import { logger } from './logger';
import { type ReadReplica, openReadReplica, replicaAllowed } from './db/read-replica';

/**
 * The process-wide database. Kept on globalThis because the start script and the built Astro
 * bundle each carry their own copy of this module, and a PGlite directory must be opened once.
 */
interface Runtime {
  database: Database;
  release: () => void;
  /** Stops the background jobs (mail retries) before the database closes. */
  stopJobs?: () => Promise<void>;
  /** DATABASE_READ_URL's replica, when set. */
  replica?: ReadReplica;
}

const KEY = Symbol.for('gear-shop.runtime');
type Holder = { [KEY]?: Promise<Runtime> };
const holder = globalThis as Holder;

async function start(): Promise<Runtime> {
  const cfg = config();
  const startedAt = performance.now();
  let release = () => {};
  let database: Database;
  if (cfg.DATABASE_URL) {
    database = await openDatabase({ engine: 'postgres', url: cfg.DATABASE_URL, serving: true });
  } else {
    const dataDir = resolve(cfg.DATA_DIR);
    const unlock = lockDataDir(dataDir);
    try {
      database = await openDatabase({ engine: 'pglite', dataDir: resolve(dataDir, 'pglite') });
    } catch (error) {
      unlock();
      throw error;
    }
    // `npm run db:backup` asks this process for the dump while it holds the folder (ADR 014).
    const { serveBackupRequests } = await import('./db/backup');
    const stopServing = serveBackupRequests(dataDir, database.dump!, (line) => logger.info(line));
    release = () => {
      stopServing();
      unlock();
    };
  }
  // Not ready for traffic while the schema changes under it (the readiness check says so).
  setPhase('migrating');
  await database.migrate();
  if (cfg.SEED === 'demo') {
    const { generatedLoginsNotice, seedIfEmpty } = await import('./db/seed/index');
    const seeded = await seedIfEmpty(database.db);
    // The console, not the logger: the operator must see these once whatever LOG_LEVEL says.
    if (seeded && seeded.generated.length > 0) console.log(generatedLoginsNotice(seeded.generated));
  } else if (cfg.SEED === 'base') {
    const { seedBaseIfEmpty } = await import('./db/seed/index');
    if (await seedBaseIfEmpty(database.db)) logger.info('the empty database got the base data of a new shop (no demo)');
  }
  // Shops from before migration 0032 get German and French country names (ADR 041).
  const { backfillCountryNames } = await import('./db/seed/country-names-backfill');
  const backfilled = await backfillCountryNames(database.db);
  if (backfilled > 0) logger.info({ rows: backfilled }, 'country names back-filled in German and French');
  logger.info({ engine: database.engine, ms: Math.round(performance.now() - startedAt) }, 'database ready');
  // Mail that failed to send is retried in the background (a no-op without SMTP_URL).
  const { startMailRetry } = await import('./mail/mailer');
  const { startOrderJobs } = await import('./services/orders/jobs');
  const { startPageSchedule } = await import('./services/admin/content/page-schedule.server');
  const { startStaffDigest } = await import('./services/staff-mail/staff-digest.server');
  const { startCartReminders } = await import('./services/cart/cart-reminders.server');
  // Each runs once per interval across all instances sharing a PostgreSQL (ADR 015).
  const intervalMs = cfg.JOBS_INTERVAL_SECONDS * 1000;
  const stopMail = startMailRetry(database, { intervalMs });
  // Unpaid card orders release their stock; unacknowledged gateway outcomes are resent.
  const stopOrders = startOrderJobs(database, intervalMs);
  // Pages planned to go up or come down do so (ADR 027).
  const stopPages = startPageSchedule(database, intervalMs);
  // The staff's daily digest, once a day across the instances (issue 31).
  const stopDigest = startStaffDigest(database, intervalMs);
  // Reminders for carts left behind, when the owner switched them on (issue 32, ADR 044).
  const stopReminders = startCartReminders(database, intervalMs);
  // A CDN in front: edits purge the pages they made stale (docs/cdn.md).
  if (cfg.CDN_PURGE_URL) {
    const { setPurgeHook, webhookPurge } = await import('./services/cdn');
    setPurgeHook(webhookPurge(cfg.CDN_PURGE_URL, cfg.CDN_PURGE_TOKEN));
  }
  // Other instances on the same PostgreSQL announce their content edits (ADR 016).
  let stopSync = async () => {};
  if (cfg.DATABASE_URL) {
    const { startContentSync } = await import('./services/content-sync.server');
    const { contentChangedElsewhere } = await import('./services/content-changed');
    stopSync = startContentSync(cfg.DATABASE_URL, (scope) => contentChangedElsewhere(database.db, scope)).stop;
  }
  const stopJobs = async () => {
    await Promise.all([stopMail(), stopOrders(), stopPages(), stopDigest(), stopReminders(), stopSync()]);
  };
  const replica = cfg.DATABASE_READ_URL
    ? await openReadReplica(cfg.DATABASE_READ_URL, (line) => logger.warn(line))
    : undefined;
  if (replica) {
    logger.info('catalogue and content reads go to the read replica');
    // Caches are kept per database: an edit (on the primary) must empty the replica's too.
    const { contentChangedElsewhere, onContentChanged } = await import('./services/content-changed');
    onContentChanged((db, scope) => {
      if (db === database.db) contentChangedElsewhere(replica.db, scope);
    });
  }
  // The catalogue index and search vocabularies load now, not on the first shopper's search.
  const { warmSearch } = await import('./services/catalog/search-engine');
  void warmSearch((replica ?? database).db);
  setPhase('ready');
  return { database, release, stopJobs, ...(replica && { replica }) };
}

/** Opens, migrates and (on an empty database) seeds once per process. */
export function ready(): Promise<Runtime> {
  holder[KEY] ??= start().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

/** For tests and scripts: use an already opened database as the process database. */
export function useDatabase(database: Database): void {
  holder[KEY] = Promise.resolve({ database, release: () => {} });
}

export async function getDb(): Promise<Db> {
  return (await ready()).database.db;
}

/**
 * The database for catalogue and content reads: the replica when there is one that answers and
 * this request may read from it (read-replica.ts: reading, not the back office, no recent change
 * by this browser), else the primary.
 */
export async function getReadDb(): Promise<Db> {
  const runtime = await ready();
  return runtime.replica?.healthy() && replicaAllowed() ? runtime.replica.db : runtime.database.db;
}

/** Whether a replica is configured (the middlewares then mark browsers that change something). */
export async function hasReadReplica(): Promise<boolean> {
  return (await ready()).replica !== undefined;
}

export async function shutdown(): Promise<void> {
  const pending = holder[KEY];
  if (!pending) return;
  delete holder[KEY];
  const runtime = await pending.catch(() => undefined);
  if (!runtime) return;
  await runtime.stopJobs?.().catch(() => undefined);
  await runtime.replica?.close().catch(() => undefined);
  await runtime.database.close();
  runtime.release();
}
