import { users } from '../db/schema/index';
import { createAccessToken, revokeAccessToken } from '../services/auth/access-tokens';
import { sendVerificationMail } from '../services/auth/account-mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../services/auth/passwords';
import { passwordProblem } from '@/lib/rules/password';
import { getProfile } from '../services/auth/profile';
import { endSession, startSession } from '../services/auth/sessions';
import { findUserByEmail } from '../services/auth/users';
import { allowedPhoneCountries, readPhoneFields } from '../services/auth/phone-fields';
import {
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_FAILURE_LIMIT,
  reserveSignInAttempt,
  signInSucceeded,
} from '../services/auth/sign-in-limits';
import { loadShopBasics } from '../services/request-context';
import { clientAddress, createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { fieldError, FormProblems, jsonObject, parseFields, translatorFor, withConfirmationAs } from './form';
import { rateLimit, tooManyRequests } from './rate-limit';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import type { Context } from 'hono';
import type { ApiEnv } from './env';
import { loginBody, registerForm } from '@/lib/contract/forms';

export { LOGIN_ACCOUNT_LIMIT, LOGIN_FAILURE_LIMIT };
/** Attempts per address across accounts, against password spraying. */
export const LOGIN_IP_LIMIT = { name: 'login-ip', limit: 30, windowSeconds: 60 } as const;
export const REGISTER_IP_LIMIT = { name: 'register-ip', limit: 10, windowSeconds: 3600 } as const;

/** Signs the user in on this browser: a new session id (the old one is dropped) and cookies. */
async function signInSession(c: Context<ApiEnv>, userId: number): Promise<void> {
  const started = await startSession(c.var.db, {
    userId,
    ip: clientAddress(c),
    userAgent: c.req.header('User-Agent'),
    replaces: c.var.session?.id ?? null,
  });
  setSessionCookies(c, started.cookieValue, started.csrfToken, started.session.expiresAt);
}

export const authApp = createRouter()
  .get('/is-auth', (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    return c.json({ status: 'OK', authenticated: user !== null, emailVerified: user?.emailVerified ?? false });
  })

  .post('/login', rateLimit(LOGIN_IP_LIMIT), async (c) => {
    const t = await translatorFor(c);
    const db = c.var.db;
    const required = t('validation.emailPasswordRequired');
    const input = parseFields(loginBody(t), await jsonObject(c), required);

    // Counted before the password is checked (ADR 009); see services/auth/sign-in-limits.ts.
    const attempt = await reserveSignInAttempt(db, input.username, clientAddress(c));
    if (!attempt.allowed)
      throw await tooManyRequests(c, { ...attempt.rule, limit: attempt.limit }, attempt.retryAfterSeconds);

    const user = await findUserByEmail(db, input.username);
    // An unknown address costs the same hashing work as a wrong password.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !passwordOk) throw fieldError('username', t('api.auth.invalidCredentials'));
    await signInSucceeded(db, attempt);

    c.header('Cache-Control', 'no-store');
    const profile = await getProfile(db, user.id, c.var.currency, c.var.language.id);
    if (input.device_name) {
      // API clients get a token and no cookies (docs/decisions/009-accounts.md).
      const token = await createAccessToken(db, user.id, input.device_name);
      return ok(c, { user: profile, token }, { message: t('api.auth.signedIn') });
    }
    await signInSession(c, user.id);
    return ok(c, { user: profile }, { message: t('api.auth.signedIn') });
  })

  .post('/register', rateLimit(REGISTER_IP_LIMIT), async (c) => {
    const t = await translatorFor(c);
    const db = c.var.db;
    const basics = await loadShopBasics(db);
    if (basics.settings && !basics.settings.isRegEnabled) throw new HttpError(403, t('api.auth.registrationDisabled'));

    const body = await jsonObject(c);
    const problems = new FormProblems();
    // The spec's two readings of the confirmation field are both accepted.
    const input = problems.parse(registerForm(t, passwordProblem), withConfirmationAs('passConfirm', body));
    const phone = readPhoneFields(t, body, await allowedPhoneCountries(db), problems, { required: true });
    problems.throwIfAny();
    if (!input || !phone) throw new Error('unreachable: problems were thrown');

    if (await findUserByEmail(db, input.email)) throw fieldError('email', t('api.auth.emailTaken'));

    const passwordHash = await hashPassword(input.password);
    let created: { id: number; email: string; name: string };
    try {
      [created] = (await db
        .insert(users)
        .values({
          name: input.name,
          surname: input.surname,
          email: input.email,
          phone: phone.phone,
          phoneCountryCode: phone.phoneCountryCode,
          nationalNumber: phone.nationalNumber,
          passwordHash,
          languageId: c.var.language.id > 0 ? c.var.language.id : null,
        })
        .returning({ id: users.id, email: users.email, name: users.name })) as [typeof created];
    } catch (error) {
      // Two registrations of one address at once: the unique index decides.
      if (await findUserByEmail(db, input.email)) throw fieldError('email', t('api.auth.emailTaken'));
      throw error;
    }
    await signInSession(c, created.id);
    await sendVerificationMail(db, created, c.var.language.code, c.var.log);
    c.header('Cache-Control', 'no-store');
    const profile = await getProfile(db, created.id, c.var.currency, c.var.language.id);
    return ok(c, { user: profile }, { message: t('api.auth.registered'), status: 201 });
  })

  .post('/logout', async (c) => {
    const t = await translatorFor(c);
    if (c.var.authVia === 'token' && c.var.tokenId !== null) await revokeAccessToken(c.var.db, c.var.tokenId);
    if (c.var.session) await endSession(c.var.db, c.var.session.id);
    clearSessionCookies(c);
    c.header('Cache-Control', 'no-store');
    return ok(c, null, { message: t('api.auth.loggedOut') });
  });
