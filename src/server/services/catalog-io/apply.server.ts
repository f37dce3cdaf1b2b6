/**
 * Applying a checked catalogue import (ADR 026): the rows in batches, each batch one transaction
 * that also moves the import's `applied_rows`, so a crash loses at most the batch in flight and a
 * new apply of the same import continues after the last committed batch. One process applies an
 * import at a time: the apply claims the row (runner, updated_at), and a claim older than
 * STALE_SECONDS without progress is a crashed apply that another may take over.
 */
import { applyAttributeTexts } from './apply-attribute-texts.server';
import { applyCurrencyPrices } from './apply-currency-prices.server';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { hostname } from 'node:os';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { catalogImports } from '@/server/db/schema/index';
import { ConflictError, NotFoundError } from '../errors';
import { contentChanged } from '../content-changed';
import { type Editor, recordChange } from '../admin/audit';
import { adminLanguages } from '../admin/languages';
import { type Counts, applyProductRows, applyVariationRows } from './apply-batch.server';
import { type ImportState, getImport, importLanguages, importState, stateColumns } from './check.server';
import type { ProductRow, VariationRow } from './format';
import { readCatalogCsv } from './read';

export const DEFAULT_BATCH = 500;
export const STALE_SECONDS = 30;
const RUNNER = `${hostname()}:${process.pid}`.slice(0, 128);

export const IMPORT_NOT_FOUND = localized('admin.api.importNotFound');

export interface ApplyOptions {
  editor: Editor | null;
  batchSize?: number;
  onProgress?: (state: ImportState) => void;
  /** Tests: stop (as a crash would) after this many batches. */
  stopAfterBatches?: number;
}

/** The imports this process is applying now: its own claim is only taken over after a stop. */
const running = new Set<number>();
const BUSY = localized('admin.api.importBusy');

/** Claims the import for this process, or says why not. */
async function claim(db: Db, id: number) {
  if (running.has(id)) throw new ConflictError(BUSY);
  running.add(id);
  try {
    return await claimRow(db, id);
  } catch (error) {
    running.delete(id);
    throw error;
  }
}

async function claimRow(db: Db, id: number) {
  const [claimed] = await db
    .update(catalogImports)
    .set({ status: 'applying', runner: RUNNER, updatedAt: sql`now()` })
    .where(
      and(
        eq(catalogImports.id, id),
        eq(catalogImports.errorCount, 0),
        or(
          inArray(catalogImports.status, ['checked', 'failed']),
          and(
            eq(catalogImports.status, 'applying'),
            or(
              eq(catalogImports.runner, RUNNER),
              sql`${catalogImports.updatedAt} < now() - make_interval(secs => ${STALE_SECONDS})`,
            ),
          ),
        ),
      ),
    )
    .returning({ ...stateColumns, content: catalogImports.content });
  if (claimed) return claimed;
  const state = await getImport(db, id);
  if (!state) throw new NotFoundError(IMPORT_NOT_FOUND);
  if (state.error_count > 0)
    throw new ConflictError(localized('admin.api.dryRunProblems', { count: state.error_count }));
  if (state.status === 'done') throw new ConflictError(localized('admin.api.importApplied'));
  throw new ConflictError(BUSY);
}

/** Applies the import and answers when it is done (the CLI, tests). */
export async function applyImport(db: Db, id: number, options: ApplyOptions): Promise<ImportState> {
  return runApply(db, id, await claim(db, id), options);
}

/**
 * Claims the import now (a refusal is the caller's answer) and applies it in the background: the
 * page polls the import's progress. `done` settles when the last batch is in.
 */
export async function beginApply(
  db: Db,
  id: number,
  options: ApplyOptions,
): Promise<{ state: ImportState; done: Promise<ImportState> }> {
  const row = await claim(db, id);
  const { content: _content, ...state } = row;
  return { state: importState(state), done: runApply(db, id, row, options) };
}

async function runApply(
  db: Db,
  id: number,
  row: Awaited<ReturnType<typeof claim>>,
  options: ApplyOptions,
): Promise<ImportState> {
  const languages = await adminLanguages(db);
  const ctx = {
    defaultLanguage: languages.default.code,
    languageIds: new Map(languages.all.map((l) => [l.code, l.id])),
    files: row.files,
  };
  const read = readCatalogCsv(row.content, await importLanguages(db));
  const size = options.batchSize ?? DEFAULT_BATCH;
  const summary: Record<string, number> = { ...row.summary };
  let applied = row.appliedRows;
  let batches = 0;
  try {
    while (applied < read.rows.length) {
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches)
        return (await getImport(db, id))!;
      const batch = read.rows.slice(applied, applied + size);
      const next = applied + batch.length;
      await transaction(db, async (tx) => {
        // Progress first, as a compare-and-set on the locked row: a batch is applied once even if a
        // stalled apply and the one that took it over both reach it.
        const [mine] = await tx
          .update(catalogImports)
          .set({ appliedRows: next, updatedAt: sql`now()` })
          .where(
            and(eq(catalogImports.id, id), eq(catalogImports.runner, RUNNER), eq(catalogImports.appliedRows, applied)),
          )
          .returning({ id: catalogImports.id });
        if (!mine) throw new ConflictError(BUSY);
        const done: Counts[] = [
          await applyProductRows(
            tx,
            batch.filter((r): r is ProductRow => r.kind === 'product'),
            ctx,
          ),
          await applyVariationRows(
            tx,
            batch.filter((r): r is VariationRow => r.kind === 'variation'),
          ),
        ];
        await applyAttributeTexts(
          tx,
          batch.filter((r): r is VariationRow => r.kind === 'variation'),
          ctx.languageIds,
        );
        await applyCurrencyPrices(tx, batch);
        for (const c of done) for (const [key, n] of Object.entries(c)) summary[key] = (summary[key] ?? 0) + n;
        await tx.update(catalogImports).set({ summary }).where(eq(catalogImports.id, id));
      });
      applied = next;
      batches++;
      options.onProgress?.((await getImport(db, id))!);
    }
    const [finished] = await db
      .update(catalogImports)
      .set({ status: 'done', runner: null, updatedAt: sql`now()` })
      .where(eq(catalogImports.id, id))
      .returning(stateColumns);
    await recordChange(
      db,
      options.editor,
      'catalog_import',
      id,
      'apply',
      `${row.fileName}: ${summary.created ?? 0} created, ${summary.updated ?? 0} updated, ${summary.unchanged ?? 0} unchanged`,
    );
    return importState(finished!);
  } catch (error) {
    // Only this process's claim turns into "failed"; one that was taken over is the other's now.
    await db
      .update(catalogImports)
      .set({ status: 'failed', runner: null, updatedAt: sql`now()` })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.runner, RUNNER)));
    throw error;
  } finally {
    running.delete(id);
    // Whatever was committed is in the shop: every instance drops its caches.
    if (batches > 0) await contentChanged(db);
  }
}
