/**
 * Static pages for editors (ADR 013): every change runs in one transaction that also stores the
 * page's full new state as a numbered version and an audit row; contentChanged runs after the
 * commit so the next public request reads the new text. Renamed slugs leave a redirect behind.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  type StaticPageSnapshot,
  staticPageRedirects,
  staticPages,
  staticPageTranslations,
  staticPageVersions,
  users,
} from '@/server/db/schema/index';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { sanitizeHtml } from '@/server/services/html';
import { type Editor, type Tx, recordChange } from '../audit';
import { type AdminLanguages, adminLanguages, pickLanguage } from '../languages';

export interface PageFields {
  slug?: string;
  is_terms?: boolean;
  is_privacy?: boolean;
  is_cookie?: boolean;
  published?: boolean;
  position?: number;
}

export interface PageTexts {
  /** Default: the default language. */
  language_id?: number;
  title?: string;
  content?: string;
}

export type PagePatch = PageFields & PageTexts;

export interface AdminPageSummary {
  id: number;
  slug: string;
  title: string;
  is_terms: boolean;
  is_privacy: boolean;
  is_cookie: boolean;
  /** The home page's blocks (ADR 027), edited here but shown on / only. */
  is_home: boolean;
  published: boolean;
  position: number;
  updated_at: string;
}

export interface AdminPage extends Omit<AdminPageSummary, 'title'> {
  /** One entry per shop language; a language without its own text shows the default's, marked. */
  texts: Array<{ language_id: number; code: string; title: string; content: string; own: boolean }>;
}

export const SLUG_TAKEN = localized('admin.api.pageSlugTaken');
export const PAGE_NOT_FOUND = localized('admin.api.pageNotFound');

export async function listAdminPages(db: Db): Promise<AdminPageSummary[]> {
  const rows = await db.select().from(staticPages).orderBy(asc(staticPages.position), asc(staticPages.id));
  return rows.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    is_terms: p.isTerms,
    is_privacy: p.isPrivacy,
    is_cookie: p.isCookie,
    is_home: p.isHome,
    published: p.published,
    position: p.position,
    updated_at: p.updatedAt.toISOString(),
  }));
}

export async function getAdminPage(db: Db, id: number): Promise<AdminPage | null> {
  const [page] = await db.select().from(staticPages).where(eq(staticPages.id, id));
  if (!page) return null;
  const languages = await adminLanguages(db);
  const translations = await db.select().from(staticPageTranslations).where(eq(staticPageTranslations.pageId, id));
  return {
    id: page.id,
    slug: page.slug,
    is_terms: page.isTerms,
    is_privacy: page.isPrivacy,
    is_cookie: page.isCookie,
    is_home: page.isHome,
    published: page.published,
    position: page.position,
    updated_at: page.updatedAt.toISOString(),
    texts: languages.all.map((l) => {
      if (l.id === languages.default.id)
        return { language_id: l.id, code: l.code, title: page.title, content: page.content, own: true };
      const own = translations.find((t) => t.languageId === l.id);
      return {
        language_id: l.id,
        code: l.code,
        title: own?.title || page.title,
        content: own?.content || page.content,
        own: Boolean(own && (own.title || own.content)),
      };
    }),
  };
}

async function snapshotOf(tx: Tx, id: number, languages: AdminLanguages): Promise<StaticPageSnapshot> {
  const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id));
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
  const translations = await tx.select().from(staticPageTranslations).where(eq(staticPageTranslations.pageId, id));
  const texts: StaticPageSnapshot['texts'] = { [languages.default.code]: { title: page.title, content: page.content } };
  const blockTexts: NonNullable<StaticPageSnapshot['blockTexts']> = {};
  for (const t of translations) {
    const code = languages.all.find((l) => l.id === t.languageId)?.code;
    if (code && code !== languages.default.code) {
      texts[code] = { title: t.title, content: t.content };
      if (Object.keys(t.blockTexts).length) blockTexts[code] = t.blockTexts;
    }
  }
  return {
    slug: page.slug,
    isTerms: page.isTerms,
    isPrivacy: page.isPrivacy,
    isCookie: page.isCookie,
    published: page.published,
    position: page.position,
    texts,
    layout: page.layout,
    blocks: page.blocks,
    blockTexts,
  };
}

export async function addVersion(
  tx: Tx,
  id: number,
  editor: Editor | null,
  action: string,
  summary: string | ((snapshot: StaticPageSnapshot) => string),
  languages: AdminLanguages,
): Promise<string> {
  const [last] = await tx
    .select({ version: staticPageVersions.version })
    .from(staticPageVersions)
    .where(eq(staticPageVersions.pageId, id))
    .orderBy(desc(staticPageVersions.version))
    .limit(1);
  const version = (last?.version ?? 0) + 1;
  const snapshot = await snapshotOf(tx, id, languages);
  const text = typeof summary === 'string' ? summary : summary(snapshot);
  await tx
    .insert(staticPageVersions)
    .values({ pageId: id, version, userId: editor?.id ?? null, action, summary: text, snapshot });
  return text;
}

/** Pages seeded before editing began get their untouched state as version 1 before the first change. */
export async function ensureBaseline(tx: Tx, id: number, languages: AdminLanguages): Promise<void> {
  const [any] = await tx
    .select({ id: staticPageVersions.id })
    .from(staticPageVersions)
    .where(eq(staticPageVersions.pageId, id))
    .limit(1);
  if (!any) await addVersion(tx, id, null, 'original', 'State before the first edit', languages);
}

/** Moves a page to a new slug: the old one redirects, the new one stops redirecting elsewhere. */
async function changeSlug(tx: Tx, id: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  const [taken] = await tx
    .select({ id: staticPages.id })
    .from(staticPages)
    .where(and(eq(staticPages.slug, to), ne(staticPages.id, id)));
  if (taken) throw new InvalidInputError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
  await tx.delete(staticPageRedirects).where(eq(staticPageRedirects.slug, to));
  await tx
    .insert(staticPageRedirects)
    .values({ slug: from, pageId: id })
    .onConflictDoUpdate({ target: staticPageRedirects.slug, set: { pageId: id, createdAt: sql`now()` } });
  await tx.update(staticPages).set({ slug: to }).where(eq(staticPages.id, id));
}

async function writeTexts(
  tx: Tx,
  id: number,
  languageId: number,
  isDefault: boolean,
  title?: string,
  content?: string,
) {
  const clean = content === undefined ? undefined : sanitizeHtml(content);
  if (title === undefined && clean === undefined) return;
  if (isDefault) {
    await tx.update(staticPages).set({ title, content: clean }).where(eq(staticPages.id, id));
    return;
  }
  const [base] = await tx.select().from(staticPages).where(eq(staticPages.id, id));
  await tx
    .insert(staticPageTranslations)
    .values({ pageId: id, languageId, title: title ?? base!.title, content: clean ?? base!.content })
    .onConflictDoUpdate({
      target: [staticPageTranslations.pageId, staticPageTranslations.languageId],
      set: { ...(title !== undefined && { title }), ...(clean !== undefined && { content: clean }) },
    });
}

/** What a change did, from the states before and after: "de: title, content; unpublished". */
export function describeChange(before: StaticPageSnapshot, after: StaticPageSnapshot): string {
  const parts: string[] = [];
  for (const code of new Set([...Object.keys(before.texts), ...Object.keys(after.texts)])) {
    const a = before.texts[code];
    const b = after.texts[code];
    const fields = (['title', 'content'] as const).filter((k) => (a?.[k] ?? '') !== (b?.[k] ?? ''));
    if (fields.length) parts.push(`${code}: ${fields.join(', ')}`);
  }
  if (before.slug !== after.slug) parts.push(`slug ${before.slug} → ${after.slug}`);
  if (before.published !== after.published) parts.push(after.published ? 'published' : 'unpublished');
  if (before.isTerms !== after.isTerms) parts.push(`terms page ${after.isTerms ? 'on' : 'off'}`);
  if (before.isPrivacy !== after.isPrivacy) parts.push(`privacy page ${after.isPrivacy ? 'on' : 'off'}`);
  if (before.isCookie !== after.isCookie) parts.push(`cookie page ${after.isCookie ? 'on' : 'off'}`);
  if (before.position !== after.position) parts.push(`footer order ${before.position} → ${after.position}`);
  if ((before.layout ?? 'html') !== (after.layout ?? 'html')) parts.push(`layout ${after.layout ?? 'html'}`);
  if (JSON.stringify(before.blocks ?? []) !== JSON.stringify(after.blocks ?? [])) parts.push('blocks');
  for (const code of new Set([...Object.keys(before.blockTexts ?? {}), ...Object.keys(after.blockTexts ?? {})])) {
    if (JSON.stringify(before.blockTexts?.[code] ?? {}) !== JSON.stringify(after.blockTexts?.[code] ?? {}))
      parts.push(`${code}: block texts`);
  }
  return parts.join('; ') || 'no change';
}

export async function createPage(
  db: Db,
  editor: Editor,
  input: Required<Pick<PagePatch, 'slug' | 'title' | 'content'>> & PageFields,
): Promise<AdminPage> {
  const languages = await adminLanguages(db);
  const id = await transaction(db, async (tx) => {
    const [taken] = await tx.select({ id: staticPages.id }).from(staticPages).where(eq(staticPages.slug, input.slug));
    if (taken) throw new InvalidInputError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    await tx.delete(staticPageRedirects).where(eq(staticPageRedirects.slug, input.slug));
    const [row] = await tx
      .insert(staticPages)
      .values({
        slug: input.slug,
        title: input.title,
        content: sanitizeHtml(input.content),
        isTerms: input.is_terms ?? false,
        isPrivacy: input.is_privacy ?? false,
        isCookie: input.is_cookie ?? false,
        published: input.published ?? false,
        position: input.position ?? 0,
      })
      .returning({ id: staticPages.id });
    await addVersion(tx, row!.id, editor, 'create', `created ${input.slug}`, languages);
    await recordChange(tx, editor, 'static_page', row!.id, 'create', input.slug);
    return row!.id;
  });
  contentChanged(db, 'content');
  return (await getAdminPage(db, id))!;
}

export async function updatePage(db: Db, editor: Editor, id: number, patch: PagePatch): Promise<AdminPage> {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, patch.language_id);
  await transaction(db, async (tx) => {
    const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id)).for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    await ensureBaseline(tx, id, languages);
    const before = await snapshotOf(tx, id, languages);
    if (patch.slug !== undefined) await changeSlug(tx, id, page.slug, patch.slug);
    await writeTexts(tx, id, language.id, language.id === languages.default.id, patch.title, patch.content);
    await tx
      .update(staticPages)
      .set({
        isTerms: patch.is_terms,
        isPrivacy: patch.is_privacy,
        isCookie: patch.is_cookie,
        published: patch.published,
        position: patch.position,
        updatedAt: sql`now()`,
      })
      .where(eq(staticPages.id, id));
    const summary = await addVersion(tx, id, editor, 'update', (after) => describeChange(before, after), languages);
    await recordChange(tx, editor, 'static_page', id, 'update', summary);
  });
  contentChanged(db, 'content');
  return (await getAdminPage(db, id))!;
}

export async function deletePage(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [gone] = await tx.delete(staticPages).where(eq(staticPages.id, id)).returning({ slug: staticPages.slug });
    if (!gone) throw new NotFoundError(PAGE_NOT_FOUND);
    await recordChange(tx, editor, 'static_page', id, 'delete', gone.slug);
  });
  contentChanged(db, 'content');
}

export interface PageVersionSummary {
  version: number;
  action: string;
  summary: string;
  created_at: string;
  /** Null for the state before editing began (or a deleted account). */
  editor: { id: number; email: string } | null;
}

export async function listPageVersions(db: Db, id: number): Promise<PageVersionSummary[] | null> {
  const [page] = await db.select({ id: staticPages.id }).from(staticPages).where(eq(staticPages.id, id));
  if (!page) return null;
  const rows = await db
    .select({
      version: staticPageVersions.version,
      action: staticPageVersions.action,
      summary: staticPageVersions.summary,
      createdAt: staticPageVersions.createdAt,
      editorId: users.id,
      editorEmail: users.email,
    })
    .from(staticPageVersions)
    .leftJoin(users, eq(users.id, staticPageVersions.userId))
    .where(eq(staticPageVersions.pageId, id))
    .orderBy(desc(staticPageVersions.version));
  return rows.map((r) => ({
    version: r.version,
    action: r.action,
    summary: r.summary,
    created_at: r.createdAt.toISOString(),
    editor: r.editorId === null || r.editorEmail === null ? null : { id: r.editorId, email: r.editorEmail },
  }));
}

export async function getPageVersion(db: Db, id: number, version: number) {
  const [row] = await db
    .select()
    .from(staticPageVersions)
    .where(and(eq(staticPageVersions.pageId, id), eq(staticPageVersions.version, version)));
  if (!row) return null;
  return {
    version: row.version,
    action: row.action,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
    snapshot: row.snapshot,
  };
}

export const VERSION_NOT_FOUND = localized('admin.api.versionNotFound');

/** Puts the page back to a version's state; the restore itself is recorded as a new version. */
export async function restorePageVersion(db: Db, editor: Editor, id: number, version: number): Promise<AdminPage> {
  const languages = await adminLanguages(db);
  await transaction(db, async (tx) => {
    const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id)).for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    const [row] = await tx
      .select()
      .from(staticPageVersions)
      .where(and(eq(staticPageVersions.pageId, id), eq(staticPageVersions.version, version)));
    if (!row) throw new NotFoundError(VERSION_NOT_FOUND);
    const s = row.snapshot;
    await changeSlug(tx, id, page.slug, s.slug);
    const base = s.texts[languages.default.code];
    await tx
      .update(staticPages)
      .set({
        ...(base && { title: base.title, content: sanitizeHtml(base.content) }),
        isTerms: s.isTerms,
        isPrivacy: s.isPrivacy,
        isCookie: s.isCookie,
        published: s.published,
        position: s.position,
        // Versions from before blocks (ADR 027) were HTML pages.
        layout: s.layout ?? 'html',
        blocks: s.blocks ?? [],
        // Restoring puts the page back as it was: unpublished changes made since go too.
        draft: null,
        updatedAt: sql`now()`,
      })
      .where(eq(staticPages.id, id));
    await tx.delete(staticPageTranslations).where(eq(staticPageTranslations.pageId, id));
    const rows = languages.all
      .filter((l) => l.id !== languages.default.id && (s.texts[l.code] || s.blockTexts?.[l.code]))
      .map((l) => ({
        pageId: id,
        languageId: l.id,
        title: s.texts[l.code]?.title ?? base?.title ?? '',
        content: sanitizeHtml(s.texts[l.code]?.content ?? ''),
        blockTexts: s.blockTexts?.[l.code] ?? {},
      }));
    if (rows.length) await tx.insert(staticPageTranslations).values(rows);
    const summary = `restored version ${version}`;
    await addVersion(tx, id, editor, 'restore', summary, languages);
    await recordChange(tx, editor, 'static_page', id, 'restore', summary);
  });
  contentChanged(db, 'content');
  return (await getAdminPage(db, id))!;
}

/** The current slug of the published page an old slug was renamed from, for a 301; else null. */
export async function redirectedSlug(db: Db, oldSlug: string): Promise<string | null> {
  if (oldSlug.length === 0 || oldSlug.length > 96) return null;
  const [row] = await db
    .select({ slug: staticPages.slug })
    .from(staticPageRedirects)
    .innerJoin(staticPages, eq(staticPages.id, staticPageRedirects.pageId))
    .where(and(eq(staticPageRedirects.slug, oldSlug), eq(staticPages.published, true)));
  return row?.slug ?? null;
}
