/**
 * `npm run db:backup` / `db:restore` round trips (ADR 014), through the real scripts; a backup is
 * one tar holding the database and the photos of DATA_DIR/media:
 * - PGlite, always: the backup of a RUNNING shop (written by the shop between two queries, asked
 *   for by the script) restored into a new DATA_DIR has every table's rows and an order's totals;
 *   a restore refuses a running shop's folder and a non-empty one without --force.
 * - PostgreSQL, when TEST_DATABASE_URL is set: pg_dump/pg_restore in the custom format, the same
 *   comparison, and --force to replace a non-empty database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { seedDemo } from '@/server/db/seed/index';
import { emptyServerTarget, testEngine } from '../helpers/db';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  ROOT,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from '../helpers/server';

const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

afterAll(cleanupServers);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/db-<what>.ts as `npm run db:<what>` does, with only the given database settings. */
function script(what: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Ran> {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.DATA_DIR;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, join(ROOT, 'scripts', `db-${what}.ts`), ...args], {
      cwd: ROOT,
      env: { ...clean, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file under a folder, as sorted relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

interface Contents {
  counts: Record<string, number>;
  order: Record<string, unknown>;
}

/** Rows of every table (shop and migration journal) and the first order's amounts with its lines. */
async function contents(database: Database): Promise<Contents> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    ),
  ).map((r) => r.name);
  const counted = rowsOf<{ name: string; n: number }>(
    await database.db.execute(
      sql.raw(tables.map((t) => `select '${t}' as name, count(*)::int as n from ${t}`).join(' union all ')),
    ),
  );
  const [order] = rowsOf<Record<string, unknown>>(
    await database.db.execute(sql`
      select o.order_nr, o.status, o.currency, o.cart_total_cents, o.delivery_cost_cents, o.discount_cents, o.vat_cents,
             o.final_cents, o.converted_final_cents,
             (select sum(i.price_cents * i.quantity)::int from order_items i where i.order_id = o.id) as lines_cents
      from orders o order by o.id limit 1`),
  );
  return { counts: Object.fromEntries(counted.map((r) => [r.name, Number(r.n)])), order: order! };
}

function expectSameContents(restored: Contents, original: Contents) {
  expect(Object.keys(original.counts).length).toBeGreaterThan(30);
  expect(original.counts['public.orders']).toBeGreaterThan(0);
  expect(original.counts['public.products']).toBeGreaterThan(300);
  expect(restored.counts).toEqual(original.counts);
  expect(original.order.final_cents).toBeGreaterThan(0);
  expect(restored.order).toEqual(original.order);
}

describe('PGlite', () => {
  it('backs up a running shop consistently and restores it into a new DATA_DIR', async () => {
    await ensureBuilt();
    const source = tempDir();
    const port = await freePort();
    const shop = startServer({ PORT: String(port), DATA_DIR: source, SEED: 'demo' });
    await waitReady(shop, 180_000);

    const file = join(tempDir(), 'shop.tar');
    // Readers keep the shop busy while it writes the backup; they must all be answered.
    const reads = Promise.all(
      Array.from({ length: 20 }, (_, i) => get(port, `/api/products/catalog?page=${(i % 5) + 1}`)),
    );
    const backup = await script('backup', [file], { DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`The shop \\(pid ${shop.child.pid}\\) is running on .*asking it to write the backup`),
    );
    // The demo seed stored its photos under DATA_DIR/media: they are in the same file.
    const photos = filesUnder(join(source, 'media'));
    expect(photos.length).toBeGreaterThan(0);
    expect(backup.stdout).toContain(`Adding ${photos.length} photo file(s) from ${join(source, 'media')}...`);
    expect(backup.stdout).toMatch(
      new RegExp(
        `Backup written: .*shop\\.tar \\(\\d+(\\.\\d)? [KM]B\\), the database and ${photos.length} photo file\\(s\\)\\.`,
      ),
    );
    expect((await reads).map((r) => r.status)).toEqual(Array(20).fill(200));

    // The shop's folder cannot be replaced while it runs.
    const busy = await script('restore', [file, '--force'], { DATA_DIR: source });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(
      /db:restore failed: The data directory .* is in use by another shop process \(pid \d+\)/,
    );

    expect(await stopServer(shop)).toBe(0);
    const original = await openDatabase({ engine: 'pglite', dataDir: join(source, 'pglite') });
    const before = await contents(original).finally(() => original.close());

    const target = tempDir();
    const restore = await script('restore', [file], { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restore complete: .*pglite\./);
    const restored = await openDatabase({ engine: 'pglite', dataDir: join(target, 'pglite') });
    expectSameContents(await contents(restored).finally(() => restored.close()), before);
    expect(restore.stdout).toContain(
      `Photos restored into ${join(target, 'media')} (${photos.length} file(s) there now).`,
    );
    expect(filesUnder(join(target, 'media'))).toEqual(photos);
    expect(readFileSync(join(target, 'media', photos[0]!))).toEqual(readFileSync(join(source, 'media', photos[0]!)));

    // A second restore over it is refused without --force, and keeps the old one with it.
    const again = await script('restore', [file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database\. Add --force to replace it/);
    const forced = await script('restore', [file, '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/The previous database was moved to .*pglite\.before-restore-/);

    // The restored shop starts and serves the order.
    const restoredShop = startServer({ PORT: String(await freePort()), DATA_DIR: target, SEED: 'none' });
    await waitReady(restoredShop, 120_000);
    expect((await get(restoredShop.port, '/api/health')).status).toBe(200);
    expect(await stopServer(restoredShop)).toBe(0);
  });

  it('fails clearly: a missing file, a file that is no backup, a backup of the other engine, no database', async () => {
    const dir = tempDir();
    const missing = await script('restore', [join(dir, 'nope.tar')], { DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/db:restore failed: .*nope\.tar does not exist\./);

    const junk = join(ROOT, 'package.json');
    const notBackup = await script('restore', [junk], { DATA_DIR: dir });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toMatch(/is not a backup made by npm run db:backup\./);

    const empty = await script('backup', [join(dir, 'x.tar')], { DATA_DIR: join(dir, 'empty') });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/There is no database in .* to back up\./);
    expect(existsSync(join(dir, 'x.tar'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('x.tar'))).toEqual([]);

    const usage = await script('backup', [], { DATA_DIR: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run db:backup -- <file>/);
  });
});

if (testEngine() === 'postgres') {
  describe('PostgreSQL', () => {
    it('round-trips through pg_dump and pg_restore (custom format), --force replacing a non-empty database', async () => {
      const source = await emptyServerTarget(tempDir());
      const target = await emptyServerTarget(tempDir());
      try {
        const db = await source.open();
        let before: Contents;
        try {
          await db.migrate();
          await seedDemo(db.db);
          before = await contents(db);
        } finally {
          await db.close();
        }

        // An uploaded photo in the shop's DATA_DIR/media.
        const sourceDir = source.env.DATA_DIR!;
        mkdirSync(join(sourceDir, 'media', 'originals'), { recursive: true });
        writeFileSync(join(sourceDir, 'media', 'originals', 'photo.jpg'), 'not really a jpeg');

        const file = join(tempDir(), 'shop.tar');
        const backup = await script('backup', [file], { DATABASE_URL: source.env.DATABASE_URL!, DATA_DIR: sourceDir });
        expect(backup.stderr).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.stdout).toMatch(/Dumping PostgreSQL 1\d database ".*" with .*pg_dump \(custom format\)/);
        expect(backup.stdout).toMatch(/Backup written: .*shop\.tar \(.+\), the database and 1 photo file\(s\)\./);
        expect(statSync(file).size).toBeGreaterThan(10_000);

        // Photos in S3: the file holds the database, and the script says where the photos are.
        const s3 = {
          S3_ENDPOINT: 'http://127.0.0.1:9',
          S3_BUCKET: 'shop-photos',
          S3_ACCESS_KEY_ID: 'key-id',
          S3_SECRET_ACCESS_KEY: 'secret-key',
        };
        const withS3 = await script('backup', [join(tempDir(), 's3.tar')], {
          DATABASE_URL: source.env.DATABASE_URL!,
          DATA_DIR: sourceDir,
          ...s3,
        });
        expect(withS3.code).toBe(0);
        expect(withS3.stdout).toMatch(
          /, the database only: the photos are in the S3 bucket shop-photos, which holds them; back it up with your storage provider\./,
        );

        const wrongEngine = await script('restore', [file], { DATA_DIR: tempDir() });
        expect(wrongEngine.code).toBe(1);
        expect(wrongEngine.stderr).toMatch(/is a PostgreSQL backup \(pg_dump\); set DATABASE_URL/);

        const restore = await script('restore', [file], {
          DATABASE_URL: target.env.DATABASE_URL!,
          DATA_DIR: target.env.DATA_DIR!,
        });
        expect(restore.stderr).toBe('');
        expect(restore.code).toBe(0);
        expect(readFileSync(join(target.env.DATA_DIR!, 'media', 'originals', 'photo.jpg'), 'utf8')).toBe(
          'not really a jpeg',
        );
        const restoredDb = await target.open();
        try {
          expectSameContents(await contents(restoredDb), before!);
          await restoredDb.db.execute(sql`delete from orders where id = (select max(id) from orders)`);
        } finally {
          await restoredDb.close();
        }

        const refused = await script('restore', [file], { DATABASE_URL: target.env.DATABASE_URL! });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/is not empty \(\d+ tables\)\. Restore into an empty database, or add --force/);

        const forced = await script('restore', [file, '--force'], { DATABASE_URL: target.env.DATABASE_URL! });
        expect(forced.stderr).toBe('');
        expect(forced.code).toBe(0);
        const again = await target.open();
        try {
          expectSameContents(await contents(again), before!);
        } finally {
          await again.close();
        }
      } finally {
        await source.drop();
        await target.drop();
      }
    });
  });
}
