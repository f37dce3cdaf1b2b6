/**
 * Shop content (storefront §7): static pages, social links, countries, settings, FAQs,
 * languages, localizations, currencies. Mounted at the API root because each resource is a
 * single path; the cache middleware is therefore set per route, never with use('*'), so it
 * cannot spill onto other modules' paths.
 */
import { getTranslator, loadMessages } from '../i18n/index';
import { redirectedSlug } from '../services/admin/content/static-pages.server';
import {
  getStaticPage,
  listCountries,
  listCurrencies,
  listFaqs,
  listLanguages,
  listSocialLinks,
  listStaticPages,
  publicSettings,
} from '../services/content';
import { pageBlocks, publicBlocks } from '../services/page-blocks.server';
import { publicCache } from './cache';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';

export const PAGE_NOT_FOUND_KEY = 'staticPage.error.notFound';

export const contentApp = createRouter()
  .get('/static-pages', publicCache(), async (c) => ok(c, await listStaticPages(c.var.readDb, c.var.language.id)))
  .get('/static-pages/:idOrSlug', publicCache(), async (c) => {
    const idOrSlug = c.req.param('idOrSlug');
    const page = await getStaticPage(c.var.readDb, c.var.language.id, idOrSlug);
    if (!page) {
      // A renamed page keeps its old address working, here as on /static-page/{slug} (ADR 013).
      const movedTo = await redirectedSlug(c.var.readDb, idOrSlug);
      if (movedTo)
        return c.redirect(`/api/static-pages/${encodeURIComponent(movedTo)}${new URL(c.req.url).search}`, 301);
      const t = await getTranslator(c.var.readDb, c.var.language.code);
      throw new HttpError(404, t(PAGE_NOT_FOUND_KEY));
    }
    // A page built from blocks (ADR 027) answers them in the request language too.
    const blocks = await pageBlocks(c.var.db, page.id, c.var.language.id);
    return ok(c, blocks ? { ...page, blocks: publicBlocks(blocks) } : page);
  })
  .get('/social-links', publicCache(), async (c) => ok(c, await listSocialLinks(c.var.readDb)))
  .get('/countries', publicCache(), async (c) => ok(c, await listCountries(c.var.readDb, c.var.language.id)))
  .get('/settings', publicCache(), async (c) => ok(c, await publicSettings(c.var.readDb, c.var.currency)))
  // The spec's FAQ call reads `faqs`, not `payload` (storefront §7).
  .get('/faqs', publicCache(), async (c) =>
    c.json({ status: 'OK' as const, faqs: await listFaqs(c.var.readDb, c.var.language.id), message: null }),
  )
  .get('/languages', publicCache(), async (c) => ok(c, await listLanguages(c.var.readDb)))
  .get('/localizations', publicCache(), async (c) => ok(c, await loadMessages(c.var.readDb, c.var.language.id)))
  .get('/currencies', publicCache(), async (c) => ok(c, await listCurrencies(c.var.readDb)));
