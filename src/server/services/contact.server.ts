import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema/index';
import { getTranslator } from '../i18n/index';
import { sendMail } from '../mail/mailer';
import { loadShopBasics } from './request-context';
import { type ContactMessage, renderContactAcknowledgement, renderContactMail } from './contact';

/**
 * Stores the message first (it is the record), then mails it to settings.support_email in the
 * shop's default language. The mail goes through the outbox, so an SMTP problem is retried
 * there and never loses the message or fails the shopper's request.
 */
export async function submitContactMessage(
  db: Db,
  message: ContactMessage,
  options: { userId: number | null; log?: Logger; senderLanguage?: string },
): Promise<{ id: number; mailed: boolean }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId: options.userId })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  const { settings, languages } = await loadShopBasics(db);
  await acknowledge(
    db,
    id,
    message,
    options.senderLanguage ?? (languages.find((l) => l.isDefault) ?? languages[0])?.code ?? 'en',
    options.log,
  );
  const to = settings?.supportEmail.trim() ?? '';
  if (!to) {
    options.log?.warn({ contactMessageId: id }, 'contact message stored; no support_email to mail it to');
    return { id, mailed: false };
  }
  try {
    const language = (languages.find((l) => l.isDefault) ?? languages[0])?.code ?? 'en';
    const mail = renderContactMail(message, {
      language,
      t: await getTranslator(db, language),
      signedInUserId: options.userId,
    });
    await sendMail(db, { to, ...mail });
    return { id, mailed: true };
  } catch (error) {
    options.log?.error({ err: error, contactMessageId: id }, 'contact mail failed');
    return { id, mailed: false };
  }
}

/** The sender's copy (ADR 023 "What the customer sees"); a failure is logged, never thrown. */
async function acknowledge(db: Db, id: number, message: ContactMessage, language: string, log?: Logger): Promise<void> {
  try {
    const mail = renderContactAcknowledgement(message, { language, t: await getTranslator(db, language) });
    await sendMail(db, { to: message.email, ...mail });
  } catch (error) {
    log?.error({ err: error, contactMessageId: id }, 'contact acknowledgement failed');
  }
}
