import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { observeCatalogIndexBuild } from '@/server/observability/hooks';
import { type CatalogIndex, FLAG_NEW, FLAG_SALE } from './index-rows';
import { IndexAssembly, patchIndex } from './index-worker';
import { rowsOf } from './rows';

export { type CatalogIndex, FLAG_NEW, FLAG_SALE, assemble } from './index-rows';

/**
 * The filter columns of every active product, in memory (issue 18, "cold filters"; ADR 005):
 * price (the lowest of its choices: products.from_price_cents), new/sale flags (sale: any choice
 * on sale), category ids and attribute ids, in price order (ties by id). Any
 * combination of categories, flags, price bounds and attribute choices is answered from it in JS
 * (indexed-set.ts) in a few milliseconds, on both engines; a search asks the database only for
 * the ids (and ranks) its text matches, cached per text. Rows are compact typed arrays: ~45 bytes
 * a product with the bench catalogue's 2 categories and ~6 attributes each (~45 MB at 1 000 000).
 * Building and patching it runs in a worker thread (index-worker.ts, issue 33): the event loop
 * only awaits the database's slices, so shoppers are answered while it builds.
 */

/**
 * Past this age the index is rebuilt in the background (served meanwhile): the bound for writes no
 * hook reports. At least 200 times the last build's time, so rebuilding takes under 0.5 % of the
 * time: a build holds PGlite's only connection for its slices (~1 s at 100 000 products) and keeps a
 * core busy sorting (~1 s at 1 000 000, in the worker).
 */
export const INDEX_TTL_MS = 60_000;
const TTL_PER_BUILD_MS = 200;
/** ... but at most this: also the bound for an index rebuilt from a replica that lagged a write. */
const MAX_TTL_MS = 300_000;
/**
 * Rows per statement while building: PGlite runs one statement at a time, so a build in slices
 * lets shoppers' queries in between instead of queueing behind one long scan.
 */
const SLICE = 5_000;

/**
 * The filter columns of the active products matching `where`, as one flat slice (see assemble) in
 * its JSON text: parsed in the worker, not here.
 */
async function readFlat(db: Db, where: SQL, limit: number | null): Promise<{ text: string; last: number | null }> {
  // One text value per slice: flat "id,price,flags,n,cats…,m,attrs…" (see filtered-set.ts for why text).
  const [row] = rowsOf<{ rows: string | null; last: number | null }>(
    await db.execute(sql`
      select '[' || coalesce(string_agg(concat_ws(',', id, from_price_cents,
          (case when is_new then ${FLAG_NEW} else 0 end) + (case when on_sale then ${FLAG_SALE} else 0 end),
          cardinality(category_ids), nullif(array_to_string(category_ids, ','), ''),
          cardinality(attribute_ids), nullif(array_to_string(attribute_ids, ','), '')), ','), '') || ']' as rows,
        max(id) as last
      from (select id, from_price_cents, is_new, on_sale, category_ids, attribute_ids
        from products where active and ${where} order by id ${limit === null ? sql`` : sql`limit ${limit}`}) p`),
  );
  return { text: row?.rows ?? '[]', last: row?.last ?? null };
}

/** Reads the index in id slices (keyset) and has the worker sort it into price order. */
export async function buildCatalogIndex(db: Db, now = Date.now()): Promise<CatalogIndex> {
  const assembly = new IndexAssembly();
  let after = 0;
  try {
    for (;;) {
      const { text, last } = await readFlat(db, sql`id > ${after}`, SLICE);
      if (last === null) break;
      assembly.add(text);
      after = Number(last);
    }
  } catch (error) {
    assembly.drop();
    throw error;
  }
  return assembly.finish(now);
}

/**
 * The index with the given products read again (those no longer active drop out): how a build
 * that writes overlapped catches up with them instead of being thrown away, and how an index
 * follows an edit of a few products without a full rebuild (issue 33).
 */
export async function patchCatalogIndex(db: Db, index: CatalogIndex, ids: ReadonlySet<number>): Promise<CatalogIndex> {
  if (ids.size === 0) return index;
  const { text } = await readFlat(db, sql`id = any(${`{${[...ids].join(',')}}`}::int[])`, null);
  return patchIndex(index, ids, text);
}

interface State {
  index: CatalogIndex | null;
  /** The build under way, if any, the epoch it started in, and whether it patches the last index. */
  building: { promise: Promise<CatalogIndex | null>; epoch: number; patch: boolean } | null;
  /**
   * The epoch the index was built in: an index of an older epoch is not answered from, but kept
   * as the base of a patch while the writes since named their products.
   */
  indexEpoch: number;
  /** How long the last build took; decides whether a request waits for one. */
  lastBuildMs: number | undefined;
  /** After a failed build no new one starts before this time (a database outage: no build storm). */
  retryAt: number;
}

/**
 * On globalThis: the start script and the Astro bundle each load their own copy of this module,
 * but share the database object, and one index per database is enough (memory, build work).
 */
const KEY = Symbol.for('gear-shop.catalog-index');
/**
 * epoch: bumped by every reported write, for every database's index at once: the read replica's
 * Db (DATABASE_READ_URL) has an index of its own, and writes are reported with the primary's Db.
 */
const holder = globalThis as { [KEY]?: Shared };
interface Shared {
  states: WeakMap<Db, State>;
  disabled: boolean;
  epoch: number;
  /** The recent writes: the epoch each one made and the products it changed (null: possibly any). */
  changes: { epoch: number; products: readonly number[] | null }[];
}
const shared = (holder[KEY] ??= { states: new WeakMap(), disabled: false, epoch: 0, changes: [] });
/** Writes remembered for catching up; a build that spans more is discarded as before. */
const MAX_CHANGES = 1_000;

/** The products changed by the writes of epochs (from, to], or null when any may have changed. */
function changedSince(from: number, to: number): Set<number> | null {
  const ids = new Set<number>();
  let seen = 0;
  for (const change of shared.changes) {
    if (change.epoch <= from || change.epoch > to) continue;
    if (change.products === null) return null;
    for (const id of change.products) ids.add(id);
    seen++;
  }
  // Some of those writes were forgotten (more than MAX_CHANGES since): nothing can be said.
  return seen === to - from ? ids : null;
}

function stateOf(db: Db): State {
  let state = shared.states.get(db);
  if (!state)
    shared.states.set(db, (state = { index: null, building: null, indexEpoch: 0, lastBuildMs: undefined, retryAt: 0 }));
  return state;
}

const RETRY_MS = 5_000;

/** Most catch-up rounds after one build: each reads only the products written meanwhile. */
const CATCH_UP_ROUNDS = 8;

/**
 * A build reads for a while (~1 s at 100 000 products on PGlite); writes reported meanwhile may or
 * may not be in what it read. It used to be thrown away then, so on a shop whose catalogue
 * changed more often than a build takes, no build ever counted and every request took the SQL
 * path (issue 27). Now a write that names its products (contentChanged with product ids) is
 * caught up with by reading just those products again after the build; only a write that could
 * touch any product (an import, another instance's change) still discards it.
 */
async function catchUp(
  db: Db,
  index: CatalogIndex,
  from: number,
): Promise<{ index: CatalogIndex; epoch: number } | null> {
  let at = from;
  for (let round = 0; at !== shared.epoch; round++) {
    if (round === CATCH_UP_ROUNDS) return null;
    const to = shared.epoch;
    const ids = changedSince(at, to);
    if (ids === null) return null;
    index = await patchCatalogIndex(db, index, ids);
    at = to;
  }
  return { index, epoch: at };
}

function ttlOf(state: State): number {
  return Math.min(MAX_TTL_MS, Math.max(INDEX_TTL_MS, TTL_PER_BUILD_MS * (state.lastBuildMs ?? 0)));
}

/**
 * The index of an older epoch that the writes since can be patched into (they all named their
 * products, and it is not past its age), or null: then it is dropped and a full build starts.
 */
function patchBase(state: State, epoch: number, now: number): CatalogIndex | null {
  const old = state.index;
  if (!old || state.indexEpoch === epoch) return null;
  if (now - old.builtAt < ttlOf(state) && changedSince(state.indexEpoch, epoch) !== null) return old;
  state.index = null;
  return null;
}

function startBuild(db: Db, state: State, now = Date.now()): Promise<CatalogIndex | null> {
  if (state.building && state.building.epoch === shared.epoch) return state.building.promise;
  if (now < state.retryAt) return Promise.resolve(null);
  const epoch = shared.epoch;
  const startedAt = performance.now();
  const base = patchBase(state, epoch, now);
  const caughtUp = base
    ? catchUp(db, base, state.indexEpoch)
    : buildCatalogIndex(db).then((built) => {
        state.lastBuildMs = performance.now() - startedAt;
        observeCatalogIndexBuild(state.lastBuildMs / 1000, built.ids.length);
        return catchUp(db, built, epoch);
      });
  const promise = caughtUp.then(
    (caught) => {
      if (state.building?.promise === promise) state.building = null;
      // A write that may touch any product was reported while this build read: start again.
      if (!caught) return null;
      state.index = caught.index;
      state.indexEpoch = caught.epoch;
      return caught.index;
    },
    (error: unknown) => {
      if (state.building?.promise === promise) state.building = null;
      state.retryAt = Date.now() + RETRY_MS;
      // The SQL path answers meanwhile (or the old index, when there is one).
      logger.warn({ err: error }, 'catalogue index: build failed');
      return null;
    },
  );
  state.building = { promise, epoch, patch: base !== null };
  return promise;
}

/** The index of the current epoch, or null. */
function currentIndex(state: State): CatalogIndex | null {
  return state.index && state.indexEpoch === shared.epoch ? state.index : null;
}

/**
 * The index to answer from, or null: then the caller answers with SQL (the exact path of ADR 005).
 * After an edit of named products the index is patched (their rows read again, merged in the
 * worker) and a request waits up to PATCH_WAIT_MS for it; a missing index (start, an import, a
 * write to unknown products) is built in the background, and a request waits for it only while
 * builds are quick (small catalogues: tests, the demo shop), so on a large catalogue no request
 * waits for a full rebuild. An index past its age (INDEX_TTL_MS) is still used while its
 * replacement builds. It is never answered from while an edit is not in it.
 */
export async function catalogIndex(db: Db, now = Date.now()): Promise<CatalogIndex | null> {
  if (shared.disabled) return null;
  const state = stateOf(db);
  const current = currentIndex(state);
  if (current) {
    if (now - current.builtAt >= ttlOf(state)) void startBuild(db, state, now);
    return current;
  }
  const build = startBuild(db, state, now);
  const waitMs = state.building?.patch
    ? PATCH_WAIT_MS
    : state.lastBuildMs === undefined
      ? 100
      : state.lastBuildMs < 100
        ? 250
        : 0;
  if (waitMs === 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([build, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a request waits for a patch (~0.1 s at 100 000 products, ~0.5 s at 1 000 000) before SQL answers it. */
const PATCH_WAIT_MS = 250;

/**
 * Starts a full rebuild while the current index keeps answering (what its age limit does), and
 * resolves with the new index: for benchmarks and an operator's script.
 */
export function refreshCatalogIndex(db: Db): Promise<CatalogIndex | null> {
  return startBuild(db, stateOf(db));
}

/** How long the last full build took (ms), undefined before the first: for metrics (issue 33). */
export function catalogIndexBuildMs(db: Db): number | undefined {
  return stateOf(db).lastBuildMs;
}

/** The number of products in the current index (0 when there is none yet): for metrics. */
export function catalogIndexSize(db: Db): number {
  return currentIndex(stateOf(db))?.ids.length ?? 0;
}

/** The index once built (a build is started if none is under way); null when it failed. Tests and benches. */
export async function catalogIndexReady(db: Db): Promise<CatalogIndex | null> {
  const state = stateOf(db);
  return currentIndex(state) ?? (await startBuild(db, state));
}

/**
 * A catalogue write: the next requests answer from SQL or a new index, never from an old one, on
 * every database of this process (the argument is kept for symmetry with the other caches).
 * `products`: the products the write changed, when it knows them (the index, or a build under
 * way, then reads just those again instead of starting over); without: possibly any product.
 */
export function invalidateCatalogIndex(_db?: Db, products?: readonly number[]): void {
  shared.epoch++;
  shared.changes.push({ epoch: shared.epoch, products: products ?? null });
  if (shared.changes.length > MAX_CHANGES) shared.changes.splice(0, shared.changes.length - MAX_CHANGES);
}

/** Tests and benchmarks: answer every request through SQL (false) or the index again (true). */
export function useCatalogIndex(enabled: boolean): void {
  shared.disabled = !enabled;
}
