import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

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

/**
 * One catalogue import (ADR 026): the dry run's findings and the apply's progress. Rows are applied
 * in batches and `applied_rows` is committed with each batch, so a crashed import resumes where it
 * stopped; every row is an upsert by SKU, so applying the same file twice changes nothing.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the CSV text: the same file resumes the same import. */
    fileHash: varchar('file_hash', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    /** checked | applying | done | failed */
    status: varchar('status', { length: 16 }).notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    appliedRows: integer('applied_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first problems found: { line, sku, message }. */
    errors: jsonb('errors').$type<{ line: number; sku: string; message: string }[]>().notNull().default([]),
    /** The CSV itself, so an apply runs in the background, on any instance, and resumes after a crash. */
    content: text('content').notNull().default(''),
    /** Images of the uploaded zip by file name, stored as media assets by the dry run: { name: { id, url } }. */
    files: jsonb('files').$type<Record<string, { id: number; url: string }>>().notNull().default({}),
    /** The process applying it (host:pid); with updated_at, whether a crashed apply may be taken over. */
    runner: varchar('runner', { length: 128 }),
    /** What the apply did: created, updated, unchanged. */
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_imports_file_idx').on(t.fileHash, t.id)],
);
