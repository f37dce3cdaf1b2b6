/**
 * Opening the home page record for editing (ADR 027): the first call creates it, built from blocks
 * with the texts the home page shows today (the default language's hero messages, set on the
 * settings screen) and an empty featured area (every tile its default), published, so creating it changes
 * nothing a visitor sees. Later calls answer the same record.
 */
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { staticPages } from '@/server/db/schema/index';
import { defaultHomeBlocks } from '@/lib/home-blocks';
import { getTranslator } from '@/server/i18n/index';
import { contentChanged } from '@/server/services/content-changed';
import { homePageId } from '@/server/services/home-page.server';
import { type Editor, recordChange } from '../audit';
import { adminLanguages } from '../languages';
import { type AdminPage, addVersion, getAdminPage } from './static-pages.server';

/** Its slug never shows (the record is not served at /static-page); it only has to be free. */
const HOME_SLUG = 'home-page';

export async function ensureHomePage(db: Db, editor: Editor): Promise<{ page: AdminPage; created: boolean }> {
  const existing = await homePageId(db);
  if (existing !== null) return { page: (await getAdminPage(db, existing))!, created: false };
  const languages = await adminLanguages(db);
  const t = await getTranslator(db, languages.default.code);
  const blocks = defaultHomeBlocks({
    title: t('home.hero.title'),
    subtitle: t('home.hero.subtitle'),
    shopNow: t('home.hero.shopNow'),
  });
  let id: number;
  try {
    id = await transaction(db, async (tx) => {
      const taken = await tx.select({ slug: staticPages.slug }).from(staticPages);
      const used = new Set(taken.map((p) => p.slug));
      let slug = HOME_SLUG;
      for (let n = 2; used.has(slug); n++) slug = `${HOME_SLUG}-${n}`;
      const [created] = await tx
        .insert(staticPages)
        .values({ slug, title: 'Home page', content: '', isHome: true, published: true, layout: 'blocks', blocks })
        .returning({ id: staticPages.id });
      await addVersion(tx, created!.id, editor, 'create', 'created the home page', languages);
      await recordChange(tx, editor, 'static_page', created!.id, 'create', 'home page');
      return created!.id;
    });
  } catch (error) {
    // Two editors opening it at once: the unique index lets one create it, the other reads it.
    const winner = await homePageId(db);
    if (winner === null) throw error;
    return { page: (await getAdminPage(db, winner))!, created: false };
  }
  contentChanged(db, 'content');
  return { page: (await getAdminPage(db, id))!, created: true };
}
