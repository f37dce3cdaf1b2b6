/**
 * Planned publishing and preview links of pages (issue 17, ADR 027) on a real database (both
 * engines with TEST_DATABASE_URL): the schedule job puts pages up and takes them down when their
 * time comes, as versions; preview tokens open one page until they expire and cannot be forged.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { staticPages, staticPageVersions } from '@/server/db/schema/index';
import { previewToken, previewedPage } from '@/server/services/admin/content/page-preview.server';
import { runPageSchedule } from '@/server/services/admin/content/page-schedule.server';
import { getStaticPage } from '@/server/services/content';
import { useTestDatabase } from '../helpers/db';
import { insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let editor: ApiSession;
let en: number;

beforeAll(async () => {
  en = (await insertFixtureCatalog(db())).lang.en;
  editor = (await staffOrders(api, db, 'schedule').signedIn('editor')).session;
});

async function newPage(slug: string, published: boolean) {
  const [page] = await db()
    .insert(staticPages)
    .values({ slug, title: slug, content: '<p>x</p>', published })
    .returning();
  return page!.id;
}

describe('the page schedule', () => {
  it('puts a page up and takes it down when the time comes, each as a version', async () => {
    const id = await newPage('winter-sale', false);
    const saved = await editor.put(`/api/admin/static-pages/${id}/schedule`, {
      publish_at: '2030-01-01T08:00:00+01:00',
      unpublish_at: '2030-01-31T23:00:00Z',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload).toEqual({
      publish_at: '2030-01-01T07:00:00.000Z',
      unpublish_at: '2030-01-31T23:00:00.000Z',
    });
    expect(await runPageSchedule(db(), new Date('2029-12-31T23:59:00Z'))).toEqual({ published: [], unpublished: [] });
    expect(await getStaticPage(db(), en, 'winter-sale')).toBeNull();
    expect(await runPageSchedule(db(), new Date('2030-01-01T07:00:00Z'))).toEqual({ published: [id], unpublished: [] });
    expect((await getStaticPage(db(), en, 'winter-sale'))?.id).toBe(id);
    // Once only: the plan is used up.
    expect((await runPageSchedule(db(), new Date('2030-01-02T00:00:00Z'))).published).toEqual([]);
    expect(await runPageSchedule(db(), new Date('2030-02-01T00:00:00Z'))).toEqual({ published: [], unpublished: [id] });
    expect(await getStaticPage(db(), en, 'winter-sale')).toBeNull();
    const versions = await db().select().from(staticPageVersions).where(eq(staticPageVersions.pageId, id));
    expect(versions.map((v) => [v.action, v.summary])).toEqual([
      ['original', 'State before the first edit'],
      ['schedule', 'published as planned'],
      ['schedule', 'unpublished as planned'],
    ]);
  });

  it('refuses a taking down before the putting up, and times without an offset', async () => {
    const id = await newPage('bad-plan', false);
    const backwards = await editor.put(`/api/admin/static-pages/${id}/schedule`, {
      publish_at: '2030-02-01T00:00:00Z',
      unpublish_at: '2030-01-01T00:00:00Z',
    });
    expect(backwards.body.errors).toEqual({ unpublish_at: ['The page must come down after it goes up.'] });
    const local = await editor.put(`/api/admin/static-pages/${id}/schedule`, { publish_at: '2030-02-01 08:00' });
    expect(local.body.errors).toEqual({
      publish_at: ['A time is an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.'],
    });
  });

  it('runs once when two instances reach it at the same time', async () => {
    const id = await newPage('race-plan', false);
    await db()
      .update(staticPages)
      .set({ publishAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(staticPages.id, id));
    const both = await Promise.all([runPageSchedule(db()), runPageSchedule(db())]);
    expect(both.flatMap((r) => r.published).filter((p) => p === id)).toEqual([id]);
  });
});

describe('preview links', () => {
  it('open the unpublished page they were made for, until they expire', async () => {
    const id = await newPage('secret-launch', false);
    const link = await editor.post(`/api/admin/static-pages/${id}/preview-link`, { hours: 2 });
    expect(link.status).toBe(201);
    expect(link.body.payload.url).toMatch(/^\/static-page\/secret-launch\?preview=\d+\.\d+\.[\w-]{43}$/);
    const token = new URL(link.body.payload.url, 'http://x').searchParams.get('preview');
    expect(await previewedPage(db(), token)).toBe(id);
    expect(await previewedPage(db(), token, new Date(Date.now() + 3 * 3_600_000))).toBeNull();
    const other = await newPage('other-page', false);
    const forged = token!.replace(/^\d+/, String(other));
    expect(await previewedPage(db(), forged)).toBeNull();
    expect(
      await previewedPage(db(), `${id}.${Math.floor(Date.now() / 1000) + 999_999}.${token!.split('.')[2]}`),
    ).toBeNull();
    expect(await previewedPage(db(), await previewToken(db(), id, new Date(Date.now() - 1000)))).toBeNull();
    expect(await previewedPage(db(), "1' or '1'='1")).toBeNull();
    expect((await editor.post('/api/admin/static-pages/999999/preview-link', {})).status).toBe(404);
    expect((await editor.post(`/api/admin/static-pages/${id}/preview-link`, { hours: 500 })).body.message).toBe(
      'A preview link lasts 1 to 168 hours.',
    );
  });
});
