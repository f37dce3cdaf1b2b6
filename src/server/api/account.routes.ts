import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countries, users } from '../db/schema/index';
import { sendVerificationMail } from '../services/auth/account-mail';
import { revokeUserTokens } from '../services/auth/access-tokens';
import { hashPassword, verifyPassword } from '../services/auth/passwords';
import { allowedPhoneCountries, readPhoneFields } from '../services/auth/phone-fields';
import { getProfile } from '../services/auth/profile';
import { endUserSessions } from '../services/auth/sessions';
import { findUserByEmail, findUserById, normaliseEmail } from '../services/auth/users';
import { requireAuth } from './auth-guards';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { emailField, FormProblems, jsonObject, newPasswordField, optionalText, requiredText, translatorFor } from './form';
import { rateLimit } from './rate-limit';

export const CHANGE_PASSWORD_LIMIT = { name: 'change-password', limit: 10, windowSeconds: 900 } as const;

/**
 * /api/user/*: the signed-in customer's own data (unverified addresses may edit it too). Guards
 * sit on each route, not on the sub-app: /api/user/reset-password is a guest call.
 */
const signedIn = requireAuth();

export const accountApp = createRouter()
  .get('/profile', signedIn, async (c) => {
    c.header('Cache-Control', 'no-store');
    const profile = await getProfile(c.var.db, c.var.user!.id, c.var.currency);
    if (!profile) return c.json({ message: 'Unauthenticated.' }, 401);
    return ok(c, profile);
  })

  .put('/profile', signedIn, async (c) => {
    const t = await translatorFor(c);
    const db = c.var.db;
    const userId = c.var.user!.id;
    const body = await jsonObject(c);
    const problems = new FormProblems();
    const input = problems.parse(
      z.object({
        name: requiredText(t, 96),
        surname: requiredText(t, 96),
        email: emailField(t),
        address: optionalText(t, 255),
        city: optionalText(t, 96),
        post_code: optionalText(t, 16),
        country_id: z.preprocess(
          (v) => (v === undefined || v === '' ? null : v),
          z.coerce.number({ error: t('api.auth.invalidCountry') }).int(t('api.auth.invalidCountry')).positive(t('api.auth.invalidCountry')).max(2_147_483_647, t('api.auth.invalidCountry')).nullable(),
        ),
      }),
      body,
    );
    const phone = readPhoneFields(t, body, await allowedPhoneCountries(db), problems, { required: false });
    if (input?.country_id != null) {
      const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id)).limit(1);
      if (!country) problems.add('country_id', t('api.auth.invalidCountry'));
    }
    problems.throwIfAny(t('validation.personalInfo'));
    if (!input) throw new Error('unreachable: problems were thrown');

    const current = await findUserById(db, userId);
    if (!current) return c.json({ message: 'Unauthenticated.' }, 401);
    const emailChanged = normaliseEmail(current.email) !== normaliseEmail(input.email);
    if (emailChanged) {
      const owner = await findUserByEmail(db, input.email);
      if (owner && owner.id !== userId) {
        const taken = t('api.auth.emailTaken');
        throw new HttpError(422, taken, { errors: { email: [taken] } });
      }
    }
    try {
      await db
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
        .where(eq(users.id, userId));
    } catch (error) {
      if (emailChanged && (await findUserByEmail(db, input.email))?.id !== userId) {
        const taken = t('api.auth.emailTaken');
        throw new HttpError(422, taken, { errors: { email: [taken] } });
      }
      throw error;
    }
    if (emailChanged) await sendVerificationMail(db, { id: userId, email: input.email, name: input.name }, c.var.language.code, c.var.log);
    const profile = await getProfile(db, userId, c.var.currency);
    return ok(c, profile, { message: t(emailChanged ? 'api.auth.profileUpdatedVerify' : 'account.profile.updated') });
  })

  .post(
    '/change-password',
    signedIn,
    rateLimit({ ...CHANGE_PASSWORD_LIMIT, key: (c) => (c.var.user ? `user:${c.var.user.id}` : null) }),
    async (c) => {
      const t = await translatorFor(c);
      const db = c.var.db;
      const body = await jsonObject(c);
      const problems = new FormProblems();
      const required = t('validation.passwordRequired');
      // Blank after trimming counts as missing (§5); the password itself is kept as typed.
      const present = (field: string) => {
        const value = body[field];
        if (typeof value !== 'string' || value.trim() === '') {
          problems.add(field, required);
          return null;
        }
        return value;
      };
      const current = present('cur_password');
      const next = present('new_password');
      const repeat = present('repeat_password');
      if (next !== null) problems.parse(z.object({ new_password: newPasswordField(t) }), { new_password: next });
      if (next !== null && repeat !== null && next !== repeat) problems.add('repeat_password', t('validation.passwordsMismatch'));
      problems.throwIfAny();

      const user = await findUserById(db, c.var.user!.id);
      if (!user) return c.json({ message: 'Unauthenticated.' }, 401);
      if (!(await verifyPassword(user.passwordHash, current!))) {
        const wrong = t('api.auth.currentPasswordWrong');
        throw new HttpError(422, wrong, { errors: { cur_password: [wrong] } });
      }
      await db.update(users).set({ passwordHash: await hashPassword(next!), updatedAt: sql`now()` }).where(eq(users.id, user.id));
      // Everyone else signed in with the old password is signed out; this browser stays.
      await endUserSessions(db, user.id, c.var.session ? { except: c.var.session.id } : {});
      if (c.var.authVia !== 'token') await revokeUserTokens(db, user.id);
      return ok(c, null, { message: t('account.password.updated') });
    },
  );
