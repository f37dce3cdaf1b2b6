/**
 * Server side of the page frame: everything the header, footer and cookie notice need, loaded
 * in the page's frontmatter so a failure can still answer 500 (a layout renders after the
 * status is sent). Never imported by islands.
 */
import type { AstroCookies } from 'astro';
import { getDb } from '@/server/runtime';
import { listStaticPages } from '@/server/services/content';
import { type RequestContext, resolveRequestContext } from '@/server/services/request-context';
import { initFailureResponse } from '@/server/init-failure';
import { CONSENT_COOKIE, DISMISSED_COOKIE } from './consent-keys';
import { cardProvider } from '@/server/payments/provider';

export interface FramePageLink {
  id: number;
  title: string;
}

export interface FrameData {
  ctx: RequestContext;
  /** Footer links, in footer order. */
  pages: FramePageLink[];
  cookiePageId: number | null;
  /** 'accepted' renders no bar (and loads the Google tag); 'dismissed' renders it hidden. */
  consent: 'accepted' | 'dismissed' | 'unanswered';
  /** Whether a card provider is on (PAYMENT_PROVIDER): only then does the footer show card badges. */
  cardPayments: boolean;
}

export const FOOTER_COLUMN_SIZE = 5;

export function columns<T>(items: readonly T[], size: number = FOOTER_COLUMN_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The part of `Astro` the frame reads: the cookies and what the middleware put on locals. */
export interface FrameRequest {
  cookies: AstroCookies;
  locals: App.Locals;
}

/** A page's context: language from its address (ADR 028), currency and consent from cookies. */
export async function loadRequestContext(astro: FrameRequest): Promise<RequestContext> {
  return resolveRequestContext(await getDb(), astro.cookies, astro.locals);
}

export async function loadFrame(astro: FrameRequest, ctx?: RequestContext): Promise<FrameData> {
  const { cookies } = astro;
  const db = await getDb();
  const context = ctx ?? (await resolveRequestContext(db, cookies, astro.locals));
  const pages = await listStaticPages(db, context.language.id);
  const consent =
    cookies.get(CONSENT_COOKIE)?.value === 'true'
      ? 'accepted'
      : cookies.get(DISMISSED_COOKIE)?.value
        ? 'dismissed'
        : 'unanswered';
  return {
    ctx: context,
    pages: pages.map((p) => ({ id: p.id, title: p.title })),
    cookiePageId: pages.find((p) => p.is_cookie)?.id ?? null,
    consent,
    cardPayments: cardProvider() !== null,
  };
}

/**
 * For a page's frontmatter:
 *   const frame = await loadFrameOrFail(Astro); if (frame instanceof Response) return frame;
 */
export async function loadFrameOrFail(astro: FrameRequest, ctx?: RequestContext): Promise<FrameData | Response> {
  try {
    return await loadFrame(astro, ctx);
  } catch (error) {
    return initFailureResponse(error);
  }
}
