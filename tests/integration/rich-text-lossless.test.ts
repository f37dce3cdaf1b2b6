import { createDocument, getSchema } from '@tiptap/core';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorHtml, richTextExtensions } from '@/features/admin/page-editor/rich-text-schema';
import {
  faqs,
  faqTranslations,
  products,
  productTranslations,
  staticPages,
  staticPageTranslations,
} from '@/server/db/schema';
import { sanitizeHtml } from '@/server/services/html';
import { useTestDatabase } from '../helpers/db';

/**
 * Issue 30: every formatted text of the demo shop opens in the rich-text editor and, saved
 * unchanged, is stored exactly as before: what the editor hands back goes through the same
 * sanitiser the save does, and must equal the sanitised text it was given.
 */
const database = useTestDatabase({ seed: 'demo' });

const schema = getSchema(richTextExtensions());

/**
 * What the editor does on opening a text and on saving it (Editor's createDocument and getHTML),
 * on happy-dom's DOM lent to TipTap for this file only: the database harness needs Node's URL.
 */
function openAndSave(html: string): string {
  return sanitizeHtml(editorHtml(createDocument(html, schema), schema));
}

const dom = new Window();
const globals = globalThis as unknown as Record<string, unknown>;
beforeAll(() => {
  globals.window = dom;
  globals.document = dom.document;
});
afterAll(async () => {
  delete globals.window;
  delete globals.document;
  await dom.happyDOM.close();
});

async function seededTexts(): Promise<{ where: string; html: string }[]> {
  const { db } = database();
  const [pages, pageTexts, faqRows, faqTexts, productRows, productTexts] = await Promise.all([
    db.select({ id: staticPages.id, html: staticPages.content }).from(staticPages),
    db
      .select({
        id: staticPageTranslations.pageId,
        lang: staticPageTranslations.languageId,
        html: staticPageTranslations.content,
      })
      .from(staticPageTranslations),
    db.select({ id: faqs.id, html: faqs.content }).from(faqs),
    db
      .select({ id: faqTranslations.faqId, lang: faqTranslations.languageId, html: faqTranslations.content })
      .from(faqTranslations),
    db.select({ id: products.id, html: products.description }).from(products),
    db
      .select({
        id: productTranslations.productId,
        lang: productTranslations.languageId,
        html: productTranslations.description,
      })
      .from(productTranslations),
  ]);
  return [
    ...pages.map((r) => ({ where: `page ${r.id}`, html: r.html })),
    ...pageTexts.map((r) => ({ where: `page ${r.id} language ${r.lang}`, html: r.html })),
    ...faqRows.map((r) => ({ where: `faq ${r.id}`, html: r.html })),
    ...faqTexts.map((r) => ({ where: `faq ${r.id} language ${r.lang}`, html: r.html })),
    ...productRows.map((r) => ({ where: `product ${r.id}`, html: r.html })),
    ...productTexts.map((r) => ({ where: `product ${r.id} language ${r.lang}`, html: r.html })),
  ];
}

describe('the rich-text editor opens the seeded texts losslessly', () => {
  it('gives back every page, FAQ answer and product description as it was', async () => {
    const texts = (await seededTexts()).filter((t) => t.html.trim() !== '');
    expect(texts.some((t) => t.where.startsWith('page'))).toBe(true);
    expect(texts.some((t) => t.where.startsWith('faq'))).toBe(true);
    expect(texts.some((t) => t.where.startsWith('product'))).toBe(true);
    const changed = texts
      .map((t) => ({ where: t.where, before: sanitizeHtml(t.html), after: openAndSave(sanitizeHtml(t.html)) }))
      .filter((t) => t.before !== t.after);
    expect(changed.slice(0, 3)).toEqual([]);
    expect(changed.length).toBe(0);
  });
});
