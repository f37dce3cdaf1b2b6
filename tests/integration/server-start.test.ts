import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '@/server/db/schema/index';
import { emptyServerTarget, testEngine } from '../helpers/db';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from '../helpers/server';

/**
 * The foundation's promise: `npm start` on an empty database (PGlite in DATA_DIR, or the
 * PostgreSQL of DATABASE_URL) migrates and seeds the demo shop; a second start reuses the data.
 */
let target: Awaited<ReturnType<typeof emptyServerTarget>>;

beforeAll(async () => {
  await ensureBuilt();
  target = await emptyServerTarget(tempDir());
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await target?.drop();
});

/** Starts the shop, checks the home page answers, and returns the top-level category names. */
async function topCategories(env: Record<string, string>): Promise<string[]> {
  const server = startServer({ ...env, SEED: 'demo', PORT: String(await freePort()) });
  await waitReady(server, 120_000);
  try {
    const health = JSON.parse((await get(server.port, '/api/health')).body.toString());
    expect(health.payload.engine).toBe(testEngine());
    const home = await get(server.port, '/');
    expect(home.status).toBe(200);
    expect(home.body.toString()).toContain('<h1');
    const list = JSON.parse((await get(server.port, '/api/categories?topLevel=1')).body.toString());
    return list.payload.map((category: { name: string }) => category.name);
  } finally {
    expect(await stopServer(server)).toBe(0);
  }
}

describe(`npm start on an empty ${testEngine()} database`, () => {
  it('migrates and seeds the demo shop, then a second start reuses the data without reseeding', async () => {
    const first = await topCategories(target.env);
    expect(first).toContain('Outdoor Adventure');
    expect(first).toContain('Computer Equipment');

    // Change the data between the starts: a reseed would bring the category back or fail.
    const database = await target.open();
    try {
      const productCount = (await database.db.select({ id: products.id }).from(products)).length;
      expect(productCount).toBeGreaterThanOrEqual(300);
      await database.db.delete(categories).where(eq(categories.slug, 'computer-equipment'));
    } finally {
      await database.close();
    }

    const second = await topCategories(target.env);
    expect(second).toContain('Outdoor Adventure');
    expect(second).not.toContain('Computer Equipment');
  }, 240_000);
});
