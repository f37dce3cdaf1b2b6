import { z } from 'zod';
import { route } from './define';
import { okBody } from './envelope';

/** Plumbing: the health check and the SPA's CSRF cookie (docs/decisions/009-accounts.md). */
export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    access: 'public',
    beforeAuth: true,
    summary: 'Readiness: 503 while starting, migrating, shutting down or without its database',
    response: okBody(z.object({ database: z.literal('up'), engine: z.string() })),
  }),
  liveness: route({
    method: 'GET',
    path: '/api/health/live',
    tag: 'System',
    access: 'public',
    beforeAuth: true,
    summary: 'Liveness: 200 while the process answers, whatever its database does',
    response: okBody(z.object({ status: z.literal('alive') })),
  }),
  csrfCookie: route({
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    tag: 'System',
    access: 'public',
    summary: 'Sets the XSRF-TOKEN and session cookies (204)',
    description:
      'Browsers call this before their first write and send the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header.',
    status: 204,
    response: z.null(),
  }),
} as const;
