/**
 * What an /admin page reads before its own data. The middleware's guard (guard.server.ts) has
 * already let the visitor in and loaded the user, the shop frame, the database and the admin's
 * texts; a page takes them with `adminPage(Astro)`. An edit page (/admin/{kind}/{id}) also gets
 * its item ("new" names none; an unknown id is the 404 page, answered by the guard) and the
 * language of the text form (?lang=, else the shop's default language).
 *
 *   const { user, frame, db, at } = adminPage(Astro);
 *   const { item, language } = await adminEditPage(Astro, getAdminFaq);
 */
import type { AstroGlobal } from 'astro';
import type { FrameData } from '../frame/frame-data.server';
import type { Db } from '@/server/db/client';
import type { AuthUser } from '@/server/services/auth/users';
import { adminLanguages, type AdminLanguages } from '@/server/services/admin/languages';
import type { LanguageOption } from '@/server/services/request-context';
import type { Translator } from '@/lib/translator';

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'params'>;

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

/** Thrown by adminEditPage for an id that names nothing; the guard answers the 404 page. */
export class AdminItemMissing extends Error {
  constructor(path: string) {
    super(`No such item: ${path}`);
    this.name = 'AdminItemMissing';
  }
}

export function adminPage(Astro: PageContext): AdminPage {
  const page = Astro.locals.adminPage;
  // Only a page outside /admin (or a guard taken out of the middleware) gets here.
  if (!page)
    throw new Error(
      `${Astro.url.pathname} rendered without the back-office guard (src/features/admin/guard.server.ts)`,
    );
  return page;
}

export async function adminEditPage<T>(
  Astro: PageContext,
  load: (db: Db, id: number) => Promise<T | null | undefined>,
): Promise<AdminEditPage<T>> {
  const page = adminPage(Astro);
  const isNew = Astro.params.id === 'new';
  // At most 9 digits: ids are PostgreSQL integers, and a larger number reached the query as a 500.
  const id = /^[1-9]\d{0,8}$/.test(Astro.params.id ?? '') ? Number(Astro.params.id) : null;
  const item = isNew || id === null ? null : ((await load(page.db, id)) ?? null);
  if (!isNew && !item) throw new AdminItemMissing(Astro.url.pathname);
  const languages = await adminLanguages(page.db);
  const language = languages.all.find((l) => l.code === Astro.url.searchParams.get('lang')) ?? languages.default;
  return { ...page, item, languages, language };
}
