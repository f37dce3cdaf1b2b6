/**
 * The /admin pages' server guard (ADR 013), run in the frontmatter before anything renders:
 * a guest is sent to sign-in (and back afterwards), a signed-in user without the page's
 * permission (roles.ts; 'any' for any back-office role) gets the 403 page.
 *
 *   const editor = await requireStaff(Astro, 'content'); if (editor instanceof Response) return editor;
 */
import type { AstroGlobal } from 'astro';
import { requireUser } from '../account/guards.server';
import { can, isBackOffice, type Permission } from '@/lib/rules/roles';
import type { AuthUser } from '@/server/services/auth/users';

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'rewrite' | 'response'>;

export async function requireStaff(Astro: PageContext, permission: Permission | 'any'): Promise<AuthUser | Response> {
  const user = requireUser(Astro);
  if (user instanceof Response) return user;
  const allowed = permission === 'any' ? isBackOffice(user.role) : can(user.role, permission);
  if (!allowed) return Astro.rewrite('/403');
  // Unpublished drafts and staff data: never kept by a shared or back-forward cache.
  Astro.response.headers.set('Cache-Control', 'no-store');
  return user;
}
