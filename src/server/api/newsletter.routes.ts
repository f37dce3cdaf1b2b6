import { getTranslator } from '../i18n/index';
import { newsletterBody as body } from '@/lib/contract/forms';
import { requestSubscription } from '../services/newsletter';
import { confirmSubscription, sendConfirmationMail } from '../services/newsletter-confirm.server';
import { createRouter } from './env';
import { linkSignature, redirectToOutcome } from './mailed-link';
import { ok } from './envelope';
import { HttpError } from './errors';
import { jsonObject } from './form';
import { rateLimit } from './rate-limit';

/** Per client address; generous for a household behind one NAT, tight for a script. */
export const NEWSLETTER_RATE_LIMIT = { name: 'newsletter', limit: 5, windowSeconds: 60 } as const;

const PAGES = { confirmed: '/newsletter/confirmed', invalid: '/newsletter/invalid' } as const;

/**
 * Double opt-in (ADR 006): every valid request gets the same answer, whether the address is
 * new, waiting for its confirmation or already subscribed, so the form tells nobody who reads
 * the newsletter. The confirmation mail (new or unconfirmed addresses only) is sent after the
 * answer, so the response time does not tell either. See docs/decisions/006-content-api.md.
 */
export const newsletterApp = createRouter()
  .post('/subscribe', rateLimit(NEWSLETTER_RATE_LIMIT), async (c) => {
    const t = await getTranslator(c.var.db, c.var.language.code);
    // Validated here rather than with validate() so the message comes in the shopper's language.
    const parsed = body.safeParse(await jsonObject(c));
    if (!parsed.success) {
      // Only `email` is read, so any issue (missing, not a string, too long, malformed) is its issue.
      const message = t('validation.invalidEmail');
      throw new HttpError(422, message, { errors: { email: [message] } });
    }
    const db = c.var.db;
    const log = c.var.log;
    const request = await requestSubscription(db, parsed.data.email, c.var.language.id || null);
    if (!request.confirmed) {
      void sendConfirmationMail(db, request, c.var.language.code, log).catch((error: unknown) =>
        log.error({ err: error }, 'newsletter confirmation mail failed'),
      );
    }
    return ok(c, { email: parsed.data.email }, { message: t('footer.newsletter.confirmSent') });
  })

  /** The mailed link: answers with a page in the shopper's language (their language cookie). */
  .get('/confirm/:id', async (c) => {
    const outcome = await confirmSubscription(c.var.db, { id: c.req.param('id'), ...linkSignature(c) });
    return redirectToOutcome(c, PAGES[outcome]);
  });
