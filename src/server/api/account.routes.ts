import { eq, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import { countries, users } from '../db/schema/index';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import type { Translator } from '../i18n/index';
import { sendEmailChangedNotice, sendVerificationMail } from '../services/auth/account-mail';
import { revokeUserTokens } from '../services/auth/access-tokens';
import { hashPassword, verifyPassword } from '../services/auth/passwords';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '@/lib/rules/password';
import { voidResetTokens } from '../services/auth/password-reset';
import { forgiveRateLimitHit, hitRateLimit } from '../services/rate-limit';
import { allowedPhoneCountries, readPhoneFields } from '../services/auth/phone-fields';
import { getProfile } from '../services/auth/profile';
import { endUserSessions } from '../services/auth/sessions';
import { findUserByEmail, findUserById, normaliseEmail } from '../services/auth/users';
import { UNAUTHENTICATED, requireAuth } from './auth-guards';
import { type ApiEnv, createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { fieldError, FormProblems, jsonObject, parseFields, translatorFor } from './form';
import { rateLimit, tooManyRequests } from './rate-limit';
import { changePasswordBody, profileBody } from '@/lib/contract/forms';
import { deleteAccountBody } from '@/lib/contract/gdpr';
import { customerDataExport } from '../services/gdpr/data-export.server';
import { eraseCustomer } from '../services/gdpr/erase.server';
import { clearSessionCookies } from './session-cookies';
import { validate } from './validate';

/** Checks of the current password per account, for a password change or an email change. */
export const CHANGE_PASSWORD_LIMIT = { name: 'change-password', limit: 10, windowSeconds: 900 } as const;
/**
 * Email changes per account (ADR 009). Each sends a verification mail to the new address and a
 * notice to the old one, and each answers whether an address is registered: 3 an hour is plenty
 * for fixing a typo and little for probing or mail bombing.
 */
export const EMAIL_CHANGE_LIMIT = { name: 'email-change', limit: 3, windowSeconds: 3600 } as const;

/**
 * An email change needs the current password (a session alone, e.g. a borrowed one, cannot move
 * the account away) and a free slot of EMAIL_CHANGE_LIMIT. Both limits count before the password
 * is checked; a wrong password gives the email-change slot back (it changed nothing).
 */
async function authoriseEmailChange(
  c: Context<ApiEnv>,
  t: Translator,
  user: { id: number; passwordHash: string },
  password: unknown,
): Promise<void> {
  if (typeof password !== 'string' || password === '')
    throw fieldError('current_password', t('api.auth.currentPasswordRequired'));
  const db = c.var.db;
  const key = `user:${user.id}`;
  for (const rule of [CHANGE_PASSWORD_LIMIT, EMAIL_CHANGE_LIMIT]) {
    const result = await hitRateLimit(db, rule, key);
    if (!result.allowed) throw await tooManyRequests(c, { ...rule, limit: result.limit }, result.retryAfterSeconds);
  }
  // Longer than any password we accept: wrong without spending argon2 time on it.
  if (password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(user.passwordHash, password))) {
    await forgiveRateLimitHit(db, EMAIL_CHANGE_LIMIT, key);
    throw fieldError('current_password', t('api.auth.currentPasswordWrong'));
  }
}

/**
 * /api/user/*: the signed-in customer's own data (unverified addresses may edit it too). Guards
 * sit on each route, not on the sub-app: /api/user/reset-password is a guest call.
 */
const signedIn = requireAuth();

async function savedCountryId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ countryId: users.countryId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.countryId ?? null;
}

export const accountApp = createRouter()
  .get('/profile', signedIn, async (c) => {
    c.header('Cache-Control', 'no-store');
    const profile = await getProfile(c.var.db, c.var.user!.id, c.var.currency, c.var.language.id);
    if (!profile) return c.json(UNAUTHENTICATED, 401);
    return ok(c, profile);
  })

  .put('/profile', signedIn, async (c) => {
    const t = await translatorFor(c);
    const db = c.var.db;
    const userId = c.var.user!.id;
    const body = await jsonObject(c);
    const problems = new FormProblems();
    const input = problems.parse(profileBody(t), body);
    const phone = readPhoneFields(t, body, await allowedPhoneCountries(db), problems, { required: false });
    if (input?.country_id != null) {
      const [country] = await db
        .select({ id: countries.id, name: countries.name, served: countries.served })
        .from(countries)
        .where(eq(countries.id, input.country_id))
        .limit(1);
      if (!country) problems.add('country_id', t('api.auth.invalidCountry'));
      // A country the shop stopped serving may stay on a saved address (other edits still save),
      // but is not chosen anew: the address is where orders go (issue 25).
      else if (!country.served && country.id !== (await savedCountryId(db, userId)))
        problems.add('country_id', t('checkout.shipping.countryNotServed', { country: country.name }));
    }
    problems.throwIfAny(t('validation.personalInfo'));
    if (!input) throw new Error('unreachable: problems were thrown');

    const current = await findUserById(db, userId);
    if (!current) return c.json(UNAUTHENTICATED, 401);
    const emailChanged = normaliseEmail(current.email) !== normaliseEmail(input.email);
    if (emailChanged) {
      await authoriseEmailChange(c, t, current, body.current_password);
      const owner = await findUserByEmail(db, input.email);
      if (owner && owner.id !== userId) throw fieldError('email', t('api.auth.emailTaken'));
    }
    let changedAt: Date | undefined;
    try {
      changedAt = await transaction(db, async (tx) => {
        const [saved] = await tx
          .update(users)
          .set({
            name: input.name,
            surname: input.surname,
            email: input.email,
            phone: phone?.phone ?? null,
            phoneCountryCode: phone?.phoneCountryCode ?? null,
            nationalNumber: phone?.nationalNumber ?? null,
            address: input.address,
            city: input.city,
            postCode: input.post_code,
            countryId: input.country_id,
            // A new address is unproven until its own link is followed.
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning({ updatedAt: users.updatedAt });
        // Reset links mailed to the old address must not prove the new one (ADR 009).
        if (emailChanged) await voidResetTokens(tx as unknown as Db, userId);
        return saved?.updatedAt;
      });
    } catch (error) {
      if (emailChanged && (await findUserByEmail(db, input.email))?.id !== userId)
        throw fieldError('email', t('api.auth.emailTaken'));
      throw error;
    }
    if (emailChanged) {
      const recipient = { id: userId, name: input.name, languageId: current.languageId };
      await sendVerificationMail(db, { ...recipient, email: input.email }, c.var.language.code, c.var.log);
      const change = { oldEmail: current.email, newEmail: input.email, at: changedAt ?? new Date() };
      await sendEmailChangedNotice(db, { ...recipient, email: current.email }, change, c.var.language.code, c.var.log);
    }
    const profile = await getProfile(db, userId, c.var.currency, c.var.language.id);
    return ok(c, profile, { message: t(emailChanged ? 'api.auth.profileUpdatedVerify' : 'account.profile.updated') });
  })

  .post(
    '/change-password',
    signedIn,
    rateLimit({ ...CHANGE_PASSWORD_LIMIT, key: (c) => (c.var.user ? `user:${c.var.user.id}` : null) }),
    async (c) => {
      const t = await translatorFor(c);
      const db = c.var.db;
      const { cur_password: current, new_password: next } = parseFields(
        changePasswordBody(t, passwordProblem),
        await jsonObject(c),
      );

      const user = await findUserById(db, c.var.user!.id);
      if (!user) return c.json(UNAUTHENTICATED, 401);
      if (!(await verifyPassword(user.passwordHash, current))) {
        const wrong = t('api.auth.currentPasswordWrong');
        throw new HttpError(422, wrong, { errors: { cur_password: [wrong] } });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(next), updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      // Everyone else signed in with the old password is signed out; this browser stays.
      await endUserSessions(db, user.id, c.var.session ? { except: c.var.session.id } : {});
      if (c.var.authVia !== 'token') await revokeUserTokens(db, user.id);
      return ok(c, null, { message: t('account.password.updated') });
    },
  )
  .get('/data-export', signedIn, async (c) => {
    const data = await customerDataExport(c.var.db, c.var.user!.id);
    if (!data) return c.json({ message: 'Unauthenticated.' }, 401);
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Disposition',
      `attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return c.json(data);
  })
  .post(
    '/delete-account',
    signedIn,
    rateLimit({ ...CHANGE_PASSWORD_LIMIT, key: (c) => (c.var.user ? `user:${c.var.user.id}` : null) }),
    validate('json', deleteAccountBody),
    async (c) => {
      const t = await translatorFor(c);
      const db = c.var.db;
      const user = await findUserById(db, c.var.user!.id);
      if (!user) return c.json({ message: 'Unauthenticated.' }, 401);
      const password = c.req.valid('json').password;
      if (password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(user.passwordHash, password))) {
        const wrong = t('api.auth.currentPasswordWrong');
        throw new HttpError(422, wrong, { errors: { password: [wrong] } });
      }
      // The sessions and tokens go with the account row (foreign keys); this browser's cookies too.
      const done = await eraseCustomer(db, { userId: user.id, actorId: null, reason: 'deleted by its owner' });
      clearSessionCookies(c);
      return ok(
        c,
        { kept_orders: done?.kept ?? 0, anonymised_orders: done?.anonymised ?? 0 },
        { message: t('account.delete.done') },
      );
    },
  );
