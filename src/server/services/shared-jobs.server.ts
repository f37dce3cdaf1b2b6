/**
 * Background jobs that several shop processes on one PostgreSQL run once between them
 * (docs/decisions/015-scale-out.md). Every instance keeps its own timer; at each tick it asks the
 * database whether the job is its to run:
 *   - a transaction-scoped advisory lock per job: while one instance runs it, the others' ticks
 *     see "busy" (and a run that dies with its connection frees the lock by itself);
 *   - under the lock, the job's `job_runs` row is claimed only if the last run started at least
 *     most of an interval ago, so instances whose timers are out of step do not each run it once
 *     per interval. The claim commits with the run: a failed run is retried at the next tick.
 * PGlite has one process per data directory (it is locked), so there it just runs.
 */
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db, Engine } from '../db/client';
import { jobRuns } from '../db/schema/index';
import { logger } from '../logger';
import { observeJobRun } from '../observability/hooks';

export interface JobTarget {
  db: Db;
  engine: Engine;
}

export interface SharedJob {
  /** Names the job's lock and its job_runs row. */
  name: string;
  intervalMs: number;
}

export type JobOutcome<T> = { ran: true; value: T } | { ran: false; reason: 'busy' | 'not-due' };

/** This process in job_runs.last_instance. */
export const JOB_INSTANCE = `${hostname()}:${process.pid}`.slice(0, 128);

/** Advisory lock keys are (namespace, hashtext(job name)); the namespace keeps them apart from others. */
const LOCK_NAMESPACE = 7_340;

/**
 * A tick may come a little early against the last run's database timestamp (timers drift, the
 * claim is taken at a different moment than the tick): a run is due after 90% of the interval.
 */
function dueAfterMs(job: SharedJob): number {
  return Math.floor(job.intervalMs * 0.9);
}

/**
 * Records a run starting now if the job is due (or, with `force`, in any case); true when this
 * caller may run the job.
 */
async function claim(db: Db, job: SharedJob, force = false): Promise<boolean> {
  const due = sql`make_interval(secs => ${dueAfterMs(job) / 1000})`;
  const result = await db.execute(sql`
    insert into ${jobRuns} (name, last_started_at, last_instance, runs)
    values (${job.name}, now(), ${JOB_INSTANCE}, 1)
    on conflict (name) do update set
      last_started_at = now(), last_finished_at = null, last_instance = excluded.last_instance,
      runs = ${jobRuns.runs} + 1
    where ${force ? sql`true` : sql`${jobRuns.lastStartedAt} <= now() - ${due}`}
    returning name`);
  return rowsOf(result).length === 1;
}

async function isDue(db: Db, job: SharedJob): Promise<boolean> {
  const due = sql`make_interval(secs => ${dueAfterMs(job) / 1000})`;
  const result = await db.execute(sql`
    select 1 from ${jobRuns} where name = ${job.name} and ${jobRuns.lastStartedAt} > now() - ${due}`);
  return rowsOf(result).length === 0;
}

async function finish(db: Db, job: SharedJob): Promise<void> {
  await db.execute(sql`update ${jobRuns} set last_finished_at = now() where name = ${job.name}`);
}

/**
 * Runs `fn` if no other instance is running this job and it has not run within the interval.
 * On PostgreSQL the lock is held by a transaction of its own while `fn` works through the
 * normal pool: `fn` may take its own transactions and call out over HTTP without holding the
 * lock's row or connection hostage.
 */
export async function runSharedJob<T>(target: JobTarget, job: SharedJob, fn: () => Promise<T>): Promise<JobOutcome<T>> {
  if (target.engine === 'pglite') {
    // One process, and a PGlite transaction would shut out fn's own queries: recorded after
    // the run instead, so a failed run is retried at the next tick here too.
    if (!(await isDue(target.db, job))) return { ran: false, reason: 'not-due' };
    const value = await fn();
    await claim(target.db, job, true);
    await finish(target.db, job);
    return { ran: true, value };
  }
  return target.db.transaction(async (tx): Promise<JobOutcome<T>> => {
    const locked = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${job.name})) as locked`),
    )[0]?.locked;
    if (!locked) return { ran: false, reason: 'busy' };
    if (!(await claim(tx, job))) return { ran: false, reason: 'not-due' };
    const value = await fn();
    await finish(tx, job);
    return { ran: true, value };
  });
}

/**
 * Ticks every `intervalMs` (never two runs at once in this process) and runs the job when it is
 * this instance's turn. The timer does not keep the process alive; the returned function stops
 * it and resolves once a run under way has finished.
 */
export function scheduleSharedJob(target: JobTarget, job: SharedJob, fn: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runSharedJob(target, job, fn)
      .then((outcome) => {
        if (outcome.ran) observeJobRun(job.name, true);
      })
      .catch((error: unknown) => {
        observeJobRun(job.name, false);
        logger.error({ err: error, job: job.name }, 'background job failed');
      })
      .finally(() => {
        running = null;
      });
  }, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** node-postgres returns a QueryResult, PGlite a Results object; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
