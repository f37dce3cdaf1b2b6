/**
 * Server guards for pages (accounts spec §2 navigation guard), used in a page's frontmatter
 * before anything renders, so protected content never flashes:
 *
 *   const user = requireUser(Astro); if (user instanceof Response) return user;
 */
import type { AstroGlobal } from 'astro';
import { signInUrl } from '@/lib/redirect';
import type { AuthUser } from '@/server/services/auth/users';

type PageContext = Pick<AstroGlobal, 'locals' | 'url' | 'redirect'>;

function noStoreRedirect(to: string): Response {
  return new Response(null, { status: 302, headers: { Location: to, 'Cache-Control': 'no-store' } });
}

/** The signed-in user, or a redirect to sign-in that returns here afterwards. */
export function requireUser(Astro: PageContext): AuthUser | Response {
  const user = Astro.locals.user;
  if (user) return user;
  return noStoreRedirect(signInUrl(Astro.url.pathname + Astro.url.search));
}

/** Guests-only pages (/auth, /reset-password): a signed-in visitor goes home. */
export function guestOnly(Astro: PageContext): Response | null {
  return Astro.locals.user ? noStoreRedirect('/') : null;
}
