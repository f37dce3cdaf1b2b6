/**
 * Drafts of a blocks page (issue 17, ADR 027) on a real database (both engines with
 * TEST_DATABASE_URL): saving a draft leaves the public page and its versions alone, the preview
 * shows it, publishing applies it as one version, discarding drops it, the schedule publishes it
 * with the page, restoring a version drops it; parallel saves of different parts lose nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages, staticPageTranslations, staticPages } from '@/server/db/schema/index';
import { invalidateShopBasics } from '@/server/services/request-context';
import { pageBlocks } from '@/server/services/page-blocks.server';
import { runPageSchedule } from '@/server/services/admin/content/page-schedule.server';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'drafts');
let fx: FixtureCatalog;
let editor: ApiSession;
let pageId: number;
let frId: number;

const hero = (heading: string) => ({
  id: 'hero',
  v: 1,
  type: 'hero',
  heading,
  text: 'Tents for long days',
  image: null,
  button: null,
});
const url = (suffix = '') => `/api/admin/static-pages/${pageId}${suffix}`;
const versions = async () => (await editor.get(url('/versions'))).body.payload as { version: number; action: string }[];
const live = async (language = fx.lang.en) => (await pageBlocks(db(), pageId, language))?.[0];
const previewed = async (language: number, code: string) =>
  (await pageBlocks(db(), pageId, language, { draft: { languageCode: code } }))?.[0];

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  const [fr] = await db().insert(languages).values({ code: 'fr', title: 'Français', position: 2 }).returning();
  frId = fr!.id;
  invalidateShopBasics();
  editor = (await h.signedIn('editor')).session;
  const [page] = await db()
    .insert(staticPages)
    .values({ slug: 'camp', title: 'Camp', content: '<p>Soon</p>', published: true })
    .returning();
  pageId = page!.id;
  expect((await editor.put(url('/blocks'), { layout: 'blocks', blocks: [hero('Summer camp')] })).status).toBe(200);
});

describe('page drafts', () => {
  it('saving a draft changes neither the public page nor the versions; the preview and the editor see it', async () => {
    const before = (await versions()).length;
    const saved = await editor.put(url('/draft'), { blocks: [hero('Winter camp')] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Draft saved. Visitors see the published page until you publish.');
    expect(saved.body.payload).toMatchObject({
      layout: 'blocks',
      blocks: [{ heading: 'Winter camp' }],
      block_texts: {},
    });
    const de = await editor.put(url('/draft'), {
      language_id: fx.lang.de,
      texts: { hero: { heading: 'Wintercamp', text: ' ' } },
    });
    expect(de.body.payload.block_texts).toEqual({ de: { hero: { heading: 'Wintercamp' } } });

    expect(await live()).toMatchObject({ heading: 'Summer camp' });
    expect(await live(fx.lang.de)).toMatchObject({ heading: 'Summer camp' });
    expect(await previewed(fx.lang.en, 'en')).toMatchObject({ heading: 'Winter camp' });
    expect(await previewed(fx.lang.de, 'de')).toMatchObject({ heading: 'Wintercamp', text: 'Tents for long days' });
    expect((await versions()).length).toBe(before);
    expect((await editor.get(url('/blocks'))).body.payload.draft).toMatchObject({
      blocks: [{ heading: 'Winter camp' }],
    });
    const unknown = await editor.put(url('/draft'), { language_id: fx.lang.de, texts: { nope: { heading: 'x' } } });
    expect(unknown.body.message).toBe('The page has no block nope.');
  });

  it('publishing applies the draft as one version; a second publish has nothing to do', async () => {
    const published = await editor.post(url('/draft/publish'));
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.message).toBe('Changes published.');
    expect(await live()).toMatchObject({ heading: 'Winter camp' });
    expect(await live(fx.lang.de)).toMatchObject({ heading: 'Wintercamp' });
    expect((await versions())[0]).toMatchObject({ action: 'publish draft' });
    const [row] = await db().select({ draft: staticPages.draft }).from(staticPages).where(eq(staticPages.id, pageId));
    expect(row!.draft).toBeNull();
    const again = await editor.post(url('/draft/publish'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This page has no unpublished changes.');
  });

  it('discarding drops the draft and leaves the page as published', async () => {
    await editor.put(url('/draft'), { blocks: [hero('Autumn camp')] });
    const discarded = await editor.delete(url('/draft'));
    expect(discarded.status).toBe(200);
    expect(discarded.body.message).toBe('Draft discarded.');
    expect(await previewed(fx.lang.en, 'en')).toMatchObject({ heading: 'Winter camp' });
    expect((await editor.delete(url('/draft'))).status).toBe(409);
  });

  it('parallel saves of the blocks and of two languages lose none of them', async () => {
    const answers = await Promise.all([
      editor.put(url('/draft'), { language_id: fx.lang.de, texts: { hero: { heading: 'Herbstcamp' } } }),
      editor.put(url('/draft'), { language_id: frId, texts: { hero: { heading: "Camp d'automne" } } }),
      editor.put(url('/draft'), { blocks: [hero('Autumn camp')] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const { draft } = (await editor.get(url('/blocks'))).body.payload;
    expect(draft.blocks[0].heading).toBe('Autumn camp');
    expect(draft.block_texts).toEqual({
      de: { hero: { heading: 'Herbstcamp' } },
      fr: { hero: { heading: "Camp d'automne" } },
    });
  });

  it('the schedule publishes the draft with the page; restoring a version drops a draft', async () => {
    await db().update(staticPages).set({ published: false }).where(eq(staticPages.id, pageId));
    expect((await editor.put(url('/schedule'), { publish_at: new Date(Date.now() - 1000).toISOString() })).status).toBe(
      200,
    );
    const done = await runPageSchedule(db());
    expect(done.published).toContain(pageId);
    expect(await live()).toMatchObject({ heading: 'Autumn camp' });
    expect(await live(frId)).toMatchObject({ heading: "Camp d'automne" });
    const [row] = await db()
      .select({ draft: staticPages.draft, published: staticPages.published })
      .from(staticPages)
      .where(eq(staticPages.id, pageId));
    expect(row).toEqual({ draft: null, published: true });

    await editor.put(url('/draft'), { blocks: [hero('Spring camp')] });
    const older = (await versions()).find((v) => v.action === 'publish draft')!;
    expect((await editor.post(url(`/versions/${older.version}/restore`))).status).toBe(200);
    expect(await live()).toMatchObject({ heading: 'Winter camp' });
    expect((await editor.get(url('/blocks'))).body.payload.draft).toBeNull();
  });
});

describe('building an HTML page from blocks (issue 30)', () => {
  it("turns the page's text into a first rich-text block per language, in the draft only", async () => {
    const [about] = await db()
      .insert(staticPages)
      .values({ slug: 'about-camp', title: 'About', content: '<p>We <strong>camp</strong>.</p>', published: true })
      .returning();
    await db()
      .insert(staticPageTranslations)
      .values({ pageId: about!.id, languageId: frId, title: 'À propos', content: '<p>Nous campons.</p>' });
    const saved = await editor.put(`/api/admin/static-pages/${about!.id}/draft`, { layout: 'blocks', blocks: [] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await db().select().from(staticPages).where(eq(staticPages.id, about!.id));
    expect(row!.layout).toBe('html');
    expect(row!.blocks).toEqual([]);
    expect(row!.draft).toMatchObject({
      layout: 'blocks',
      blocks: [{ id: 'rich-text-1', v: 1, type: 'rich_text', html: '<p>We <strong>camp</strong>.</p>' }],
      block_texts: { fr: { 'rich-text-1': { html: '<p>Nous campons.</p>' } } },
    });
    // Published, the block carries the text in each language.
    expect((await editor.post(`/api/admin/static-pages/${about!.id}/draft/publish`)).status).toBe(200);
    expect((await pageBlocks(db(), about!.id, fx.lang.en))?.[0]).toMatchObject({
      type: 'rich_text',
      html: '<p>We <strong>camp</strong>.</p>',
    });
    expect((await pageBlocks(db(), about!.id, frId))?.[0]).toMatchObject({ html: '<p>Nous campons.</p>' });
  });
});
