/**
 * Planned publishing of pages (ADR 027): staff set when a page goes public or comes down; a
 * background job, run once per interval across all instances (shared-jobs.server.ts), does it when
 * the time has come, as a version and an audit row by "the schedule", then empties every cache.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { staticPages } from '@/server/db/schema/index';
import { logger } from '@/server/logger';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type JobTarget, scheduleSharedJob } from '@/server/services/shared-jobs.server';
import { type Editor, recordChange } from '../audit';
import { adminLanguages } from '../languages';
import { PAGE_NOT_FOUND, addVersion, ensureBaseline } from './static-pages.server';
import { applyDraft } from './page-drafts.server';

export const PAGE_SCHEDULE_JOB = 'page-schedule';

export interface PageSchedule {
  publish_at: string | null;
  unpublish_at: string | null;
}

/** Plans (or, with null, cancels) a page's publishing and taking down. */
export async function setPageSchedule(
  db: Db,
  editor: Editor,
  id: number,
  input: { publish_at?: string | null; unpublish_at?: string | null },
): Promise<PageSchedule> {
  const result = await transaction(db, async (tx) => {
    const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id)).for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    const publishAt =
      input.publish_at === undefined ? page.publishAt : input.publish_at === null ? null : new Date(input.publish_at);
    const unpublishAt =
      input.unpublish_at === undefined
        ? page.unpublishAt
        : input.unpublish_at === null
          ? null
          : new Date(input.unpublish_at);
    if (publishAt && unpublishAt && unpublishAt <= publishAt) {
      throw new InvalidInputError(localized('admin.api.scheduleOrder'), {
        unpublish_at: [localized('admin.api.scheduleOrder')],
      });
    }
    await tx.update(staticPages).set({ publishAt, unpublishAt }).where(eq(staticPages.id, id));
    const summary = `schedule: up ${publishAt?.toISOString() ?? '–'}, down ${unpublishAt?.toISOString() ?? '–'}`;
    await recordChange(tx, editor, 'static_page', id, 'schedule', summary);
    return { publish_at: publishAt?.toISOString() ?? null, unpublish_at: unpublishAt?.toISOString() ?? null };
  });
  return result;
}

/** One pass: every page whose time has come goes up or comes down. Answers the page ids. */
export async function runPageSchedule(
  db: Db,
  now: Date = new Date(),
): Promise<{ published: number[]; unpublished: number[] }> {
  const dueSoon = sql`(${staticPages.publishAt} <= ${now} or ${staticPages.unpublishAt} <= ${now})`;
  // Nothing due, nothing to read: a shop without languages yet (SEED=none) must not log an error every interval.
  const [anyDue] = await db.select({ id: staticPages.id }).from(staticPages).where(dueSoon).limit(1);
  if (!anyDue) return { published: [], unpublished: [] };
  const languages = await adminLanguages(db);
  const done = await transaction(db, async (tx) => {
    const due = await tx
      .select({
        id: staticPages.id,
        publishAt: staticPages.publishAt,
        unpublishAt: staticPages.unpublishAt,
        draft: staticPages.draft,
      })
      .from(staticPages)
      .where(dueSoon)
      .for('update');
    const published: number[] = [];
    const unpublished: number[] = [];
    for (const page of due) {
      await ensureBaseline(tx, page.id, languages);
      const goesUp = page.publishAt !== null && page.publishAt <= now;
      const comesDown = page.unpublishAt !== null && page.unpublishAt <= now;
      // A page that goes up shows the changes prepared for it (its draft), published with it.
      if (goesUp && !comesDown && page.draft) await applyDraft(tx, page.id, page.draft, languages);
      // Both due (a window that has passed): the page ends down, as it would have.
      const set = {
        ...(goesUp && { publishAt: null, published: true }),
        ...(comesDown && { unpublishAt: null, published: false }),
        updatedAt: sql`now()`,
      };
      await tx.update(staticPages).set(set).where(eq(staticPages.id, page.id));
      const action = comesDown ? 'unpublished' : 'published';
      await addVersion(tx, page.id, null, 'schedule', `${action} as planned`, languages);
      await recordChange(tx, null, 'static_page', page.id, 'schedule', `${action} as planned`);
      (comesDown ? unpublished : published).push(page.id);
    }
    return { published, unpublished };
  });
  if (done.published.length + done.unpublished.length > 0) {
    logger.info(done, 'scheduled page changes');
    contentChanged(db, 'content');
  }
  return done;
}

export function startPageSchedule(target: JobTarget, intervalMs: number): () => Promise<void> {
  return scheduleSharedJob(target, { name: PAGE_SCHEDULE_JOB, intervalMs }, () => runPageSchedule(target.db));
}
