// @ts-check
/**
 * The 100 000-product bench catalogue shared by bench/catalog.mjs and bench/pages-large.mjs:
 * PGlite in bench/.tmp/catalog-data, PostgreSQL database shop_bench on BENCH_PG_SERVER. The demo
 * shop (with the demo customer) plus BENCH-* products from `npm run db:seed:bench`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, run } from './process.mjs';
import { startShop } from './shop.mjs';

/**
 * BENCH_PRODUCTS (default 100 000) picks another catalogue size: its own PGlite directory and
 * PostgreSQL database (catalog-data-N, shop_bench_N), so the 100k catalogue stays as it is.
 * BENCH_PG_DB names the PostgreSQL database instead (e.g. one of your own on a shared server).
 */
export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SUFFIX = PRODUCTS === 100_000 ? '' : `_${PRODUCTS}`;
const DATA_DIR = join(ROOT, 'bench', '.tmp', `catalog-data${SUFFIX.replace('_', '-')}`);
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = process.env.BENCH_PG_DB ?? `shop_bench${SUFFIX}`;

/** @param {'pglite' | 'postgres'} engine */
export function engineEnv(engine) {
  return engine === 'pglite'
    ? { DATA_DIR, DATABASE_URL: '' }
    : { DATA_DIR, DATABASE_URL: `${PG_SERVER.replace(/\/[^/]*$/, '')}/${PG_DB}` };
}

/** Creates a bench database on BENCH_PG_SERVER unless it exists. @param {string} [name] */
export async function ensurePgDatabase(name = PG_DB) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    // A name from our own constant or BENCH_PG_DB; quoted as an identifier (CREATE takes no parameters).
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The seed is incremental (adds only missing BENCH-* products). VACUUM sets the visibility map a
 * long-running shop gets from autovacuum, so index-only scans work as they would in production.
 * @param {'pglite' | 'postgres'} engine
 */
export async function prepare(engine) {
  if (engine === 'postgres') await ensurePgDatabase();
  else mkdirSync(DATA_DIR, { recursive: true });
  const env = { ...process.env, ...engineEnv(engine), SEED: 'demo', LOG_LEVEL: 'warn' };
  console.log(`[${engine}] preparing ${PRODUCTS} products (skipped when present)...`);
  await run('npm', ['run', '--silent', 'db:seed:bench', '--', '--products', String(PRODUCTS)], env);
  await run('npx', ['tsx', 'bench/lib/catalog-vacuum.ts'], env);
}

/** @param {'pglite' | 'postgres'} engine @param {number} port */
export function startEngineShop(engine, port) {
  return startShop(port, { ...engineEnv(engine), SEED: 'none' }, 120_000);
}
