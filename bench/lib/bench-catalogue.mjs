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

export const PRODUCTS = 100_000;
const DATA_DIR = join(ROOT, 'bench', '.tmp', 'catalog-data');
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'shop_bench';

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
    if (found.rowCount === 0) await client.query(`create database ${name}`);
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
