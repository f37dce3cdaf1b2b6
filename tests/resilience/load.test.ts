import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadData, type LoadSnapshot, loadSnapshot, prepareLoadData } from '~/bench/lib/load-data';
import {
  consistencyProblems,
  discoverProductPaths,
  LOAD_SHOP_ENV,
  runLoad,
  unexpectedAnswers,
} from '~/bench/lib/load-mix.mjs';
import { openDatabase } from '@/server/db/client';
import { seedIfEmpty } from '@/server/db/seed/index';
import { emptyServerTarget, testEngine } from '../helpers/db';
import { cleanupServers, ensureBuilt, freePort, startServer, stopServer, tempDir, waitReady } from '../helpers/server';

/**
 * The short form of `npm run bench:load` (ADR 017): the shopping mix of bench/lib/load-mix.mjs
 * against the built shop on PGlite (and on PostgreSQL when the run has one), 10 s each. No 5xx, nothing but the expected answers,
 * and afterwards every unit sold left the shelf exactly once and every OK checkout is an order.
 */
const CONNECTIONS = 10;
const DURATION_MS = 10_000;

type Target = Awaited<ReturnType<typeof emptyServerTarget>>;

afterAll(() => cleanupServers());

/** PGlite always (a DATA_DIR of its own); PostgreSQL too when the run has TEST_DATABASE_URL. */
const engines: { name: string; target: () => Promise<Target> }[] = [
  {
    name: 'pglite',
    target: async () => {
      const dataDir = tempDir();
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        open: () => openDatabase({ engine: 'pglite', dataDir: `${dataDir}/pglite` }),
        drop: async () => {},
      };
    },
  },
];
if (testEngine() === 'postgres') engines.push({ name: 'postgres', target: () => emptyServerTarget(tempDir()) });

for (const engine of engines) {
  describe(`the shopping mix on ${engine.name}`, () => {
    let target: Target;
    let data: LoadData;
    let before: LoadSnapshot;

    beforeAll(async () => {
      await ensureBuilt();
      target = await engine.target();
      const database = await target.open();
      try {
        await database.migrate();
        await seedIfEmpty(database.db);
        data = await prepareLoadData(database.db, CONNECTIONS * 4);
        before = await loadSnapshot(database.db, [...data.products, ...data.scarce]);
      } finally {
        await database.close();
      }
    }, 300_000);

    afterAll(async () => {
      await target?.drop();
    });

    it(`${CONNECTIONS} shoppers for ${DURATION_MS / 1000} s: no 5xx, only expected answers, stock and orders consistent`, async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // All shoppers share one loopback address: the per-address sign-in limit would only measure itself.
      const server = startServer({ ...target.env, PORT: String(port), PUBLIC_URL: base, ...LOAD_SHOP_ENV });
      await waitReady(server, 120_000);
      let result: Awaited<ReturnType<typeof runLoad>>;
      try {
        result = await runLoad({
          bases: [base],
          connections: CONNECTIONS,
          durationMs: DURATION_MS,
          customers: data.customers,
          password: data.password,
          products: data.products,
          scarce: data.scarce,
          productPaths: await discoverProductPaths(base),
          requestTimeoutMs: 20_000,
        });
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      const counts = Object.entries(result.kinds).map(([kind, s]) => `${kind} ${JSON.stringify(s.statuses)}`);
      console.log(
        `${engine.name}: ${result.requests} requests in ${result.seconds.toFixed(1)} s, ${result.okOrderNrs.length} orders; ${counts.join('; ')}`,
      );
      expect(unexpectedAnswers(result.kinds)).toEqual([]);
      // The mix really ran: every kind answered, and shoppers bought things.
      expect(Object.keys(result.kinds)).toEqual(
        expect.arrayContaining(['add to cart', 'checkout', 'list page', 'product page', 'search', 'sign in', 'totals']),
      );
      expect(result.okOrderNrs.length).toBeGreaterThan(0);

      const database = await target.open();
      try {
        const after = await loadSnapshot(database.db, [...data.products, ...data.scarce], before.maxOrderId);
        expect(consistencyProblems(before, after, result.okOrderNrs, [...data.products, ...data.scarce])).toEqual([]);
        expect(after.ordersSince).toBe(result.okOrderNrs.length);
      } finally {
        await database.close();
      }
    });
  });
}
