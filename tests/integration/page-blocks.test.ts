/**
 * Pages built from blocks (issue 17, ADR 027) on a real database (both engines with
 * TEST_DATABASE_URL): editors save a page's blocks and another language's texts, each a new
 * version; the page reads in a language with per-field fallback; stored rich text never carries
 * an active XSS vector; references are checked; restore brings the HTML page back.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { staticPageSchema } from '@/lib/contract/content';
import { faqs, mediaAssets, staticPages } from '@/server/db/schema/index';
import { storeUpload } from '@/server/media/assets.server';
import { loadBlockData, pageBlocks } from '@/server/services/page-blocks.server';
import { pageSeo } from '@/server/services/admin/content/page-seo.server';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';
import { XSS_VECTORS, isActive } from '../helpers/xss-vectors';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'blocks');
let fx: FixtureCatalog;
let editor: ApiSession;
let pageId: number;
let assetId: number;
let faqId: number;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  editor = (await h.signedIn('editor')).session;
  const [page] = await db()
    .insert(staticPages)
    .values({ slug: 'summer-sale', title: 'Summer sale', content: '<p>Old HTML page</p>' })
    .returning();
  pageId = page!.id;
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f4e' } })
    .jpeg()
    .toBuffer();
  assetId = (await storeUpload(db(), new Uint8Array(photo), { originalName: 'hero.jpg' })).id;
  const [faq] = await db()
    .insert(faqs)
    .values({ title: 'How long does delivery take?', content: '<p>Two to four days.</p>' })
    .returning();
  faqId = faq!.id;
});

const blocks = () => [
  {
    id: 'hero',
    v: 1,
    type: 'hero',
    heading: 'Summer sale',
    text: 'Up to 40 % off tents',
    image: { asset_id: assetId },
    button: { label: 'Shop the sale', href: '/products/all/all?sale=1' },
  },
  { id: 'intro', v: 1, type: 'rich_text', html: '<p>Read the <a href="/static-page/terms">terms</a>.</p>' },
  { id: 'grid', v: 1, type: 'product_grid', heading: 'On sale now', source: { kind: 'sale' }, count: 2 },
  { id: 'faq', v: 1, type: 'faq', heading: 'Questions', faq_ids: [faqId] },
  { id: 'gap', v: 1, type: 'spacer', size: 'm', divider: true, hidden: true },
];
const url = (suffix = '') => `/api/admin/static-pages/${pageId}${suffix}`;

describe('saving blocks', () => {
  it('is for editors: staff and guests are refused', async () => {
    expect((await createApiSession(api).put(url('/blocks'), { layout: 'blocks' })).status).toBe(401);
    expect((await (await h.signedIn('staff')).session.put(url('/blocks'), { layout: 'blocks' })).status).toBe(403);
  });

  it('switches the page to blocks, renders them in the default language and keeps a version', async () => {
    const saved = await editor.put(url('/blocks'), { layout: 'blocks', blocks: blocks() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Blocks saved.');
    const en = (await pageBlocks(db(), pageId, fx.lang.en))!;
    expect(en.map((b) => b.id)).toEqual(['hero', 'intro', 'grid', 'faq']);
    const data = await loadBlockData(db(), en, { languageId: fx.lang.en, currency: { code: 'EUR', value: '1' } });
    expect(data.photos.get(assetId)).toMatchObject({
      width: 1600,
      height: 900,
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\/\d+\.jpg$/),
    });
    expect(data.products.get('grid')!.map((p) => p.old_price !== null)).toEqual([true, true]);
    expect(data.faqs.get(faqId)).toEqual({
      title: 'How long does delivery take?',
      content: '<p>Two to four days.</p>',
    });
    const versions = await editor.get(url('/versions'));
    expect(versions.body.payload[0]).toMatchObject({ action: 'blocks', summary: 'layout blocks; blocks' });
  });

  it('lays German texts over the blocks field by field, and refuses texts of blocks the page does not have', async () => {
    const de = await editor.put(url('/block-texts'), {
      language_id: fx.lang.de,
      texts: {
        hero: { heading: 'Sommerschlussverkauf', 'button.label': 'Zum Sale', 'button.href': 'javascript:alert(1)' },
      },
    });
    expect(de.status, JSON.stringify(de.body)).toBe(200);
    const [hero] = (await pageBlocks(db(), pageId, fx.lang.de))!;
    expect(hero).toMatchObject({
      heading: 'Sommerschlussverkauf',
      text: 'Up to 40 % off tents',
      button: { label: 'Zum Sale', href: '/products/all/all?sale=1' },
    });
    const stored = await editor.get(url('/blocks'));
    expect(stored.body.payload.texts).toEqual({
      de: { hero: { heading: 'Sommerschlussverkauf', 'button.label': 'Zum Sale' } },
    });
    const unknown = await editor.put(url('/block-texts'), {
      language_id: fx.lang.de,
      texts: { nope: { heading: 'x' } },
    });
    expect(unknown.body.message).toBe('The page has no block nope.');
    const own = await editor.put(url('/block-texts'), { language_id: fx.lang.en, texts: {} });
    expect(own.body.message).toBe("The default language's texts are inside the blocks: save the blocks.");
  });

  it('never keeps an active XSS vector in rich text, in any language', async () => {
    const html = XSS_VECTORS.join('\n');
    expect(
      (
        await editor.put(url('/blocks'), {
          blocks: [...blocks().slice(0, 1), { id: 'intro', v: 1, type: 'rich_text', html }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await editor.put(url('/block-texts'), { language_id: fx.lang.de, texts: { intro: { html } } })).status,
    ).toBe(200);
    for (const language of [fx.lang.en, fx.lang.de]) {
      const rich = (await pageBlocks(db(), pageId, language))!.find((b) => b.type === 'rich_text')!;
      expect(isActive((rich as { html: string }).html)).toBe(false);
    }
  });

  it('checks what the blocks point at', async () => {
    const missingPhoto = await editor.put(url('/blocks'), {
      blocks: [{ ...blocks()[0], image: { asset_id: 999_999 } }],
    });
    expect(missingPhoto.body.message).toBe(
      'An image of a block was not found: choose it again from the media library.',
    );
    const missingFaq = await editor.put(url('/blocks'), {
      blocks: [{ id: 'faq', v: 1, type: 'faq', heading: 'Q', faq_ids: [999_999] }],
    });
    expect(missingFaq.body.message).toBe('A question of an FAQ block was not found.');
    const badLink = await editor.put(url('/blocks'), {
      blocks: [{ ...blocks()[0], button: { label: 'x', href: 'javascript:alert(1)' } }],
    });
    expect(badLink.status).toBe(422);
    expect(badLink.body.errors['blocks.0.button.href']).toEqual([
      'A link must be a path on this shop (starting with /) or an https:// address.',
    ]);
  });

  it('keeps search and sharing texts per language with fallback, the sharing photo and noindex', async () => {
    const en = await editor.put(url('/seo'), {
      meta_title: 'Summer sale: tents and packs',
      meta_description: 'Up to 40 % off tents and packs until August.',
      og_asset_id: assetId,
    });
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    await editor.put(url('/seo'), {
      language_id: fx.lang.de,
      meta_description: 'Bis zu 40 % auf Zelte und Rucksäcke.',
    });
    const de = await pageSeo(db(), pageId, 'de', 'en');
    expect(de).toEqual({
      title: 'Summer sale: tents and packs',
      description: 'Bis zu 40 % auf Zelte und Rucksäcke.',
      image: expect.stringMatching(/^\/media\/[0-9a-f]{64}\/og\.jpg$/),
      noindex: false,
    });
    await editor.put(url('/seo'), { noindex: true });
    expect((await pageSeo(db(), pageId, 'en', 'en')).noindex).toBe(true);
    const long = await editor.put(url('/seo'), { meta_title: 'x'.repeat(71) });
    expect(long.body.errors.meta_title).toEqual([
      'The meta title may have at most 70 characters (search results show about 60).',
    ]);
    expect((await editor.put(url('/seo'), { og_asset_id: 999_999 })).body.message).toBe(
      'The sharing photo was not found: choose it again.',
    );
  });

  it('restores the HTML page from before the blocks', async () => {
    const versions = (await editor.get(url('/versions'))).body.payload as { version: number; action: string }[];
    const original = versions.find((v) => v.action === 'original')!;
    expect((await editor.post(url(`/versions/${original.version}/restore`))).status).toBe(200);
    const [page] = await db().select().from(staticPages).where(eq(staticPages.id, pageId));
    expect(page).toMatchObject({ layout: 'html', blocks: [], content: '<p>Old HTML page</p>' });
    expect(await pageBlocks(db(), pageId, fx.lang.en)).toBeNull();
    // And forward again: the blocks version comes back with its German texts.
    const withBlocks = [...versions].reverse().find((v) => v.action === 'translate')!;
    await editor.post(url(`/versions/${withBlocks.version}/restore`));
    expect((await pageBlocks(db(), pageId, fx.lang.de))![0]).toMatchObject({ heading: 'Sommerschlussverkauf' });
  });
});

describe('GET /api/static-pages/:idOrSlug for a blocks page', () => {
  it('answers the layout and the blocks shown in the requested language, per-field fallback, rich text sanitised', async () => {
    const saved = await editor.put(url('/blocks'), { layout: 'blocks', blocks: blocks() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const de = await editor.put(url('/block-texts'), {
      language_id: fx.lang.de,
      texts: {
        hero: { heading: 'Sommerschlussverkauf' },
        intro: { html: '<p>Lies die <a href="/static-page/terms">AGB</a>.</p><img src=x onerror="alert(1)">' },
      },
    });
    expect(de.status, JSON.stringify(de.body)).toBe(200);

    const res = await api.request(`/api/static-pages/summer-sale?lang_id=${fx.lang.de}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payload: Record<string, unknown> };
    expect(body.payload).toMatchObject({ id: pageId, slug: 'summer-sale', title: 'Summer sale', layout: 'blocks' });
    expect(body.payload.blocks).toEqual([
      // The German heading; the text and the button's label fall back to English.
      {
        id: 'hero',
        v: 1,
        type: 'hero',
        heading: 'Sommerschlussverkauf',
        text: 'Up to 40 % off tents',
        image: { asset_id: assetId },
        button: { label: 'Shop the sale', href: '/products/all/all?sale=1' },
      },
      {
        id: 'intro',
        v: 1,
        type: 'rich_text',
        html: '<p>Lies die <a href="/static-page/terms">AGB</a>.</p><img src="x" />',
      },
      { id: 'grid', v: 1, type: 'product_grid', heading: 'On sale now', source: { kind: 'sale' }, count: 2 },
      { id: 'faq', v: 1, type: 'faq', heading: 'Questions', faq_ids: [faqId] },
      // The hidden spacer is left out.
    ]);
    expect(staticPageSchema.safeParse(body.payload).success).toBe(true);

    // By id, in English: the default language's texts.
    const en = (await (await api.request(`/api/static-pages/${pageId}`)).json()) as {
      payload: { layout: string; blocks: { heading?: string; html?: string }[] };
    };
    expect(en.payload.layout).toBe('blocks');
    expect(en.payload.blocks.map((b) => b.heading ?? b.html)).toEqual([
      'Summer sale',
      '<p>Read the <a href="/static-page/terms">terms</a>.</p>',
      'On sale now',
      'Questions',
    ]);
  });
});

describe('tighter checks on save', () => {
  const LINKED =
    "An image with a link needs an alternative text (here or in the media library): it is the link's name.";
  const image = (over: Record<string, unknown>) => ({
    id: 'img',
    v: 1,
    type: 'image',
    image: { asset_id: assetId },
    alt: '',
    caption: '',
    href: '/products/all/all',
    ...over,
  });

  it("an image with a link needs its own alternative text or its photo's", async () => {
    await db().update(mediaAssets).set({ alt: {} }).where(eq(mediaAssets.id, assetId));
    const bare = await editor.put(url('/blocks'), { blocks: [image({})] });
    expect(bare.status).toBe(422);
    expect(bare.body).toMatchObject({ message: LINKED, errors: { 'blocks.0.alt': [LINKED] } });
    const noPhoto = await editor.put(url('/blocks'), { blocks: [blocks()[0], image({ image: null, alt: '  ' })] });
    expect(noPhoto.body).toMatchObject({ message: LINKED, errors: { 'blocks.1.alt': [LINKED] } });
    // Without a link no text is required (a decorative photo).
    expect((await editor.put(url('/blocks'), { blocks: [image({ href: null })] })).status).toBe(200);
    expect((await editor.put(url('/blocks'), { blocks: [image({ alt: 'Tents in the sun' })] })).status).toBe(200);
    // The photo's text in the default language from the media library is enough.
    await db()
      .update(mediaAssets)
      .set({ alt: { en: 'Tents in the sun', de: 'Zelte' } })
      .where(eq(mediaAssets.id, assetId));
    expect((await editor.put(url('/blocks'), { blocks: [image({})] })).status).toBe(200);
  });

  it('a hero needs a heading', async () => {
    const res = await editor.put(url('/blocks'), { blocks: [{ ...blocks()[0], heading: ' ' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors['blocks.0.heading']).toEqual([
      "A hero needs a heading (it is the page's title when the hero opens it).",
    ]);
  });

  it("another language's texts may be no longer than the default language's", async () => {
    expect((await editor.put(url('/blocks'), { blocks: blocks() })).status).toBe(200);
    const res = await editor.put(url('/block-texts'), {
      language_id: fx.lang.de,
      texts: { hero: { heading: 'x'.repeat(121), 'button.label': 'Zum Sale' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The heading may have at most 120 characters.');
    expect(res.body.errors).toEqual({ 'texts.hero.heading': ['The heading may have at most 120 characters.'] });
    const fits = await editor.put(url('/block-texts'), {
      language_id: fx.lang.de,
      texts: { hero: { heading: 'x'.repeat(120) } },
    });
    expect(fits.status).toBe(200);
  });
});
