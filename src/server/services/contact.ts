/**
 * Contact form (accounts spec §2 Contact page, §3 Contact message): field limits and the mail
 * to the shop's support address. Pure; storing and sending is contact.server.ts.
 */
import type { Translator } from '../i18n/index';
import { type MailContent, escapeHtml, renderMailLayout } from '../mail/templates';

export interface ContactMessage {
  name: string;
  surname: string;
  email: string;
  /** E.164. */
  phone: string;
  phoneCountryCode: string;
  nationalNumber: string;
  topic: string;
  message: string;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The support mail. sendMail has no Reply-To, so the sender's address is the first thing in
 * the body (as a mailto link) for whoever answers.
 */
export function renderContactMail(
  message: ContactMessage,
  options: { language: string; t: Translator; signedInUserId?: number | null },
): MailContent {
  const { t } = options;
  const rows: Array<[string, string]> = [
    [t('contact.mail.from'), oneLine(`${message.name} ${message.surname}`)],
    [t('contact.email'), message.email],
    [t('contact.phone'), message.phone],
    [t('contact.topic'), oneLine(message.topic)],
  ];
  if (options.signedInUserId) rows.push([t('contact.mail.account'), `#${options.signedInUserId}`]);
  const cell = 'padding:6px 12px 6px 0;vertical-align:top;';
  const mailto = `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}`;
  const table =
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">` +
    rows
      .map(([label, value], i) => {
        const shown = i === 1 ? `<a href="${escapeHtml(mailto)}">${escapeHtml(value)}</a>` : escapeHtml(value);
        return `<tr><th scope="row" style="${cell}text-align:left;">${escapeHtml(label)}</th><td style="${cell}">${shown}</td></tr>`;
      })
      .join('') +
    `</table>`;
  const body = `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c2410c;background:#f1f5f9;white-space:pre-wrap;">${escapeHtml(message.message)}</div>`;
  const text = rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return renderMailLayout({
    language: options.language,
    t,
    subject: t('contact.mail.subject', { topic: oneLine(message.topic) }),
    heading: t('contact.mail.heading'),
    blocks: [
      { kind: 'paragraph', text: t('contact.mail.intro') },
      { kind: 'note', text: t('contact.mail.replyTo', { email: message.email }) },
      { kind: 'html', html: table, text },
      { kind: 'html', html: body, text: `${t('contact.message')}:\n${message.message}` },
    ],
  });
}

/**
 * The acknowledgement to the sender, in the language they wrote in: their topic, a copy of their
 * message, and that the shop will answer. Nothing the sender did not type is added, so the mail
 * cannot carry someone else's content to a third-party address typed into the form.
 */
export function renderContactAcknowledgement(
  message: ContactMessage,
  options: { language: string; t: Translator },
): MailContent {
  const { t } = options;
  const topic = oneLine(message.topic);
  const shop = t('app.name');
  const body = `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c2410c;background:#f1f5f9;white-space:pre-wrap;">${escapeHtml(message.message)}</div>`;
  return renderMailLayout({
    language: options.language,
    t,
    subject: t('contact.ack.subject', { topic, shop }),
    heading: t('contact.ack.heading'),
    name: oneLine(message.name),
    blocks: [
      { kind: 'paragraph', text: t('contact.ack.intro', { topic, shop }) },
      { kind: 'html', html: body, text: message.message },
      { kind: 'paragraph', text: t('contact.ack.answer') },
    ],
  });
}
