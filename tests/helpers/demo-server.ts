/**
 * The built shop (`npm start`) on a free port over its own fresh demo database (PGlite, or a
 * private PostgreSQL database under TEST_DATABASE_URL), for tests through real HTTP.
 */
import { demoServerTarget } from './db';
import { ensureBuilt, freePort, type Started, startServer, tempDir, waitReady } from './server';

export interface DemoServer {
  server: Started;
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  base: string;
  /** Removes the database (after cleanupServers()). */
  drop: () => Promise<void>;
}

export async function startDemoServer(env: Record<string, string> = {}, readyTimeoutMs = 120_000): Promise<DemoServer> {
  await ensureBuilt();
  const target = await demoServerTarget(tempDir());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...target.env, PORT: String(port), PUBLIC_URL: base, ...env });
  await waitReady(server, readyTimeoutMs);
  return { server, base, drop: target.drop };
}
