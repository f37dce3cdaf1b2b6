import { Worker } from 'node:worker_threads';
import { logger } from '@/server/logger';
import { type CatalogIndex, assemble, flatten } from './index-rows';

/**
 * The catalogue index's CPU work off the event loop (issue 33): parsing the slices a build reads,
 * sorting them into price order (`assemble`) and patching changed products into an index
 * (`flatten` + `assemble`) run in one worker thread. The main thread only awaits the database and
 * posts each slice's text as it arrives; the finished index comes back in SharedArrayBuffers, so
 * handing it over copies nothing (~45 MB at 1 000 000 products), and a patch posts the current
 * index back the same way. Nothing in the index is ever written after it is assembled.
 *
 * The worker is made from the two functions' source text (`eval`), not from a file: the shop runs
 * as TypeScript (tsx, vitest) and as Astro's bundle, where a worker file's path would differ.
 * `__name` is the helper esbuild's keepNames (tsx) wraps functions in. When no worker can be
 * started, the same functions run in this thread (the old behaviour).
 */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const __name = (f) => f;
const flatten = ${flatten.toString()};
const assemble = ${assemble.toString()};
const slices = new Map();
parentPort.on('message', (job) => {
  try {
    if (job.op === 'slice') {
      const list = slices.get(job.build) ?? [];
      list.push(JSON.parse(job.text));
      slices.set(job.build, list);
      return;
    }
    if (job.op === 'drop') return void slices.delete(job.build);
    let index;
    if (job.op === 'finish') {
      index = assemble(slices.get(job.build) ?? [], job.now, true);
      slices.delete(job.build);
    } else index = assemble([flatten(job.index, new Set(job.without)), JSON.parse(job.text)], job.index.builtAt, true);
    parentPort.postMessage({ id: job.id, index });
  } catch (error) {
    slices.delete(job.build);
    parentPort.postMessage({ id: job.id, error: String(error && error.stack || error) });
  }
});`;

type Reply = { id: number; index?: CatalogIndex; error?: string };
type Job =
  | { op: 'slice'; build: number; text: string }
  | { op: 'drop'; build: number }
  | { op: 'finish'; build: number; now: number }
  | { op: 'patch'; index: CatalogIndex; without: number[]; text: string };

const KEY = Symbol.for('gear-shop.catalog-index-worker');
interface Shared {
  worker: Worker | null;
  failed: boolean;
  nextId: number;
  pending: Map<number, { resolve: (index: CatalogIndex) => void; reject: (error: Error) => void }>;
}
const holder = globalThis as { [KEY]?: Shared };
const shared = (holder[KEY] ??= { worker: null, failed: false, nextId: 1, pending: new Map() });

function worker(): Worker | null {
  if (shared.worker || shared.failed) return shared.worker;
  try {
    const w = new Worker(SOURCE, { eval: true, name: 'catalogue-index' });
    // An idle worker must not keep a script or test process alive.
    w.unref();
    w.on('message', (reply: Reply) => {
      const waiting = shared.pending.get(reply.id);
      if (!waiting) return;
      shared.pending.delete(reply.id);
      if (reply.index) waiting.resolve(reply.index);
      else waiting.reject(new Error(`catalogue index worker: ${reply.error}`));
    });
    const lost = (error: Error) => {
      if (shared.worker !== w) return;
      shared.worker = null;
      for (const waiting of shared.pending.values()) waiting.reject(error);
      shared.pending.clear();
    };
    w.on('error', (error) => {
      logger.warn({ err: error }, 'catalogue index: worker failed');
      lost(error);
    });
    w.on('exit', (code) => lost(new Error(`catalogue index worker exited (${code})`)));
    shared.worker = w;
  } catch (error) {
    logger.warn({ err: error }, 'catalogue index: no worker thread, assembling on the main thread');
    shared.failed = true;
  }
  return shared.worker;
}

function post(job: Job & { op: 'finish' | 'patch' }): Promise<CatalogIndex> {
  const w = worker();
  if (!w) return Promise.reject(new Error('no worker'));
  const id = shared.nextId++;
  return new Promise<CatalogIndex>((resolve, reject) => {
    shared.pending.set(id, { resolve, reject });
    w.postMessage({ ...job, id });
  });
}

/** One build's slices, assembled off the main thread (or in it, without a worker). */
export class IndexAssembly {
  private readonly build = shared.nextId++;
  private readonly local: number[][] | null;
  private readonly worker: Worker | null;

  constructor() {
    this.worker = worker();
    this.local = this.worker ? null : [];
  }

  /** A slice as the database returned it: a JSON array of flat rows (see readFlat). */
  add(text: string): void {
    if (this.local) this.local.push(JSON.parse(text) as number[]);
    else this.worker!.postMessage({ op: 'slice', build: this.build, text } satisfies Job);
  }

  finish(now: number): Promise<CatalogIndex> {
    if (this.local) return Promise.resolve(assemble(this.local, now));
    // A worker that died meanwhile took the slices with it.
    if (worker() !== this.worker) return Promise.reject(new Error('catalogue index worker restarted during a build'));
    return post({ op: 'finish', build: this.build, now });
  }

  /** A build given up (its read failed): the worker forgets its slices. */
  drop(): void {
    this.worker?.postMessage({ op: 'drop', build: this.build } satisfies Job);
  }
}

/** The index with `without`'s rows left out and `text`'s rows (a slice) added, as a new index. */
export function patchIndex(index: CatalogIndex, without: ReadonlySet<number>, text: string): Promise<CatalogIndex> {
  if (!worker())
    return Promise.resolve(assemble([flatten(index, without), JSON.parse(text) as number[]], index.builtAt));
  return post({ op: 'patch', index, without: [...without], text });
}
