import type { APIRoute } from 'astro';
import { MAIL_PREVIEW_CSP, getOutboxMail, mailPreviewHtml, mailboxEnabled } from '@/server/mail/mailbox';
import { getDb } from '@/server/runtime';

export const prerender = false;

/** A stored mail's HTML for the mailbox page's frame, under a policy that lets nothing run. */
export const GET: APIRoute = async ({ params }) => {
  const mail = mailboxEnabled() ? await getOutboxMail(await getDb(), params.id) : null;
  if (!mail) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(mailPreviewHtml(mail.html), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': MAIL_PREVIEW_CSP,
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
};
