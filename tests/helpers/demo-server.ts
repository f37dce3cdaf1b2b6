/**
 * The built shop (`npm start`) on a free port over its own fresh demo database (PGlite, or a
 * private PostgreSQL database under TEST_DATABASE_URL), for tests through real HTTP.
 */
import type { Db } from '@/server/db/client';
import { demoServerTarget } from './db';
import { ensureBuilt, freePort, type Started, startServer, tempDir, waitReady } from './server';

export interface DemoServer {
  server: Started;
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  base: string;
  /** Removes the database (after cleanupServers()). */
  drop: () => Promise<void>;
}

/**
 * `prepare` writes to the database before the shop opens it (an admin account: PGlite allows one
 * process at a time, so nothing can be written beside the running shop).
 */
export async function startDemoServer(
  env: Record<string, string> = {},
  readyTimeoutMs = 120_000,
  prepare?: (db: Db) => Promise<void>,
): Promise<DemoServer> {
  await ensureBuilt();
  const target = await demoServerTarget(tempDir());
  if (prepare) {
    const database = await target.open();
    try {
      await prepare(database.db);
    } finally {
      await database.close();
    }
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...target.env, PORT: String(port), PUBLIC_URL: base, ...env });
  await waitReady(server, readyTimeoutMs);
  return { server, base, drop: target.drop };
}
