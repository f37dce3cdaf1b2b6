import { z } from 'zod';
import { getTranslator } from '../i18n/index';
import { newsletterEmail, subscribeToNewsletter } from '../services/newsletter';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { jsonObject } from './form';
import { rateLimit } from './rate-limit';

/** Per client address; generous for a household behind one NAT, tight for a script. */
export const NEWSLETTER_RATE_LIMIT = { name: 'newsletter', limit: 5, windowSeconds: 60 } as const;

const body = z.looseObject({ email: newsletterEmail });

/**
 * A repeated address answers 200 with "You are already subscribed." rather than 409: for the
 * shopper the outcome is the one they wanted, and the footer form treats it as success (clears
 * the box). See docs/decisions/006-content-api.md.
 */
export const newsletterApp = createRouter().post('/subscribe', rateLimit(NEWSLETTER_RATE_LIMIT), async (c) => {
  const t = await getTranslator(c.var.db, c.var.language.code);
  // Validated here rather than with validate() so the message comes in the shopper's language.
  const parsed = body.safeParse(await jsonObject(c));
  if (!parsed.success) {
    // Only `email` is read, so any issue (missing, not a string, too long, malformed) is its issue.
    const message = t('validation.invalidEmail');
    throw new HttpError(422, message, { errors: { email: [message] } });
  }
  const outcome = await subscribeToNewsletter(c.var.db, parsed.data.email, c.var.language.id || null);
  const subscribed = outcome === 'subscribed';
  return ok(
    c,
    { email: parsed.data.email, already_subscribed: !subscribed },
    { message: t(subscribed ? 'footer.newsletter.success' : 'footer.newsletter.already') },
  );
});
