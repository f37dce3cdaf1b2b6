/**
 * The /admin pages' server guard (ADR 013), run in the frontmatter before anything renders:
 * a guest is sent to sign-in (and back afterwards), a signed-in user whose role may not open the
 * page's area (AREA_PERMISSIONS in roles.ts, read from the address) gets the 403 page.
 *
 *   const user = await requireStaff(Astro); if (user instanceof Response) return user;
 */
import type { AstroGlobal } from 'astro';
import { requireUser } from '../account/guards.server';
import { mayOpen } from '@/lib/rules/roles';
import type { AuthUser } from '@/server/services/auth/users';

/** A page's Astro, or an endpoint's context (no `response`: it sets its own headers). */
type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'rewrite'> & Partial<Pick<AstroGlobal, 'response'>>;

export async function requireStaff(Astro: PageContext): Promise<AuthUser | Response> {
  const user = requireUser(Astro);
  if (user instanceof Response) return user;
  if (!mayOpen(user.role, Astro.url.pathname)) return Astro.rewrite('/403');
  // Unpublished drafts and staff data: never kept by a shared or back-forward cache.
  Astro.response?.headers.set('Cache-Control', 'no-store');
  return user;
}
