import type { MiddlewareHandler } from 'hono';
import { can, isBackOffice, type Permission } from '@/lib/rules/roles';
import { UNAUTHENTICATED } from './auth-guards';
import type { ApiEnv } from './env';

export const FORBIDDEN = { message: 'This action is unauthorized.' } as const;

const noStore = { 'Cache-Control': 'no-store' };

/**
 * /api/admin/*: guests 401, signed-in users without a back-office role 403. Answers are never
 * cached: they carry unpublished content and customers' data.
 */
export function requireBackOffice(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, noStore);
    if (!isBackOffice(user.role)) return c.json(FORBIDDEN, 403, noStore);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** One area of /api/admin: 403 for a back-office role without the permission (roles.ts). */
export function requirePermission(permission: Permission): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, noStore);
    if (!can(user.role, permission)) return c.json(FORBIDDEN, 403, noStore);
    await next();
  };
}

/**
 * An area shared by several back-office jobs (the media library: the catalogue's photos and the
 * content's images): 403 unless the role has one of the permissions.
 */
export function requireAnyPermission(...permissions: Permission[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, noStore);
    if (!permissions.some((permission) => can(user.role, permission))) return c.json(FORBIDDEN, 403, noStore);
    await next();
  };
}
