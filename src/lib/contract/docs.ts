import { z } from 'zod';
import { route } from './define';

/** The API's own description: the OpenAPI document and the reference page built from it (ADR 022). */

const tag = 'API reference';

export const docsRoutes = {
  openapi: route({
    method: 'GET',
    path: '/api/openapi.json',
    tag,
    access: 'public',
    beforeAuth: true,
    summary: 'This document (OpenAPI 3.1)',
    response: z.object({ openapi: z.string() }).loose(),
  }),
  docs: route({
    method: 'GET',
    path: '/api/docs',
    tag,
    access: 'public',
    beforeAuth: true,
    summary: 'The API reference page',
    produces: 'html',
    response: z.string(),
  }),
  docsScript: route({
    method: 'GET',
    path: '/api/docs/scalar.js',
    tag,
    access: 'public',
    beforeAuth: true,
    summary: "The reference page's script (served by the shop: the page needs no CDN)",
    produces: 'javascript',
    description: 'A development dependency: 404 when the shop was installed without them (npm install --omit=dev).',
    errors: [404],
    response: z.string(),
  }),
} as const;
