/**
 * The one guard of the /admin pages (ADR 013, issue 28), run by the middleware before a page's
 * frontmatter: a guest is sent to sign-in (and back afterwards); a signed-in user whose role holds
 * no permission of the address's area (AREA_PERMISSIONS in lib/rules/roles.ts, the declaration the
 * API guard and the navigation read too) gets the 403 page. Past it, what every back-office page
 * needs (the user, the frame, the database, the admin's texts) is loaded once and handed to the
 * page on `locals.adminPage` (admin-page.server.ts), so no page guards itself.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { adminArea, mayOpen } from '@/lib/rules/roles';
import { getDb } from '@/server/runtime';
import { initFailureResponse } from '@/server/init-failure';
import { getAdminTranslator } from '@/server/i18n/admin-messages';
import { requireUser } from '@/features/account/guards.server';
import { loadFrame } from '@/features/frame/frame-data.server';
import { AdminItemMissing } from './admin-page.server';

/** Whether an address is a back-office page (not `/api/admin`: the API has its own guard). */
export function isAdminPage(pathname: string): boolean {
  return !pathname.startsWith('/api/') && adminArea(pathname) !== null;
}

/** Wraps the page's render: the guard's answer, or the page with its back-office data. */
export function guardAdminPage(context: APIContext, next: MiddlewareNext): MiddlewareNext {
  return (async (payload?: Parameters<MiddlewareNext>[0]) => {
    const user = requireUser(context);
    if (user instanceof Response) return user;
    if (!mayOpen(user.role, context.url.pathname)) return next('/403');
    try {
      const frame = await loadFrame(context);
      const [db, at] = await Promise.all([getDb(), getAdminTranslator(frame.ctx.language.code)]);
      context.locals.adminPage = { user, frame, db, at };
    } catch (error) {
      return initFailureResponse(error);
    }
    return noStore(
      await next(payload).catch((error: unknown) => {
        // An edit page's id that names nothing (admin-page.server.ts).
        if (error instanceof AdminItemMissing) return context.rewrite('/404');
        throw error;
      }),
    );
  }) as MiddlewareNext;
}

/** Unpublished drafts and staff data: never kept by a shared or back-forward cache. */
function noStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
