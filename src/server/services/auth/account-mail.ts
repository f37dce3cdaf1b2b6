import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { sendMail } from '@/server/mail/mailer';
import {
  formatMailDate,
  renderEmailChangedMail,
  renderPasswordResetMail,
  renderVerificationMail,
} from '@/server/mail/templates';
import { shopUrl } from '@/server/mail/links';
import { getTranslator } from '@/server/i18n/index';
import { loadShopBasics } from '../request-context';
import { verificationUrl } from './email-verification';
import { createResetToken, resetUrl, RESET_TOKEN_TTL_MINUTES } from './password-reset';

interface Recipient {
  id: number;
  email: string;
  name: string;
  /** The language the account chose; mail falls back to the request's language. */
  languageId?: number | null;
}

async function mailLanguage(db: Db, user: Recipient, requestLanguage: string): Promise<string> {
  if (user.languageId == null) return requestLanguage;
  const { languages } = await loadShopBasics(db);
  return languages.find((l) => l.id === user.languageId)?.code ?? requestLanguage;
}

/**
 * Mails the verification link in the shopper's language. Delivery problems are kept in the
 * outbox and retried there; they never fail the request that caused the mail.
 */
export async function sendVerificationMail(db: Db, user: Recipient, language: string, log?: Logger): Promise<boolean> {
  try {
    const url = await verificationUrl(db, user);
    const code = await mailLanguage(db, user, language);
    const mail = renderVerificationMail({ language: code, t: await getTranslator(db, code), name: user.name, url });
    await sendMail(db, { to: user.email, ...mail });
    return true;
  } catch (error) {
    log?.error({ err: error, userId: user.id }, 'verification mail failed');
    return false;
  }
}

export async function sendPasswordResetMail(db: Db, user: Recipient, language: string, log?: Logger): Promise<void> {
  const token = await createResetToken(db, user);
  const code = await mailLanguage(db, user, language);
  const mail = renderPasswordResetMail({
    language: code,
    t: await getTranslator(db, code),
    name: user.name,
    url: await resetUrl(db, code, token, user.email),
    expiresMinutes: RESET_TOKEN_TTL_MINUTES,
  });
  await sendMail(db, { to: user.email, ...mail });
  log?.info({ userId: user.id }, 'password reset mail queued');
}

/**
 * Tells the old address that the account moved to another one (ADR 009), so an owner whose
 * session was taken over learns of it where the attacker cannot read: when, to which address,
 * and how to reach support. Like every account mail it never fails the request.
 */
export async function sendEmailChangedNotice(
  db: Db,
  user: Recipient,
  change: { oldEmail: string; newEmail: string; at: Date },
  language: string,
  log?: Logger,
): Promise<boolean> {
  try {
    const code = await mailLanguage(db, user, language);
    const { settings } = await loadShopBasics(db);
    const mail = renderEmailChangedMail({
      language: code,
      t: await getTranslator(db, code),
      name: user.name,
      oldEmail: change.oldEmail,
      newEmail: change.newEmail,
      date: formatMailDate(change.at, code),
      supportEmail: settings?.supportEmail ?? '',
      contactUrl: await shopUrl(db, code, '/contact'),
    });
    await sendMail(db, { to: change.oldEmail, ...mail });
    return true;
  } catch (error) {
    log?.error({ err: error, userId: user.id }, 'email change notice failed');
    return false;
  }
}
