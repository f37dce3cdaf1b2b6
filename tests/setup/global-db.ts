/**
 * vitest globalSetup of the integration project: builds the migrated template database once
 * per run, for the engine of this run (PostgreSQL when TEST_DATABASE_URL is set, else PGlite),
 * and hands its location to the test files through provide/inject. The demo-seeded template is
 * built lazily by the first file that asks for it (tests/helpers/db.ts), so runs that never use
 * demo data do not pay for the seed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client';
import {
  databaseUrl,
  isLeftover,
  newRunId,
  PGLITE_DIR_PREFIX,
  pgliteTemplatePath,
  quoteIdent,
  removeStaleTempDirs,
  type TestDbInfo,
  templateName,
} from '../helpers/db-names';
import { dumpPglite } from '../helpers/pglite-dump';

export async function dropRunDatabases(serverUrl: string, runId: string | null): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let dropped = 0;
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'shop\\_t%'`,
    );
    for (const { datname } of rows) {
      if (!isLeftover(datname, runId)) continue;
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
      dropped++;
    }
  } finally {
    await admin.end();
  }
  return dropped;
}

async function setupPostgres(serverUrl: string, runId: string): Promise<() => Promise<void>> {
  await dropRunDatabases(serverUrl, null);
  const name = templateName(runId, 'none');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl(serverUrl, name), max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return async () => {
    await dropRunDatabases(serverUrl, runId);
  };
}

async function setupPglite(info: TestDbInfo): Promise<() => Promise<void>> {
  removeStaleTempDirs();
  mkdirSync(info.dir, { recursive: true });
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await database.migrate();
    writeFileSync(pgliteTemplatePath(info, 'none'), await dumpPglite(database));
  } finally {
    await database.close();
  }
  return async () => {
    rmSync(info.dir, { recursive: true, force: true });
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = newRunId();
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const info: TestDbInfo = {
    engine: serverUrl ? 'postgres' : 'pglite',
    runId,
    dir: join(tmpdir(), `${PGLITE_DIR_PREFIX}${runId}`),
    url: serverUrl,
  };
  const startedAt = performance.now();
  const teardown = info.engine === 'postgres' ? await setupPostgres(serverUrl, runId) : await setupPglite(info);
  const where = info.engine === 'postgres' ? new URL(serverUrl).host : info.dir;
  console.log(
    `[test-db] engine=${info.engine} (${where}): migrated template built in ${Math.round(performance.now() - startedAt)} ms`,
  );
  project.provide('testDb', info);
  return teardown;
}
