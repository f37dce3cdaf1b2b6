/** FAQs for editors: base row in the default language, faq_translations for the others. */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { faqs, faqTranslations } from '@/server/db/schema/index';
import { NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { sanitizeHtml } from '@/server/services/html';
import { type Editor, changedFields, definedOnly, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';

export interface FaqFields {
  is_popular?: boolean;
  published?: boolean;
  position?: number;
}
export interface FaqPatch extends FaqFields {
  language_id?: number;
  title?: string;
  content?: string;
}

export const FAQ_NOT_FOUND = localized('admin.api.faqNotFound');

export async function listAdminFaqs(db: Db) {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
  return rows.map((f) => ({
    id: f.id,
    title: f.title,
    is_popular: f.isPopular,
    published: f.published,
    position: f.position,
  }));
}

export async function getAdminFaq(db: Db, id: number) {
  const [faq] = await db.select().from(faqs).where(eq(faqs.id, id));
  if (!faq) return null;
  const languages = await adminLanguages(db);
  const translations = await db.select().from(faqTranslations).where(eq(faqTranslations.faqId, id));
  return {
    id: faq.id,
    is_popular: faq.isPopular,
    published: faq.published,
    position: faq.position,
    texts: languages.all.map((l) => {
      const own = l.id === languages.default.id ? faq : translations.find((t) => t.languageId === l.id);
      return {
        language_id: l.id,
        code: l.code,
        title: own?.title || faq.title,
        content: own?.content || faq.content,
        own: Boolean(own && (own.title || own.content)),
      };
    }),
  };
}

export async function createFaq(db: Db, editor: Editor, input: FaqFields & { title: string; content: string }) {
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(faqs)
      .values({
        title: input.title,
        content: sanitizeHtml(input.content),
        isPopular: input.is_popular ?? false,
        published: input.published ?? true,
        position: input.position ?? 0,
      })
      .returning({ id: faqs.id });
    await recordChange(tx, editor, 'faq', row!.id, 'create', input.title);
    return row!.id;
  });
  contentChanged(db, 'content');
  return (await getAdminFaq(db, id))!;
}

export async function updateFaq(db: Db, editor: Editor, id: number, patch: FaqPatch) {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, patch.language_id);
  const content = patch.content === undefined ? undefined : sanitizeHtml(patch.content);
  await transaction(db, async (tx) => {
    const [faq] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
    if (!faq) throw new NotFoundError(FAQ_NOT_FOUND);
    const isDefault = language.id === languages.default.id;
    const base = definedOnly({
      ...(isDefault && { title: patch.title, content }),
      isPopular: patch.is_popular,
      published: patch.published,
      position: patch.position,
    });
    if (Object.keys(base).length) await tx.update(faqs).set(base).where(eq(faqs.id, id));
    if (!isDefault && (patch.title !== undefined || content !== undefined)) {
      await tx
        .insert(faqTranslations)
        .values({
          faqId: id,
          languageId: language.id,
          title: patch.title ?? faq.title,
          content: content ?? faq.content,
        })
        .onConflictDoUpdate({
          target: [faqTranslations.faqId, faqTranslations.languageId],
          set: { ...(patch.title !== undefined && { title: patch.title }), ...(content !== undefined && { content }) },
        });
    }
    await recordChange(
      tx,
      editor,
      'faq',
      id,
      'update',
      `${language.code}: ${changedFields({ ...patch, language_id: undefined })}`,
    );
  });
  contentChanged(db, 'content');
  return (await getAdminFaq(db, id))!;
}

export async function deleteFaq(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [gone] = await tx.delete(faqs).where(eq(faqs.id, id)).returning({ title: faqs.title });
    if (!gone) throw new NotFoundError(FAQ_NOT_FOUND);
    await recordChange(tx, editor, 'faq', id, 'delete', gone.title);
  });
  contentChanged(db, 'content');
}
