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
    summary: 'Liveness and database check (load balancers poll it)',
    response: okBody(z.object({ database: z.literal('up'), engine: z.string() })),
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
