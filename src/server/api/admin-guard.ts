import type { MiddlewareHandler } from 'hono';
import { isStaff } from '../services/admin/roles';
import { UNAUTHENTICATED } from './auth-guards';
import type { ApiEnv } from './env';

export const FORBIDDEN = { message: 'This action is unauthorized.' } as const;

/**
 * /api/admin/*: guests 401, signed-in users below `role` 403 (editor: editors and admins; admin:
 * admins only). Answers are never cached: they carry unpublished content.
 */
export function requireRole(role: 'editor' | 'admin'): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const noStore = { 'Cache-Control': 'no-store' };
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, noStore);
    const allowed = role === 'admin' ? user.role === 'admin' : isStaff(user.role);
    if (!allowed) return c.json(FORBIDDEN, 403, noStore);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
