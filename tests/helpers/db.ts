/**
 * Fresh databases for integration tests. Each call gives a new, migrated database of the run's
 * engine (PGlite in memory by default; PostgreSQL when the run has TEST_DATABASE_URL), copied
 * from a template built once per run by tests/setup/global-db.ts:
 *   - PGlite: a copy is loaded from the dumped template tarball (~0.7 s instead of ~5 s initdb+migrate);
 *   - PostgreSQL: `CREATE DATABASE … TEMPLATE …` (~50 ms); close() drops it.
 *
 *   const database = await createTestDatabase({ seed: 'demo' });
 *   ... database.db ...
 *   await database.close();
 *
 * or, for a whole file (also installs it as the process database for code that calls getDb()):
 *
 *   const database = useTestDatabase({ seed: 'demo' });
 *   it('…', () => database().db.select() …);
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readFileSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg, { type Client } from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, type Db, openDatabase } from '@/server/db/client';
import { isAlive } from '@/server/db/lock';
import { config } from '@/server/config';
import { shutdown, useDatabase } from '@/server/runtime';
import {
  databaseName,
  databaseUrl,
  pgliteTemplatePath,
  quoteIdent,
  type TestDbInfo,
  type TestEngine,
  type TestSeed,
  templateName,
} from './db-names';
import { dumpPglite } from './pglite-dump';

export type { TestEngine, TestSeed } from './db-names';

export interface TestDatabaseOptions {
  /** 'none' (default): migrated and empty. 'demo': the deterministic demo shop. */
  seed?: TestSeed;
}

function info(): TestDbInfo {
  const value = inject('testDb');
  if (!value) {
    throw new Error(
      'No test database template: createTestDatabase() works in the vitest "integration" project (tests/setup/global-db.ts).',
    );
  }
  return value;
}

/** The engine this run tests: lets a test assert engine-specific details. */
export function testEngine(): TestEngine {
  return info().engine;
}

let counter = 0;

// ---------------------------------------------------------------- demo seed

const SEED_MODULE = fileURLToPath(new URL('../../src/server/db/seed/index.ts', import.meta.url));

/** The seed is imported by path at run time so this harness builds and runs before it exists. */
async function seedDemo(db: Db): Promise<void> {
  let mod: { seedDemo?: (db: Db) => Promise<unknown>; seedIfEmpty?: (db: Db) => Promise<unknown> };
  try {
    mod = await import(/* @vite-ignore */ SEED_MODULE);
  } catch (error) {
    throw new Error(`createTestDatabase({ seed: 'demo' }): cannot load the demo seed ${SEED_MODULE}: ${String(error)}`);
  }
  const run = mod.seedDemo ?? mod.seedIfEmpty;
  if (!run) throw new Error(`${SEED_MODULE} exports neither seedDemo nor seedIfEmpty`);
  await run(db);
}

// ---------------------------------------------------------------- PGlite

/**
 * Several worker processes may ask for the demo template at once; one builds it under a lock
 * file and the others wait for the finished tarball (renamed into place, so never half-written).
 */
async function pgliteDemoTemplate(run: TestDbInfo): Promise<string> {
  const target = pgliteTemplatePath(run, 'demo');
  const lock = `${target}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  while (!existsSync(target)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${target}`);
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lock, 'utf8').trim() || '0', 10);
      if (holder && !isAlive(holder)) unlinkSync(lock);
      else await sleep(200);
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      if (existsSync(target)) break;
      const database = await openDatabase({
        engine: 'pglite',
        loadDataDir: await openAsBlob(pgliteTemplatePath(run, 'none')),
      });
      try {
        await seedDemo(database.db);
        writeFileSync(`${target}.tmp`, await dumpPglite(database));
        renameSync(`${target}.tmp`, target);
      } finally {
        await database.close();
      }
    } finally {
      unlinkSync(lock);
    }
  }
  return target;
}

async function createPglite(run: TestDbInfo, seed: TestSeed): Promise<Database> {
  const path = seed === 'demo' ? await pgliteDemoTemplate(run) : pgliteTemplatePath(run, 'none');
  return openDatabase({ engine: 'pglite', loadDataDir: await openAsBlob(path) });
}

// ---------------------------------------------------------------- PostgreSQL

async function withAdmin<T>(serverUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const exists = async (client: Client, name: string) =>
  (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

/** Serialised by an advisory lock so that concurrent workers seed the template once. */
async function postgresDemoTemplate(run: TestDbInfo): Promise<string> {
  const name = templateName(run.runId, 'demo');
  const building = templateName(run.runId, 'demob');
  await withAdmin(run.url, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(admin, name)) return;
      await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await admin.query(
        `create database ${quoteIdent(building)} template ${quoteIdent(templateName(run.runId, 'none'))}`,
      );
      const database = await openDatabase({ engine: 'postgres', url: databaseUrl(run.url, building), max: 4 });
      try {
        await seedDemo(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

async function createPostgres(run: TestDbInfo, seed: TestSeed): Promise<Database> {
  const template = seed === 'demo' ? await postgresDemoTemplate(run) : templateName(run.runId, 'none');
  const name = databaseName(run.runId, ++counter);
  await withAdmin(run.url, async (admin) => {
    // Cloning fails while another session is connected to the template; that is only ever a
    // moment (a concurrent clone finishing), so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await sleep(100);
      }
    }
  });
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl(run.url, name), max: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(run.url, (admin) => admin.query(`drop database if exists ${quoteIdent(name)} with (force)`));
    },
  };
}

// ---------------------------------------------------------------- API

/** A new migrated database (optionally with the demo shop); close() releases and removes it. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const run = info();
  const seed = options.seed ?? 'none';
  const database = run.engine === 'postgres' ? await createPostgres(run, seed) : await createPglite(run, seed);
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
    },
  };
}

/**
 * A new database that is NOT migrated (for migration tests): an empty in-memory PGlite, or an
 * empty database on the test server. close() removes it.
 */
export async function createEmptyTestDatabase(): Promise<Database> {
  const run = info();
  if (run.engine === 'pglite') return openDatabase({ engine: 'pglite' });
  const name = databaseName(run.runId, ++counter);
  await withAdmin(run.url, (admin) => admin.query(`create database ${quoteIdent(name)}`));
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl(run.url, name), max: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(run.url, (admin) => admin.query(`drop database if exists ${quoteIdent(name)} with (force)`));
    },
  };
}

/**
 * One database for the whole file, created in beforeAll and installed as the process database
 * (src/server/runtime.ts useDatabase), so services and the API app see it through getDb().
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
    useDatabase(database);
  });
  afterAll(async () => {
    // shutdown() closes the process database, which is ours unless a test replaced it.
    await shutdown();
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('useTestDatabase(): the database exists only inside tests and hooks');
    return database;
  };
}

type ServerTarget = { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> };

/** A new PostgreSQL database of this run (a copy of `template` when given) for a server process. */
async function postgresServerTarget(run: TestDbInfo, dataDir: string, template?: string): Promise<ServerTarget> {
  const name = databaseName(run.runId, ++counter);
  const copy = template ? ` template ${quoteIdent(template)}` : '';
  await withAdmin(run.url, (admin) => admin.query(`create database ${quoteIdent(name)}${copy}`));
  const url = databaseUrl(run.url, name);
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ engine: 'postgres', url, max: 2 }),
    drop: () =>
      withAdmin(run.url, (admin) => admin.query(`drop database if exists ${quoteIdent(name)} with (force)`)).then(
        () => {},
      ),
  };
}

/**
 * Where a real server process (tests/helpers/server.ts) can start on a new, empty database of the
 * run's engine: the env to give it (DATA_DIR or DATABASE_URL), and how to open the same database
 * from the test while that server is stopped. drop() removes it.
 */
export async function emptyServerTarget(dataDir: string): Promise<ServerTarget> {
  const run = info();
  if (run.engine === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ engine: 'pglite', dataDir: `${dataDir}/pglite` }),
      drop: async () => {},
    };
  }
  return postgresServerTarget(run, dataDir);
}

/**
 * The demo template's photos were stored by this run's test processes (DATA_DIR/media of the
 * integration project, vitest.config.ts); a server on a copy of the template finds them through a
 * link in its own DATA_DIR. Content-addressed, so sharing them is safe.
 */
function shareTestMedia(dataDir: string): void {
  const shared = resolve(config().DATA_DIR, 'media');
  mkdirSync(shared, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(join(dataDir, 'media'))) symlinkSync(shared, join(dataDir, 'media'), 'dir');
}

/**
 * Like emptyServerTarget, but already holding the demo shop (a copy of the run's demo template:
 * about a second instead of seeding on start). Several servers may share a PostgreSQL target.
 */
export async function demoServerTarget(dataDir: string): Promise<ServerTarget> {
  const run = info();
  shareTestMedia(dataDir);
  if (run.engine === 'pglite') {
    const pgliteDir = `${dataDir}/pglite`;
    const copy = await openDatabase({
      engine: 'pglite',
      dataDir: pgliteDir,
      loadDataDir: await openAsBlob(await pgliteDemoTemplate(run)),
    });
    await copy.close();
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ engine: 'pglite', dataDir: pgliteDir }),
      drop: async () => {},
    };
  }
  return postgresServerTarget(run, dataDir, await postgresDemoTemplate(run));
}
