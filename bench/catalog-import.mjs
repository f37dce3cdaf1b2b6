// @ts-check
/**
 * `npm run bench:import` (or `node bench/catalog-import.mjs [--rows=N] [--engine=pglite|postgres]`):
 * the catalogue CSV import at 100 000 rows (issue 16, ADR 026), on PGlite and PostgreSQL. A
 * generated file (products in the demo categories with German names, sale prices and image
 * addresses, every third product with three variations) is imported into a freshly seeded demo shop
 * through `npm run catalog:import` (dry run, then apply in batches), imported again (every row
 * unchanged), and the catalogue exported (`npm run catalog:export`). Wall-clock times of the whole
 * commands, rows/s. Budgets: first import ≥ 500 rows/s, re-import ≥ 1 000 rows/s, export ≥ 2 000
 * rows/s. Results: bench/RESULTS.md (catalog-import).
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, run } from './lib/process.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const ROWS = Number(process.argv.find((a) => a.startsWith('--rows='))?.split('=')[1] ?? 100_000);
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres')[]} */ (engineArg ? [engineArg] : ['pglite', 'postgres']);
const TMP = join(ROOT, 'bench', '.tmp', 'import');
const FILE = join(TMP, `catalog-${ROWS}.csv`);
const EXPORT = join(TMP, 'export.csv');
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'shop_bench_import';
const BUDGET = { first: 500, again: 1_000, export: 2_000 };
// Leaf categories of the demo seed (src/server/db/seed/data-*.ts).
const CATEGORIES = [
  'tents',
  'sleeping-bags',
  'backpacks',
  'laptops',
  'monitors',
  'running-shoes',
  'mountain-bikes',
  'jackets',
];

/** The file: every third product has three variations (S/M/L), so products + variations = ROWS. */
function generate() {
  const lines = [
    'sku,parent_sku,active,name,name:de,description,price,sale_price,stock,categories,attributes,images,image_alt',
  ];
  let n = 0;
  for (let i = 1; lines.length - 1 < ROWS; i++) {
    const sku = `IMP-${String(i).padStart(7, '0')}`;
    const price = 1_000 + ((i * 7919) % 90_000);
    const sale = i % 5 === 0 ? ((price * 8) / 10) | 0 : null;
    const cents = (/** @type {number} */ c) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    lines.push(
      [
        sku,
        '',
        i % 17 === 0 ? 'no' : 'yes',
        `Imported Gear ${i}`,
        `Importierte Ausrüstung ${i}`,
        `"<p>Item ${i}, made for the trail.</p><ul><li>Weight: ${(i % 40) / 10 + 0.2} kg</li></ul>"`,
        cents(price),
        sale === null ? '' : cents(sale),
        String(i % 50),
        CATEGORIES[i % CATEGORIES.length],
        '',
        `https://cdn.example.com/imp/${i}.jpg`,
        `Imported gear ${i}`,
      ].join(','),
    );
    n++;
    if (i % 3 === 0) {
      for (const size of ['S', 'M', 'L']) {
        if (lines.length - 1 >= ROWS) break;
        lines.push(
          [
            `${sku}-${size}`,
            sku,
            'yes',
            '',
            '',
            '',
            cents(price + 100),
            '',
            String(i % 9),
            '',
            `Size=${size}`,
            '',
            '',
          ].join(','),
        );
      }
    }
  }
  mkdirSync(TMP, { recursive: true });
  writeFileSync(FILE, `${lines.join('\r\n')}\r\n`);
  return n;
}

/** @param {'pglite' | 'postgres'} engine */
async function freshDatabase(engine) {
  const dataDir = join(TMP, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: PG_SERVER });
    await client.connect();
    try {
      await client.query(`drop database if exists ${PG_DB}`);
      await client.query(`create database ${PG_DB}`);
    } finally {
      await client.end();
    }
  }
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: engine === 'postgres' ? `${PG_SERVER.replace(/\/[^/]*$/, '')}/${PG_DB}` : '',
    LOG_LEVEL: 'warn',
  };
  await run('npm', ['run', '--silent', 'db:seed'], env);
  return env;
}

/** @param {NodeJS.ProcessEnv} env @param {string[]} args */
async function timed(env, args) {
  const started = performance.now();
  await run('npm', ['run', '--silent', ...args], env);
  return (performance.now() - started) / 1000;
}

const products = generate();
const sizeMiB = (statSync(FILE).size / 2 ** 20).toFixed(1);
console.log(`${FILE}: ${ROWS} rows (${products} products, ${ROWS - products} variations), ${sizeMiB} MiB`);
/** @type {string[]} */
const table = [];
let over = false;
for (const engine of ENGINES) {
  const env = await freshDatabase(engine);
  const dry = await timed(env, ['catalog:import', '--', FILE, '--dry-run']);
  const first = await timed(env, ['catalog:import', '--', FILE]);
  const again = await timed(env, ['catalog:import', '--', FILE]);
  const exported = await timed(env, ['catalog:export', '--', EXPORT]);
  const rate = (/** @type {number} */ s) => Math.round(ROWS / s);
  const verdict = (/** @type {number} */ s, /** @type {number} */ budget) => {
    const ok = rate(s) >= budget;
    over ||= !ok;
    return ok ? 'within' : 'OVER';
  };
  table.push(`| ${engine} | dry run (check only) | ${dry.toFixed(1)} s | ${rate(dry)} rows/s | |`);
  table.push(
    `| ${engine} | first import (check + apply) | ${first.toFixed(1)} s | ${rate(first)} rows/s | ${verdict(first, BUDGET.first)} |`,
  );
  table.push(
    `| ${engine} | same file again (all unchanged) | ${again.toFixed(1)} s | ${rate(again)} rows/s | ${verdict(again, BUDGET.again)} |`,
  );
  table.push(
    `| ${engine} | export of the whole catalogue | ${exported.toFixed(1)} s | ${rate(exported)} rows/s | ${verdict(exported, BUDGET.export)} |`,
  );
  console.log(table.slice(-4).join('\n'));
}
writeSection(
  'catalog-import',
  `## Catalogue CSV import of ${ROWS.toLocaleString('en')} rows (\`npm run bench:import\`)

A generated file of ${products.toLocaleString('en')} products and ${(ROWS - products).toLocaleString('en')} variations (${sizeMiB} MiB; German names,
sale prices, image addresses) imported into a freshly seeded demo shop with \`npm run catalog:import\`
(batches of 500 rows), then again, then \`npm run catalog:export\`. Wall-clock time of each command
(start-up of the script included). Budgets: first import ≥ ${BUDGET.first} rows/s, again ≥ ${BUDGET.again} rows/s,
export ≥ ${BUDGET.export} rows/s.

| engine | step | time | rows/s | verdict |
|---|---|---|---|---|
${table.join('\n')}

${machineLine()}`,
);
process.exitCode = over ? 1 : 0;
