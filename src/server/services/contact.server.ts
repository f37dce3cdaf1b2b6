import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema/index';
import { getTranslator } from '../i18n/index';
import { sendMail } from '../mail/mailer';
import { loadShopBasics } from './request-context';
import { type ContactMessage, renderContactMail } from './contact';

/**
 * Stores the message first (it is the record), then mails it to settings.support_email in the
 * shop's default language. The mail goes through the outbox, so an SMTP problem is retried
 * there and never loses the message or fails the shopper's request.
 */
export async function submitContactMessage(
  db: Db,
  message: ContactMessage,
  options: { userId: number | null; log?: Logger },
): Promise<{ id: number; mailed: boolean }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId: options.userId })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  const { settings, languages } = await loadShopBasics(db);
  const to = settings?.supportEmail.trim() ?? '';
  if (!to) {
    options.log?.warn({ contactMessageId: id }, 'contact message stored; no support_email to mail it to');
    return { id, mailed: false };
  }
  try {
    const language = (languages.find((l) => l.isDefault) ?? languages[0])?.code ?? 'en';
    const mail = renderContactMail(message, { language, t: await getTranslator(db, language), signedInUserId: options.userId });
    await sendMail(db, { to, ...mail });
    return { id, mailed: true };
  } catch (error) {
    options.log?.error({ err: error, contactMessageId: id }, 'contact mail failed');
    return { id, mailed: false };
  }
}
