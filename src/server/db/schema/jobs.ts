import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per background job (order expiry, mail retry): when it last ran, on any instance.
 * Claimed under an advisory lock so several shop processes on one PostgreSQL run each job once
 * per interval between them (services/shared-jobs.server.ts, docs/decisions/015-scale-out.md).
 */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The process that ran it last (host:pid), for logs and tests. */
  lastInstance: varchar('last_instance', { length: 128 }).notNull(),
  runs: integer('runs').notNull().default(0),
});
