/**
 * Every transaction in the shop goes through services/transaction.ts, which retries deadlocks and
 * serialisation failures and answers a conflict that remains with 409 (issue 27). A new
 * `db.transaction(` elsewhere would bring back the 500; the exceptions are named with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRetryableConflict } from '@/server/services/transaction';

const ROOT = join(import.meta.dirname, '..', '..');

const EXCEPTIONS: Record<string, string> = {
  'src/server/services/transaction.ts': 'the helper itself',
  'src/server/services/shared-jobs.server.ts':
    'holds a try-lock transaction around outside work that must never run twice',
  'src/server/db/seed/index.ts': 'the first seed, serialised by the migration lock at start-up',
  'src/server/db/seed/bench.ts': 'the benchmark seed, a script on an otherwise idle database',
  'src/server/services/admin/reports/reports.server.ts':
    'a read-only transaction only to scope SET LOCAL jit = off (ADR 040): reads take no row locks, so there is no conflict to retry',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one retrying transaction helper', () => {
  it('is the only caller of .transaction( in src/ besides the named exceptions', () => {
    const offenders = sources(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path))
      .filter((path) => !(path in EXCEPTIONS) && /\.transaction\s*\(/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('retries deadlocks and serialisation failures only, found through the error chain', () => {
    expect(isRetryableConflict(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(
      isRetryableConflict(
        new Error('Failed query', { cause: Object.assign(new Error('could not serialize access'), { code: '40001' }) }),
      ),
    ).toBe(true);
    expect(isRetryableConflict(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isRetryableConflict(new Error('deadlock detected'))).toBe(false);
  });
});
