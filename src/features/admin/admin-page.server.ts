/**
 * What every /admin page loads before its own data, so the frontmatter keeps only what is the
 * page's: the staff guard (guard.server.ts), the shop frame and the database; for an edit page
 * (/admin/{kind}/{id}) also the item ("new" names none, an unknown id is the 404 page) and the
 * language of the text form (?lang=, else the shop's default language).
 *
 *   const page = await loadAdminEditPage(Astro, getAdminFaq); if (page instanceof Response) return page;
 */
import type { AstroGlobal } from 'astro';
import { requireStaff } from './guard.server';
import { loadFrameOrFail, type FrameData } from '../frame/frame-data.server';
import { getDb } from '@/server/runtime';
import type { Db } from '@/server/db/client';
import type { AuthUser } from '@/server/services/auth/users';
import { adminLanguages, type AdminLanguages } from '@/server/services/admin/languages';
import type { LanguageOption } from '@/server/services/request-context';
import { getAdminTranslator } from '@/server/i18n/admin-messages';
import type { Translator } from '@/lib/translator';

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'rewrite' | 'response' | 'cookies' | 'params'>;

export interface AdminPage {
  user: AuthUser;
  frame: FrameData;
  db: Db;
  /** The admin's texts in the visitor's language (src/i18n/admin), English for missing ones. */
  at: Translator;
}

export interface AdminEditPage<T> extends AdminPage {
  /** null on /new. */
  item: T | null;
  languages: AdminLanguages;
  /** The language whose text the form edits. */
  language: LanguageOption;
}

/** The guard reads the page's area from its address (roles.ts AREA_PERMISSIONS). */
export async function loadAdminPage(Astro: PageContext): Promise<AdminPage | Response> {
  const user = await requireStaff(Astro);
  if (user instanceof Response) return user;
  const frame = await loadFrameOrFail(Astro);
  if (frame instanceof Response) return frame;
  const [db, at] = await Promise.all([getDb(), getAdminTranslator(frame.ctx.language.code)]);
  return { user, frame, db, at };
}

export async function loadAdminEditPage<T>(
  Astro: PageContext,
  load: (db: Db, id: number) => Promise<T | null | undefined>,
): Promise<AdminEditPage<T> | Response> {
  const page = await loadAdminPage(Astro);
  if (page instanceof Response) return page;
  const isNew = Astro.params.id === 'new';
  // At most 9 digits: ids are PostgreSQL integers, and a larger number reached the query as a 500.
  const id = /^[1-9]\d{0,8}$/.test(Astro.params.id ?? '') ? Number(Astro.params.id) : null;
  const item = isNew || id === null ? null : ((await load(page.db, id)) ?? null);
  if (!isNew && !item) return Astro.rewrite('/404');
  const languages = await adminLanguages(page.db);
  const language = languages.all.find((l) => l.code === Astro.url.searchParams.get('lang')) ?? languages.default;
  return { ...page, item, languages, language };
}
