import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from '@/server/db/client';
import { journal, lastAppliedAt, pendingMigrations } from '@/server/db/migrations';
import { createEmptyTestDatabase, emptyServerTarget, testEngine } from '../helpers/db';
import { extractRelease, previousReleaseRef } from '../helpers/previous-release';
import { ROOT } from '../helpers/server';

/**
 * Upgrades an owner can trust (docs/upgrading.md): `db:migrate --dry-run` lists and changes
 * nothing, a failed migration leaves the database as it was, and the newest migrations keep the
 * previous release's queries working while both versions run on one database (expand/contract).
 */
const run = promisify(execFile);
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
async function rows<T extends Row>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
const publicTables = async (database: Database) =>
  (
    await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    )
  )[0]!.n;

/** A copy of drizzle/ whose journal keeps the first `keep` migrations, plus `extra` ones. */
function migrationsCopy(keep: number, extra: { tag: string; sql: string }[] = []): string {
  const dir = join(temp('shop-migrations-'), 'drizzle');
  cpSync(migrationsFolder(), dir, { recursive: true });
  const file = join(dir, 'meta', '_journal.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  data.entries = data.entries.slice(0, keep);
  let when = journal(migrationsFolder()).at(-1)!.when;
  for (const m of extra) {
    when += 1000;
    data.entries.push({ ...data.entries.at(-1)!, idx: data.entries.length, when, tag: m.tag });
    writeFileSync(join(dir, `${m.tag}.sql`), m.sql);
  }
  writeFileSync(file, JSON.stringify(data, null, 2));
  return dir;
}

describe(`a failed migration on ${testEngine()}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(() => database?.close());

  it('leaves the database exactly as it was, the good migrations of the same run included', async () => {
    const all = journal(migrationsFolder());
    // Up to date but for the last two migrations, as an instance of the previous version left it.
    await database.migrate(migrationsCopy(all.length - 2));
    const before = await lastAppliedAt(database.db);
    const tablesBefore = await publicTables(database);
    const broken = migrationsCopy(all.length, [
      {
        tag: '9999_broken',
        sql: [
          'CREATE TABLE "upgrade_probe" ("id" integer);',
          'ALTER TABLE "products" ADD COLUMN "upgrade_probe" integer;',
          'SELECT 1 / 0;',
        ].join('\n--> statement-breakpoint\n'),
      },
    ]);
    const error = (await database.migrate(broken).then(
      () => null,
      (e: unknown) => e,
    )) as (Error & { cause?: Error }) | null;
    // drizzle wraps the driver's error ("Failed query: …"); the cause is the database's.
    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/division by zero/);
    expect(await lastAppliedAt(database.db)).toBe(before);
    expect(await publicTables(database)).toBe(tablesBefore);
    const probe = await rows(
      database,
      sql`select column_name from information_schema.columns where table_name = 'products' and column_name = 'upgrade_probe'`,
    );
    expect(probe).toEqual([]);
    // The two real migrations of that run are still pending, and run fine without the broken one.
    expect((await pendingMigrations(database.db, migrationsFolder())).map((m) => m.tag)).toEqual(
      all.slice(-2).map((m) => m.tag),
    );
    await database.migrate();
    expect(await pendingMigrations(database.db, migrationsFolder())).toEqual([]);
  });
});

describe(`npm run db:migrate on ${testEngine()}`, () => {
  let target: Awaited<ReturnType<typeof emptyServerTarget>>;
  const script = (...args: string[]) =>
    run(process.execPath, [TSX, 'scripts/db-migrate.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...target.env, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });

  beforeAll(async () => {
    target = await emptyServerTarget(temp('shop-migrate-'));
  });
  afterAll(() => target?.drop());

  it('lists with --dry-run what would run and changes nothing, then runs it', async () => {
    const all = journal(migrationsFolder());
    const dry = await script('--dry-run');
    expect(dry.stdout).toContain(`${all.length} migration(s) would run on the ${testEngine()} database:`);
    for (const m of all) expect(dry.stdout).toContain(`  ${m.tag}\n`);
    expect(dry.stdout).toContain('Dry run: nothing was changed.');
    let database = await target.open();
    try {
      expect(await publicTables(database)).toBe(0);
      expect(await lastAppliedAt(database.db)).toBeNull();
    } finally {
      await database.close();
    }

    const real = await script();
    expect(real.stdout).toMatch(new RegExp(`^Ran ${all.length} migration\\(s\\) on the ${testEngine()} database in`));
    database = await target.open();
    try {
      expect(await lastAppliedAt(database.db)).toBe(all.at(-1)!.when);
    } finally {
      await database.close();
    }
    expect((await script('--dry-run')).stdout).toBe(
      `The ${testEngine()} database is up to date: no migration to run.\n`,
    );
  });

  it('refuses arguments it does not know, with its usage', async () => {
    await expect(script('--dry')).rejects.toMatchObject({ code: 2 });
  });
});

/** Statements that break a version still running on the old schema (docs/upgrading.md). */
const CONTRACTING = [
  /\bDROP\s+(TABLE|COLUMN)\b/i,
  /\bRENAME\s+(TO|COLUMN)\b/i,
  /\bALTER\s+COLUMN\s+"[^"]+"\s+(SET\s+DATA\s+)?TYPE\b/i,
  /\bALTER\s+COLUMN\s+"[^"]+"\s+SET\s+NOT\s+NULL\b/i,
];
/** ADD COLUMN … NOT NULL without a DEFAULT: the old version's inserts would fail. */
const NOT_NULL_WITHOUT_DEFAULT = /ADD\s+COLUMN\s+"[^"]+"\s+[^;]*\bNOT NULL\b/i;

describe(`a rolling upgrade on ${testEngine()}: the previous release beside the new one`, () => {
  const ref = previousReleaseRef();
  let previous: { schemaDir: string; migrationsDir: string };
  let database: Database;
  let oldTables: PgTable[];
  let newTags: string[];

  beforeAll(async () => {
    previous = extractRelease(ref);
    const oldSchema = (await import(/* @vite-ignore */ join(previous.schemaDir, 'index.ts'))) as Record<
      string,
      unknown
    >;
    oldTables = Object.values(oldSchema).filter((value): value is PgTable => is(value, PgTable));
    const oldTags = new Set(journal(previous.migrationsDir).map((m) => m.tag));
    newTags = journal(migrationsFolder())
      .map((m) => m.tag)
      .filter((tag) => !oldTags.has(tag));
    database = await createEmptyTestDatabase();
    await database.migrate(previous.migrationsDir);
  });
  afterAll(() => database?.close());

  /** The previous release reads every column it knows of every table it knows. */
  async function previousReleaseReads(): Promise<void> {
    const client = (database.db as unknown as { $client: unknown }).$client;
    const old =
      database.engine === 'pglite'
        ? drizzlePglite({ client: client as never })
        : drizzlePg({ client: client as never });
    for (const table of oldTables) {
      await expect(old.select().from(table).limit(1), getTableConfig(table).name).resolves.toBeDefined();
    }
  }

  it(`keeps the previous release's queries working after the new migrations (from ${ref.slice(0, 10)})`, async () => {
    expect(oldTables.length).toBeGreaterThan(30);
    await previousReleaseReads();
    await database.migrate();
    expect(await pendingMigrations(database.db, migrationsFolder())).toEqual([]);
    await previousReleaseReads();
  });

  it('adds only what the previous release can ignore: no drop, rename, retype or new NOT NULL without default', () => {
    const problems: string[] = [];
    const folder = migrationsFolder();
    const files = new Set(readdirSync(folder));
    for (const tag of newTags) {
      expect(files.has(`${tag}.sql`)).toBe(true);
      const statements = readFileSync(join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) {
        // A statement may say why contracting is safe now: the release that stopped using it.
        if (/--\s*contract:/i.test(statement)) continue;
        const added = NOT_NULL_WITHOUT_DEFAULT.test(statement) && !/\bDEFAULT\b/i.test(statement);
        if (CONTRACTING.some((re) => re.test(statement)) || added) problems.push(`${tag}: ${statement.trim()}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
