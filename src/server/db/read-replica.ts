/**
 * Reads from a PostgreSQL streaming replica (DATABASE_READ_URL, issue 18, ADR 015): catalogue and
 * content reads of visitors who changed nothing lately go there, everything else to the primary.
 * A replica that stops answering is left out within a second or two (a failed health check or a
 * lost connection) and taken back when it answers again, so the shop keeps serving from the
 * primary alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';
import { openDatabase } from './client';

export const HEALTH_INTERVAL_MS = 1_000;
/** How long after a change a browser keeps reading from the primary (longer than any sane lag). */
export const READ_YOUR_WRITES_SECONDS = 10;
/** The cookie that marks such a browser: set on every changing request while a replica is used. */
export const READ_PRIMARY_COOKIE = 'read_primary';

export interface ReadReplica {
  db: Db;
  healthy(): boolean;
  close(): Promise<void>;
}

export async function openReadReplica(url: string, log: (message: string) => void): Promise<ReadReplica> {
  const replica = await openDatabase({ engine: 'postgres', url, serving: true });
  let healthy = true;
  let closed = false;
  const mark = (next: boolean) => {
    if (next !== healthy)
      log(
        next
          ? 'read replica answers again: catalogue reads go to it'
          : 'read replica does not answer: every read goes to the primary',
      );
    healthy = next;
  };
  const check = async () => {
    try {
      // Bounded: a replica whose host vanished must not hold the check for the socket timeout.
      await Promise.race([
        replica.db.execute('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_INTERVAL_MS)),
      ]);
      mark(true);
    } catch {
      mark(false);
    }
  };
  const timer = setInterval(() => void check(), HEALTH_INTERVAL_MS);
  timer.unref();
  return {
    db: replica.db,
    healthy: () => healthy && !closed,
    async close() {
      closed = true;
      clearInterval(timer);
      await replica.close();
    },
  };
}

/** Per request: whether its catalogue reads may go to the replica (set by the middlewares). */
const routing = new AsyncLocalStorage<{ replica: boolean }>();

export function withReadRouting<T>(replica: boolean, run: () => T): T {
  return routing.run({ replica }, run);
}

export function replicaAllowed(): boolean {
  return routing.getStore()?.replica ?? false;
}

/**
 * The rule: only reading requests (GET/HEAD), outside the back office, from a browser that has
 * not changed anything in the last READ_YOUR_WRITES_SECONDS (its writes may not have reached the
 * replica yet).
 */
export function mayReadReplica(method: string, path: string, cookieHeader: string | null | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/admin') || path.startsWith('/api/admin')) return false;
  return !(cookieHeader ?? '').split(/;\s*/).some((c) => c.startsWith(`${READ_PRIMARY_COOKIE}=`));
}

/** The Set-Cookie of a changing request: reads of this browser stay on the primary for a while. */
export function readPrimaryCookie(secure: boolean): string {
  return `${READ_PRIMARY_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
