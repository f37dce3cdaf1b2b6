/**
 * Names shared by the vitest globalSetup (tests/setup/global-db.ts) and the per-file helper
 * (tests/helpers/db.ts). Every object a test run creates carries the run id, whose first part is
 * the start time in base 36, so a later run can recognise and remove leftovers of a killed run.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestEngine = 'pglite' | 'postgres';
export type TestSeed = 'none' | 'demo';

export interface TestDbInfo {
  engine: TestEngine;
  runId: string;
  /** PGlite: the folder holding the dumped templates `<seed>.tar`. */
  dir: string;
  /** PostgreSQL: the server to create databases on (TEST_DATABASE_URL). */
  url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function newRunId(): string {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 6).padEnd(4, '0');
}

export function runStartedAt(runId: string): number {
  return Number.parseInt(runId.slice(0, -4), 36);
}

/** A database name of this run; PostgreSQL folds case and allows 63 bytes, both fine here. */
export const templateName = (runId: string, seed: TestSeed | 'demob') => `shop_tpl_${runId}_${seed}`;
export const databaseName = (runId: string, n: number) => `shop_t_${runId}_${process.pid}_${n}`;
export const RUN_DB_PATTERN = /^shop_(?:t|tpl)_([0-9a-z]{9,})_/;

/** Drop leftovers of this run (runId) and of any run that started more than a day ago. */
export function isLeftover(name: string, runId: string | null, now = Date.now()): boolean {
  const match = RUN_DB_PATTERN.exec(name);
  if (!match) return false;
  const id = match[1]!;
  if (id === runId) return true;
  const started = runStartedAt(id);
  return Number.isFinite(started) && now - started > DAY_MS;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const pgliteTemplatePath = (info: TestDbInfo, seed: TestSeed) => join(info.dir, `${seed}.tar`);

export const PGLITE_DIR_PREFIX = 'shop-test-';

/** Temp folders of PGlite templates from runs that died more than a day ago. */
export function removeStaleTempDirs(now = Date.now()): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(PGLITE_DIR_PREFIX)) continue;
    const path = join(tmpdir(), entry);
    try {
      if (now - statSync(path).mtimeMs > DAY_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another run removed it
    }
  }
}
