import type { MiddlewareHandler } from 'hono';
import { isBackOffice, mayOpen } from '@/lib/rules/roles';
import { UNAUTHENTICATED } from './auth-guards';
import type { ApiEnv } from './env';
import { errorBody } from './envelope';

/** Laravel's text for a refused permission, in the documented error envelope. */
export const FORBIDDEN = errorBody('forbidden', 'This action is unauthorized.');

const noStore = { 'Cache-Control': 'no-store' };

/**
 * /api/admin/*: guests 401; signed-in users without a back-office role 403; then each area for
 * the permissions roles.ts declares for it (AREA_PERMISSIONS), 403 without one. Answers are
 * never cached: they carry unpublished content and customers' data.
 */
export function requireAdminArea(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, noStore);
    if (!isBackOffice(user.role) || !mayOpen(user.role, c.req.path)) return c.json(FORBIDDEN, 403, noStore);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
