import { sendVerificationMail } from '../services/auth/account-mail';
import { verifyEmailLink } from '../services/auth/email-verification';
import { findUserById } from '../services/auth/users';
import { requireAuth, UNAUTHENTICATED } from './auth-guards';
import { createRouter } from './env';
import { linkSignature, redirectToOutcome } from './mailed-link';
import { errorBody, ok } from './envelope';
import { translatorFor } from './form';
import { rateLimit } from './rate-limit';

export const RESEND_LIMIT = { name: 'verify-resend', limit: 3, windowSeconds: 600 } as const;

const PAGES = {
  verified: '/email/verify/success',
  'already-verified': '/email/verify/already-success',
  invalid: '/email/verify/invalid?reason=invalid',
  expired: '/email/verify/invalid?reason=expired',
} as const;

export const emailVerificationApp = createRouter()
  .post(
    '/resend',
    requireAuth(),
    rateLimit({ ...RESEND_LIMIT, key: (c) => (c.var.user ? `user:${c.var.user.id}` : null) }),
    async (c) => {
      const t = await translatorFor(c);
      const user = await findUserById(c.var.db, c.var.user!.id);
      if (!user) return c.json(UNAUTHENTICATED, 401);
      if (user.emailVerifiedAt) return ok(c, { already_verified: true }, { message: t('api.auth.alreadyVerified') });
      const sent = await sendVerificationMail(c.var.db, user, c.var.language.code, c.var.log);
      if (!sent) return c.json(errorBody('service_unavailable', t('api.auth.verificationFailed')), 503);
      return ok(c, { already_verified: false }, { message: t('api.auth.verificationSent') });
    },
  )

  /** The mailed link: no session needed (the signature is the proof); answers with a page. */
  .get('/:id/:hash', async (c) => {
    const outcome = await verifyEmailLink(c.var.db, {
      id: c.req.param('id'),
      hash: c.req.param('hash'),
      ...linkSignature(c),
    });
    return redirectToOutcome(c, PAGES[outcome]);
  });
