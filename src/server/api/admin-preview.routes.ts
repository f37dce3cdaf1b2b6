/**
 * /api/admin/preview: the HTML a public page would show for this source, through the same
 * sanitiser the public pages use on render (renderStoredHtml), so the preview is exact.
 */
import { renderStoredHtml } from '../services/html';
import { previewBody } from '@/lib/contract/admin/preview';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';

export const adminPreviewApp = createAdminRouter().post('/', validate('json', previewBody), (c) =>
  ok(c, { html: renderStoredHtml(c.req.valid('json').content) }),
);
