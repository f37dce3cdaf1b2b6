/**
 * `npm run catalog:import` beside a running shop (issue 26): on PostgreSQL the shop shows the
 * imported product at once (the script's pg_notify reaches the shop's content sync, which drops
 * its catalogue index and result caches) instead of after the index's next rebuild; on PGlite the
 * running shop holds the DATA_DIR lock, so the script refuses with one line and imports nothing.
 * The child runs scripts/catalog-import.ts exactly as the npm script does (tsx).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { lockDataDir } from '@/server/db/lock';
import { catalogIndexReady } from '@/server/services/catalog/catalog-index';
import { rowsOf } from '@/server/services/catalog/rows';
import { contentChangedElsewhere } from '@/server/services/content-changed';
import { startContentSync } from '@/server/services/content-sync.server';
import { testEngine, useTestDatabase } from '../helpers/db';
import { databaseUrl } from '../helpers/db-names';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { createApiSession } from '../helpers/session';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'catalog-import.ts');
const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const temp = mkdtempSync(join(tmpdir(), 'catalog-import-live-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Runs the import script on `file` with `env`; its exit code and output. */
function runImport(
  file: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, file], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function csv(sku: string): string {
  const file = join(temp, `${sku}.csv`);
  writeFileSync(file, `sku,name,price,stock,categories\n${sku},Live Import Tent ${sku},99.00,5,tents\n`);
  return file;
}

describe('catalog:import while a shop runs on PGlite', () => {
  it('refuses with one line while the shop holds the data directory, and imports nothing', async () => {
    const dataDir = join(temp, 'data');
    const release = lockDataDir(dataDir); // as the running shop does
    try {
      const env = { DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATA_DIR: dataDir };
      const result = await runImport(csv('LOCKED-1'), env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `The data directory ${dataDir} is in use by another shop process (pid ${process.pid}). Stop it, or set DATA_DIR to another folder. A shop on PGlite holds its database while it runs: stop it, import, then start it again.`,
      );
    } finally {
      release();
    }
  }, 120_000);
});

// Several processes on one database exist only on PostgreSQL (PGlite: the test above).
if (testEngine() === 'postgres') {
  describe('catalog:import into a running shop on PostgreSQL', () => {
    let fx: FixtureCatalog;
    const tentSkus = async () => {
      const res = await createApiSession(api).get(`/api/products/catalog?category_id=${fx.cat.tents}&per_page=50`);
      expect(res.status).toBe(200);
      return (res.body.payload as { sku: string }[]).map((p) => p.sku);
    };

    it('shows the imported product at once: the script notifies the running instances', async () => {
      const { db } = database();
      fx = await insertFixtureCatalog(db);
      const [current] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
      const url = databaseUrl(inject('testDb').url, current!.name);
      // The shop: its catalogue index built (kept for a minute without writes), listening for changes.
      await catalogIndexReady(db);
      expect(await tentSkus()).not.toContain('LIVE-1');
      let heard = 0;
      const sync = startContentSync(url, () => {
        heard++;
        contentChangedElsewhere(db);
      });
      try {
        await new Promise((r) => setTimeout(r, 500)); // LISTEN in place
        const result = await runImport(csv('LIVE-1'), { DATABASE_URL: url });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('Imported 1 rows');
        // The notification was sent before the script closed its connection.
        await until(() => heard > 0, 10_000);
        expect(await tentSkus()).toContain('LIVE-1');
      } finally {
        await sync.stop();
      }
    }, 120_000);
  });
}
