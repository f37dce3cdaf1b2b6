/**
 * /api/admin/preview: the HTML a public page would show for this source, through the same
 * sanitiser the public pages use on render (renderStoredHtml), so the preview is exact.
 */
import { z } from 'zod';
import { renderStoredHtml } from '../services/html';
import { htmlField } from './admin-schemas';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

export const adminPreviewApp = createRouter().post('/', validate('json', z.strictObject({ content: htmlField }, { message: 'Unknown field.' })), (c) =>
  ok(c, { html: renderStoredHtml(c.req.valid('json').content) }),
);
