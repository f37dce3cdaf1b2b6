import { sendPasswordResetMail } from '../services/auth/account-mail';
import { resetPasswordWithToken } from '../services/auth/password-reset';
import { findUserByEmail, normaliseEmail } from '../services/auth/users';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { jsonObject, parseFields, translatorFor, withConfirmationAs } from './form';
import { rateLimit } from './rate-limit';
import { resetPasswordForm, resetRequestBody } from '@/lib/contract/forms';
import { passwordProblem } from '@/lib/rules/password';

export const RESET_REQUEST_IP_LIMIT = { name: 'reset-request-ip', limit: 5, windowSeconds: 900 } as const;
export const RESET_REQUEST_EMAIL_LIMIT = { name: 'reset-request-email', limit: 3, windowSeconds: 900 } as const;
export const RESET_SUBMIT_IP_LIMIT = { name: 'reset-submit-ip', limit: 10, windowSeconds: 900 } as const;

async function emailOfBody(c: Parameters<Parameters<typeof rateLimit>[0]['key'] & {}>[0]): Promise<string | null> {
  const body: unknown = await c.req.json().catch(() => undefined);
  const email = body && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? normaliseEmail(email).slice(0, 254) : null;
}

export const passwordResetApp = createRouter()
  /**
   * The same answer whether or not the address has an account; the mail goes out after the
   * answer, so the response time does not tell either.
   */
  .post(
    '/user/reset-password',
    rateLimit(RESET_REQUEST_IP_LIMIT),
    rateLimit({ ...RESET_REQUEST_EMAIL_LIMIT, key: emailOfBody }),
    async (c) => {
      const t = await translatorFor(c);
      const { email } = parseFields(resetRequestBody(t), await jsonObject(c));
      const db = c.var.db;
      const log = c.var.log;
      const language = c.var.language.code;
      void findUserByEmail(db, email)
        .then((user) => (user ? sendPasswordResetMail(db, user, language, log) : undefined))
        .catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'));
      return ok(c, null, { message: t('api.auth.resetLinkSent') });
    },
  )

  .post('/reset-password', rateLimit(RESET_SUBMIT_IP_LIMIT), async (c) => {
    const t = await translatorFor(c);
    const body = await jsonObject(c);
    const invalidLink = t('api.auth.resetInvalid');
    const input = parseFields(resetPasswordForm(t, passwordProblem), withConfirmationAs('password_confirmation', body));
    const reset = await resetPasswordWithToken(c.var.db, input);
    if (!reset) throw new HttpError(422, invalidLink, { errors: { token: [invalidLink] } });
    c.var.log.info({ userId: reset.userId }, 'password reset');
    return ok(c, null, { message: t('api.auth.passwordReset') });
  });
