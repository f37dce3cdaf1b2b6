import { readFileSync } from 'node:fs';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from '@/server/db/client';
import * as schema from '@/server/db/schema/index';
import { createEmptyTestDatabase, createTestDatabase, testEngine } from '../helpers/db';

type Row = Record<string, unknown>;

async function rows<T extends Row>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string }[];
};

describe(`migrations on a fresh ${testEngine()} database`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('create every table of the Drizzle schema', async () => {
    const found = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = found.map((row) => row.table_name);
    expect(schemaTables.length).toBeGreaterThan(30);
    expect(names.sort()).toEqual(expect.arrayContaining(schemaTables));
    for (const table of [
      'products',
      'categories',
      'variations',
      'users',
      'sessions',
      'orders',
      'order_items',
      'settings',
      'mail_outbox',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('install pg_trgm and it works', async () => {
    const ext = await rows<{ extname: string }>(
      database,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const [row] = await rows<{ s: number }>(database, sql`select similarity('hiking boots', 'hikking boot') as s`);
    expect(Number(row?.s)).toBeGreaterThan(0.3);
  });

  it('make products.search a generated tsvector column with an index', async () => {
    const [column] = await rows<{ is_generated: string; data_type: string; generation_expression: string }>(
      database,
      sql`select is_generated, data_type, generation_expression from information_schema.columns
          where table_schema = 'public' and table_name = 'products' and column_name = 'search'`,
    );
    expect(column).toMatchObject({ is_generated: 'ALWAYS', data_type: 'tsvector' });
    expect(column?.generation_expression).toMatch(/to_tsvector/);
    const indexes = await rows<{ indexdef: string }>(
      database,
      sql`select indexdef from pg_indexes where tablename = 'products' and indexdef ilike '%using gin%(search)%'`,
    );
    expect(indexes.length).toBeGreaterThan(0);
  });

  it('stem each translation in its language (0017): the trigger follows the language code', async () => {
    await database.db.execute(
      sql`insert into languages (code, title) values ('de', 'Deutsch'), ('fr', 'Français'), ('pl', 'Polski')`,
    );
    await database.db.execute(
      sql`insert into products (sku, slug, name, price_cents) values ('STEM-1', 'stem-1', 'Dome Tent', 100)`,
    );
    await database.db.execute(sql`insert into product_translations (product_id, language_id, name)
      select p.id, l.id, case l.code when 'de' then 'Zelt' when 'fr' then 'Chaussure' else 'Namiot' end
      from products p, languages l where p.sku = 'STEM-1'`);
    const matches = async (config: string, words: string) =>
      await rows<{ code: string; config: string }>(
        database,
        sql`select l.code, t.search_config::text as config from product_translations t
        join languages l on l.id = t.language_id where t.search @@ to_tsquery(${config}::regconfig, ${words}) order by l.code`,
      );
    expect(await matches('german', 'Zelte')).toEqual([{ code: 'de', config: 'german' }]);
    expect(await matches('french', 'chaussures')).toEqual([{ code: 'fr', config: 'french' }]);
    expect(await matches('simple', 'namiot')).toEqual([{ code: 'pl', config: 'simple' }]);
    // The app cannot write another configuration, and a new code re-stems the language's rows.
    await database.db.execute(
      sql`update product_translations set search_config = 'english' where language_id = (select id from languages where code = 'pl')`,
    );
    expect(await matches('simple', 'namiot')).toEqual([{ code: 'pl', config: 'simple' }]);
    await database.db.execute(sql`update languages set code = 'de-AT' where code = 'pl'`);
    expect(await matches('german', 'namiot')).toEqual([{ code: 'de-AT', config: 'german' }]);
    await database.db.execute(sql`delete from products where sku = 'STEM-1'`);
    await database.db.execute(sql`delete from languages where code in ('de', 'fr', 'de-AT')`);
  });

  it('record every migration of the journal, and a second migrate() is a no-op', async () => {
    const count = async () =>
      Number((await rows<{ n: number }>(database, sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]?.n);
    expect(await count()).toBe(journal.entries.length);
    const tablesBefore = await rows(
      database,
      sql`select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    await database.migrate();
    expect(await count()).toBe(journal.entries.length);
    expect(
      await rows(database, sql`select count(*) as n from information_schema.tables where table_schema = 'public'`),
    ).toEqual(tablesBefore);
  });
});

describe(`createTestDatabase on ${testEngine()}`, () => {
  it('gives migrated, empty, independent databases', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.engine).toBe(testEngine());
      await a.db.execute(sql`create table harness_probe (id int)`);
      const probe = sql`select count(*) as n from information_schema.tables where table_name = 'harness_probe'`;
      expect(Number((await rows<{ n: number }>(a, probe))[0]?.n)).toBe(1);
      expect(Number((await rows<{ n: number }>(b, probe))[0]?.n)).toBe(0);
      for (const database of [a, b]) {
        const [row] = await rows<{ products: number; migrations: number }>(
          database,
          sql`select (select count(*) from products) as products,
                     (select count(*) from drizzle.__drizzle_migrations) as migrations`,
        );
        expect(Number(row?.products)).toBe(0);
        expect(Number(row?.migrations)).toBe(journal.entries.length);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
