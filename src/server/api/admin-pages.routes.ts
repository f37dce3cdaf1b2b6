/** /api/admin/static-pages: static pages with versions (ADR 013). */
import {
  PAGE_NOT_FOUND,
  VERSION_NOT_FOUND,
  createPage,
  deletePage,
  getAdminPage,
  getPageVersion,
  listAdminPages,
  listPageVersions,
  restorePageVersion,
  updatePage,
} from '../services/admin/content/static-pages.server';
import { idParam } from '@/lib/contract/admin/fields';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';
import {
  blockTextsBody,
  blocksBody,
  createBody,
  draftBody,
  patchBody,
  previewLinkBody,
  scheduleBody,
  seoBody,
  versionParams,
} from '@/lib/contract/admin/pages';
import { savePageSeo } from '../services/admin/content/page-seo.server';
import { previewToken } from '../services/admin/content/page-preview.server';
import { setPageSchedule } from '../services/admin/content/page-schedule.server';
import { adminPageBlocks, saveBlockTexts, saveBlocks } from '../services/admin/content/page-blocks.server';
import { discardDraft, publishDraft, saveDraft } from '../services/admin/content/page-drafts.server';
import { ensureHomePage } from '../services/admin/content/home-page.server';

export const adminPagesApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listAdminPages(c.var.db)))
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createPage(c.var.db, c.var.user!, c.req.valid('json')), { status: 201 }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const page = await getAdminPage(c.var.db, c.req.valid('param').id);
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
    return ok(c, page);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updatePage(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deletePage(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.pageDeleted') });
  })
  .get('/:id/versions', validate('param', idParam), async (c) => {
    const versions = await listPageVersions(c.var.db, c.req.valid('param').id);
    if (!versions) throw new HttpError(404, PAGE_NOT_FOUND);
    return ok(c, versions);
  })
  .get('/:id/versions/:version', validate('param', versionParams), async (c) => {
    const { id, version } = c.req.valid('param');
    const found = await getPageVersion(c.var.db, id, version);
    if (!found) throw new HttpError(404, VERSION_NOT_FOUND);
    return ok(c, found);
  })
  .post('/:id/versions/:version/restore', validate('param', versionParams), async (c) => {
    const { id, version } = c.req.valid('param');
    return ok(c, await restorePageVersion(c.var.db, c.var.user!, id, version), {
      message: c.var.at('admin.api.versionRestored', { version }),
    });
  })
  .get('/:id/blocks', validate('param', idParam), async (c) => {
    const blocks = await adminPageBlocks(c.var.db, c.req.valid('param').id);
    if (!blocks) throw new HttpError(404, PAGE_NOT_FOUND);
    return ok(c, blocks);
  })
  .put('/:id/blocks', validate('param', idParam), validate('json', blocksBody), async (c) =>
    ok(c, await saveBlocks(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.blocksSaved'),
    }),
  )
  .put('/:id/schedule', validate('param', idParam), validate('json', scheduleBody), async (c) =>
    ok(c, await setPageSchedule(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.scheduleSaved'),
    }),
  )
  .put('/:id/seo', validate('param', idParam), validate('json', seoBody), async (c) =>
    ok(c, await savePageSeo(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.seoSaved'),
    }),
  )
  .post('/:id/preview-link', validate('param', idParam), validate('json', previewLinkBody), async (c) => {
    const id = c.req.valid('param').id;
    const page = await getAdminPage(c.var.db, id);
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
    const expiresAt = new Date(Date.now() + (c.req.valid('json').hours ?? 72) * 3_600_000);
    const token = await previewToken(c.var.db, id, expiresAt);
    // The home page record is previewed where it is shown: on the home page.
    const shownAt = page.is_home ? '/' : `/static-page/${page.slug}`;
    return ok(
      c,
      { url: `${shownAt}?preview=${token}`, expires_at: expiresAt.toISOString() },
      { status: 201, message: c.var.at('admin.api.previewLinkCreated') },
    );
  })
  .put('/:id/draft', validate('param', idParam), validate('json', draftBody), async (c) => {
    const { layout, blocks, language_id, texts } = c.req.valid('json');
    const input =
      language_id !== undefined && texts
        ? { language_id, texts }
        : { ...(layout && { layout }), ...(blocks && { blocks }) };
    return ok(c, await saveDraft(c.var.db, c.var.user!, c.req.valid('param').id, input), {
      message: c.var.at('admin.api.draftSaved'),
    });
  })
  .post('/:id/draft/publish', validate('param', idParam), async (c) => {
    const id = c.req.valid('param').id;
    await publishDraft(c.var.db, c.var.user!, id);
    return ok(c, (await getAdminPage(c.var.db, id))!, { message: c.var.at('admin.api.changesPublished') });
  })
  .delete('/:id/draft', validate('param', idParam), async (c) => {
    await discardDraft(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.draftDiscarded') });
  })
  .put('/:id/block-texts', validate('param', idParam), validate('json', blockTextsBody), async (c) =>
    ok(c, await saveBlockTexts(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.textsSaved'),
    }),
  );

/** /api/admin/home-page: the home page record (ADR 027), created on the first call. */
export const adminHomePageApp = createAdminRouter().post('/', async (c) => {
  const { page, created } = await ensureHomePage(c.var.db, c.var.user!);
  return ok(c, page, {
    status: created ? 201 : 200,
    ...(created && { message: c.var.at('admin.api.homePageCreated') }),
  });
});
