/**
 * Times every statement the database drivers run, for the query-latency metric and the
 * database spans of a trace. Patched once per process on the drivers' prototypes (pg and PGlite
 * are kept out of the bundles, so both bundles share one copy of each) and only when metrics
 * or traces are on: otherwise the drivers are untouched.
 */
export type QueryObserver = <T>(engine: 'postgres' | 'pglite', text: string, run: () => Promise<T>) => Promise<T>;

const PATCHED = Symbol.for('gear-shop.driver-patched');
type Patchable = Record<string | symbol, unknown>;
type AnyFn = (...args: unknown[]) => unknown;

function statementOf(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** pg's Client#query: promise style (drizzle) or callback style (pg-pool's own pool.query). */
function patchPg(proto: Patchable, observe: QueryObserver): void {
  const original = proto.query as AnyFn;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | null;
    // Submittables (cursors, streams) are not timed: they answer through their own events.
    if (first && typeof first === 'object' && typeof first.submit === 'function') return original.apply(this, args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      void observe(
        'postgres',
        statementOf(args[0]),
        () =>
          new Promise((resolve, reject) => {
            args[args.length - 1] = (error: unknown, result: unknown) => {
              if (error) reject(error);
              else resolve(result);
              (last as AnyFn)(error, result);
            };
            original.apply(this, args);
          }),
      ).catch(() => undefined);
      return undefined;
    }
    return observe('postgres', statementOf(args[0]), () => original.apply(this, args) as Promise<unknown>);
  };
}

function patchPglite(proto: Patchable, observe: QueryObserver): void {
  for (const method of ['query', 'exec'] as const) {
    const original = proto[method] as AnyFn;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      return observe('pglite', statementOf(args[0]), () => original.apply(this, args) as Promise<unknown>);
    };
  }
}

/** Patches the driver of `engine` (a read replica is PostgreSQL too: pass 'postgres' then). */
export async function instrumentDrivers(engine: 'postgres' | 'pglite', observe: QueryObserver): Promise<void> {
  const proto = (engine === 'postgres'
    ? (await import('pg')).default.Client.prototype
    : (await import('@electric-sql/pglite')).PGlite.prototype) as unknown as Patchable;
  if (proto[PATCHED]) return;
  if (engine === 'postgres') patchPg(proto, observe);
  else patchPglite(proto, observe);
  proto[PATCHED] = true;
}
