import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { observeCatalogIndexBuild } from '@/server/observability/hooks';
import { rowsOf } from './rows';

/**
 * The filter columns of every active product, in memory (issue 18, "cold filters"; ADR 005):
 * price (the lowest of its choices: products.from_price_cents), new/sale flags (sale: any choice
 * on sale), category ids and attribute ids, in price order (ties by id). Any
 * combination of categories, flags, price bounds and attribute choices is answered from it in JS
 * (indexed-set.ts) in a few milliseconds, on both engines; a search asks the database only for
 * the ids (and ranks) its text matches, cached per text. Rows are compact typed arrays: ~45 bytes
 * a product with the bench catalogue's 2 categories and ~6 attributes each (~45 MB at 1 000 000).
 */
export interface CatalogIndex {
  /** Row r's product id; rows in price ascending, ties by id ascending. */
  ids: Int32Array;
  prices: Int32Array;
  /** FLAG_NEW | FLAG_SALE */
  flags: Uint8Array;
  /** Row r's category ids are cats[catStart[r] .. catStart[r + 1]) (products.category_ids). */
  catStart: Int32Array;
  cats: Int32Array;
  /** Row r's attribute ids are attrs[attrStart[r] .. attrStart[r + 1]) (products.attribute_ids). */
  attrStart: Int32Array;
  attrs: Int32Array;
  /** Product id → row + 1 (0: not an active product); sized by the largest id. */
  rowOf: Int32Array;
  /** One more than the largest attribute id. */
  attrSize: number;
  builtAt: number;
}

export const FLAG_NEW = 1;
export const FLAG_SALE = 2;

/**
 * Past this age the index is rebuilt in the background (served meanwhile): the bound for writes no
 * hook reports. At least 200 times the last build's time, so rebuilding takes under 0.5 % of the
 * time: a build holds PGlite's only connection for its slices (~1 s at 100 000 products) and sorts
 * synchronously in this process (~1 s at 1 000 000).
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

/** The filter columns of the active products matching `where`, as one flat slice (see assemble). */
async function readFlat(db: Db, where: SQL, limit: number | null): Promise<{ flat: number[]; last: number | null }> {
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
  return { flat: row?.rows ? (JSON.parse(row.rows) as number[]) : [], last: row?.last ?? null };
}

/** Reads the index in id slices (keyset) and sorts it into price order. */
export async function buildCatalogIndex(db: Db, now = Date.now()): Promise<CatalogIndex> {
  const chunks: number[][] = [];
  let after = 0;
  for (;;) {
    const { flat, last } = await readFlat(db, sql`id > ${after}`, SLICE);
    if (last === null) break;
    chunks.push(flat);
    after = Number(last);
  }
  return assemble(chunks, now);
}

/** The index's rows as one flat slice (assemble's input), leaving out the given products. */
function flatten(index: CatalogIndex, without: ReadonlySet<number>): number[] {
  const flat: number[] = [];
  for (let r = 0; r < index.ids.length; r++) {
    const id = index.ids[r]!;
    if (without.has(id)) continue;
    flat.push(id, index.prices[r]!, index.flags[r]!, index.catStart[r + 1]! - index.catStart[r]!);
    for (let c = index.catStart[r]!; c < index.catStart[r + 1]!; c++) flat.push(index.cats[c]!);
    flat.push(index.attrStart[r + 1]! - index.attrStart[r]!);
    for (let a = index.attrStart[r]!; a < index.attrStart[r + 1]!; a++) flat.push(index.attrs[a]!);
  }
  return flat;
}

/**
 * The index with the given products read again (those no longer active drop out): how a build
 * that writes overlapped catches up with them instead of being thrown away.
 */
export async function patchCatalogIndex(db: Db, index: CatalogIndex, ids: ReadonlySet<number>): Promise<CatalogIndex> {
  if (ids.size === 0) return index;
  const { flat } = await readFlat(db, sql`id = any(${`{${[...ids].join(',')}}`}::int[])`, null);
  return assemble([flatten(index, ids), flat], index.builtAt);
}

/** Flat slices → typed arrays in (price, id) order. Exported for unit tests and bench/. */
export function assemble(chunks: readonly (readonly number[])[], now = Date.now()): CatalogIndex {
  let n = 0;
  let catCount = 0;
  let attrCount = 0;
  let maxId = 0;
  let maxPrice = 0;
  let attrSize = 1;
  for (const flat of chunks) {
    for (let i = 0; i < flat.length;) {
      n++;
      maxId = Math.max(maxId, flat[i]!);
      maxPrice = Math.max(maxPrice, flat[i + 1]!);
      const nCats = flat[i + 3]!;
      const nAttrs = flat[i + 4 + nCats]!;
      for (let k = 0; k < nAttrs; k++) attrSize = Math.max(attrSize, flat[i + 5 + nCats + k]! + 1);
      catCount += nCats;
      attrCount += nAttrs;
      i += 5 + nCats + nAttrs;
    }
  }
  // Where each product's run starts, by id (ids are unique: the primary key).
  const chunkOf = new Int32Array(maxId + 1);
  const offsetOf = new Int32Array(maxId + 1);
  const keys = new Float64Array(n);
  const span = maxId + 1;
  // price * span + id sorts as (price, id) and is exact below 2^53; natively sorted, ~20x faster
  // than a comparator at 1 000 000 rows. Otherwise ids are sorted with a comparator.
  const packed = (maxPrice + 1) * span <= Number.MAX_SAFE_INTEGER;
  let k = 0;
  chunks.forEach((flat, c) => {
    for (let i = 0; i < flat.length;) {
      const id = flat[i]!;
      chunkOf[id] = c;
      offsetOf[id] = i;
      keys[k++] = packed ? flat[i + 1]! * span + id : id;
      const nCats = flat[i + 3]!;
      i += 5 + nCats + flat[i + 4 + nCats]!;
    }
  });
  const priceOf = (id: number) => chunks[chunkOf[id]!]![offsetOf[id]! + 1]!;
  if (packed) keys.sort();
  else keys.sort((x, y) => priceOf(x) - priceOf(y) || x - y);
  const index: CatalogIndex = {
    ids: new Int32Array(n),
    prices: new Int32Array(n),
    flags: new Uint8Array(n),
    catStart: new Int32Array(n + 1),
    cats: new Int32Array(catCount),
    attrStart: new Int32Array(n + 1),
    attrs: new Int32Array(attrCount),
    rowOf: new Int32Array(maxId + 1),
    attrSize,
    builtAt: now,
  };
  let c = 0;
  let a = 0;
  for (let r = 0; r < n; r++) {
    const id = packed ? keys[r]! % span : keys[r]!;
    const flat = chunks[chunkOf[id]!]!;
    const i = offsetOf[id]!;
    index.ids[r] = id;
    index.prices[r] = flat[i + 1]!;
    index.flags[r] = flat[i + 2]!;
    index.rowOf[id] = r + 1;
    index.catStart[r] = c;
    const nCats = flat[i + 3]!;
    for (let j = 0; j < nCats; j++) index.cats[c++] = flat[i + 4 + j]!;
    index.attrStart[r] = a;
    const nAttrs = flat[i + 4 + nCats]!;
    for (let j = 0; j < nAttrs; j++) index.attrs[a++] = flat[i + 5 + nCats + j]!;
  }
  index.catStart[n] = c;
  index.attrStart[n] = a;
  return index;
}

interface State {
  index: CatalogIndex | null;
  /** The build under way, if any, and the epoch it started in. */
  building: { promise: Promise<CatalogIndex | null>; epoch: number } | null;
  /** The epoch the index was built in: an index of an older epoch is not used. */
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

function startBuild(db: Db, state: State): Promise<CatalogIndex | null> {
  if (state.building && state.building.epoch === shared.epoch) return state.building.promise;
  if (Date.now() < state.retryAt) return Promise.resolve(null);
  const epoch = shared.epoch;
  const startedAt = performance.now();
  const promise = buildCatalogIndex(db)
    .then((built) => {
      state.lastBuildMs = performance.now() - startedAt;
      observeCatalogIndexBuild(state.lastBuildMs / 1000, built.ids.length);
      return catchUp(db, built, epoch);
    })
    .then(
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
  state.building = { promise, epoch };
  return promise;
}

/**
 * The index to answer from, or null: then the caller answers with SQL (the exact path of ADR 005).
 * A missing index (start, or dropped by a catalogue write) is built in the background; a request
 * waits for it only while builds are quick (small catalogues: tests, the demo shop), so after a
 * write on a large catalogue no request waits for the rebuild. An index past its age (INDEX_TTL_MS)
 * is still used while its replacement builds.
 */
export async function catalogIndex(db: Db, now = Date.now()): Promise<CatalogIndex | null> {
  if (shared.disabled) return null;
  const state = stateOf(db);
  if (state.index && state.indexEpoch !== shared.epoch) state.index = null;
  if (state.index) {
    const ttl = Math.min(MAX_TTL_MS, Math.max(INDEX_TTL_MS, TTL_PER_BUILD_MS * (state.lastBuildMs ?? 0)));
    if (now - state.index.builtAt >= ttl) void startBuild(db, state);
    return state.index;
  }
  const build = startBuild(db, state);
  const waitMs = state.lastBuildMs === undefined ? 100 : state.lastBuildMs < 100 ? 250 : 0;
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

/** The index once built (a build is started if none is under way); null when it failed. Tests and benches. */
export async function catalogIndexReady(db: Db): Promise<CatalogIndex | null> {
  const state = stateOf(db);
  return state.index && state.indexEpoch === shared.epoch ? state.index : await startBuild(db, state);
}

/**
 * A catalogue write: the next requests answer from SQL or a new index, never from an old one, on
 * every database of this process (the argument is kept for symmetry with the other caches).
 * `products`: the products the write changed, when it knows them (a build under way then reads
 * just those again instead of starting over); without: possibly any product.
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
