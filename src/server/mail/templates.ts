import { keyUnder } from '@/lib/translator';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { languages } from '../db/schema/index';
import { FALLBACK_LANGUAGE, type Translator, fileMessages, getTranslator } from '../i18n/index';
import { fill } from '@/lib/rules/placeholders';

/**
 * The shop's mails: one layout (renderMailLayout) that every mail uses, HTML with inline styles
 * (mail clients ignore style sheets) and a plain-text alternative, texts from the `mail.*`
 * messages in the recipient's language. Every text is escaped here; only MailBlock 'html' is
 * trusted markup.
 */

export interface MailContent {
  subject: string;
  html: string;
  text: string;
  /** The language it is written in (stored with the outbox row for the mail log). */
  language: string;
}

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A button with the absolute link, followed by the link as text for clients without buttons. */
  | { kind: 'action'; label: string; url: string }
  /** Smaller, muted text (expiry, "ignore this mail if …"). */
  | { kind: 'note'; text: string }
  /** Markup the caller built and escaped itself (e.g. an order table), with its text form. */
  | { kind: 'html'; html: string; text: string };

export interface MailLayoutOptions {
  /** Language code of the recipient (en, de, fr, …): the texts and the HTML `lang`. */
  language: string;
  /** Translator of that language; defaults to the bundled message files (fileTranslator). */
  t?: Translator;
  /** Subject line, already translated. */
  subject: string;
  heading: string;
  /** The recipient's name for the greeting; empty/absent gives a greeting without a name. */
  name?: string | null;
  blocks: MailBlock[];
}

const COLORS = {
  ink: '#0f172a',
  muted: '#475569',
  surface: '#f1f5f9',
  paper: '#ffffff',
  border: '#e2e8f0',
  accent: '#c2410c',
  link: '#9a3412',
};
const FONT = 'Arial, Helvetica, sans-serif';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Links in mail must be absolute http(s) URLs (built from PUBLIC_URL). */
function assertAbsoluteUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail link is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Mail link must be http(s): ${url}`);
  }
  return url;
}

/** A translator over the bundled message files only (no database): English for missing keys. */
export function fileTranslator(language: string): Translator {
  const own = fileMessages(language);
  const fallback = fileMessages(FALLBACK_LANGUAGE);
  return (key, vars = {}) => fill(own[key] ?? fallback[key] ?? key, vars);
}

/**
 * The language code and translator for a user's language id (users.language_id), with the
 * database's edited texts; English when the id is null or unknown.
 */
export async function mailLocale(
  db: Db,
  languageId: number | null | undefined,
): Promise<{ language: string; t: Translator }> {
  let language = FALLBACK_LANGUAGE;
  if (languageId != null) {
    const [row] = await db.select({ code: languages.code }).from(languages).where(eq(languages.id, languageId));
    if (row) language = row.code.trim().toLowerCase();
  }
  return { language, t: await getTranslator(db, language) };
}

/** Names and other single-line values: no line breaks smuggled into the text version. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const paragraph = (html: string, style = '') => `<p style="margin:0 0 16px;${style}">${html}</p>`;

function blockHtml(block: MailBlock, t: Translator): string {
  switch (block.kind) {
    case 'paragraph':
      return paragraph(escapeHtml(block.text));
    case 'note':
      return paragraph(escapeHtml(block.text), `font-size:14px;color:${COLORS.muted};`);
    case 'html':
      return block.html;
    case 'action': {
      const href = escapeHtml(assertAbsoluteUrl(block.url));
      const button =
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;">` +
        `<tr><td style="border-radius:8px;background:${COLORS.accent};">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;` +
        `font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>`;
      const fallback = paragraph(
        `${escapeHtml(t('mail.layout.buttonFallback'))}<br>` +
          `<a href="${href}" style="color:${COLORS.link};word-break:break-all;">${href}</a>`,
        `font-size:14px;color:${COLORS.muted};`,
      );
      return button + fallback;
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'html':
      return block.text;
    case 'action':
      return `${block.label}:\n${assertAbsoluteUrl(block.url)}`;
  }
}

/** The common frame of every mail: shop name, heading, greeting, blocks, signature, footer. */
export function renderMailLayout(options: MailLayoutOptions): MailContent {
  const t = options.t ?? fileTranslator(options.language);
  const shop = t('app.name');
  const name = oneLine(options.name ?? '');
  const greeting = name ? t('mail.layout.greeting', { name }) : t('mail.layout.greetingAnonymous');
  const subject = oneLine(options.subject);
  const regards = t('mail.layout.regards');
  const team = t('mail.layout.team', { shop });
  const footer = t('mail.layout.automatic', { shop });

  const body = options.blocks.map((block) => blockHtml(block, t)).join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.surface};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.surface};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${COLORS.paper};border-radius:10px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.ink};">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${COLORS.border};font-size:20px;font-weight:bold;color:${COLORS.accent};">${escapeHtml(shop)}</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(options.heading)}</h1>
${paragraph(escapeHtml(greeting))}
${body}
${paragraph(`${escapeHtml(regards)}<br>${escapeHtml(team)}`, 'margin:24px 0 0;')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid ${COLORS.border};font-size:13px;color:${COLORS.muted};">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    shop,
    options.heading,
    greeting,
    ...options.blocks.map(blockText),
    `${regards}\n${team}`,
    `-- \n${footer}`,
  ].join('\n\n');

  return { subject, html, text: `${text}\n`, language: options.language };
}

export interface LinkMailOptions {
  /** Recipient's language code (en, de, fr, …). */
  language: string;
  /** Recipient's first name (escaped here). */
  name?: string | null;
  /** The absolute link (from config().PUBLIC_URL). */
  url: string;
  /** Translator with the database's texts (mailLocale / getTranslator); else the bundled files. */
  t?: Translator;
  /** Validity of the link, stated in the mail when given. */
  expiresMinutes?: number;
}

/**
 * A mail whose point is one link, texts under `mail.<area>.*`: intro, the button, how long the
 * link lasts (when `expiry` says), and "ignore this mail if you did not ask for it".
 */
function renderOneLinkMail(
  area: string,
  options: LinkMailOptions,
  expiry: (t: Translator) => string | null,
): MailContent {
  const t = options.t ?? fileTranslator(options.language);
  const shop = t('app.name');
  const validity = expiry(t);
  return renderMailLayout({
    language: options.language,
    t,
    subject: t(keyUnder(`mail.${area}.`, 'subject'), { shop }),
    heading: t(keyUnder(`mail.${area}.`, 'heading')),
    name: options.name,
    blocks: [
      { kind: 'paragraph', text: t(keyUnder(`mail.${area}.`, 'intro'), { shop }) },
      { kind: 'action', label: t(keyUnder(`mail.${area}.`, 'action')), url: options.url },
      ...(validity ? [{ kind: 'note', text: validity } as const] : []),
      { kind: 'note', text: t(keyUnder(`mail.${area}.`, 'ignore')) },
    ],
  });
}

export function renderVerificationMail(options: LinkMailOptions): MailContent {
  return renderOneLinkMail('verify', options, (t) =>
    options.expiresMinutes ? t('mail.verify.expiry', { minutes: options.expiresMinutes }) : null,
  );
}

export function renderPasswordResetMail(options: LinkMailOptions): MailContent {
  return renderOneLinkMail('reset', options, (t) => t('mail.reset.expiry', { minutes: options.expiresMinutes ?? 60 }));
}

export interface EmailChangedMailOptions {
  language: string;
  t?: Translator;
  name?: string | null;
  oldEmail: string;
  newEmail: string;
  /** When the change was made, already formatted for the language (formatMailDate). */
  date: string;
  /** settings.support_email; empty when the shop has none (the contact page is named alone). */
  supportEmail: string;
  /** Absolute link to the contact page. */
  contactUrl: string;
}

/** To the old address after an email change: what changed, when, and how to reach support. */
export function renderEmailChangedMail(options: EmailChangedMailOptions): MailContent {
  const t = options.t ?? fileTranslator(options.language);
  const shop = t('app.name');
  const support = options.supportEmail.trim();
  return renderMailLayout({
    language: options.language,
    t,
    subject: t('mail.emailChanged.subject', { shop }),
    heading: t('mail.emailChanged.heading'),
    name: options.name,
    blocks: [
      {
        kind: 'paragraph',
        text: t('mail.emailChanged.intro', { date: options.date, shop, old: options.oldEmail, new: options.newEmail }),
      },
      {
        kind: 'paragraph',
        text: support ? t('mail.emailChanged.notYou', { email: support }) : t('mail.emailChanged.notYouContactPage'),
      },
      { kind: 'action', label: t('mail.emailChanged.action'), url: options.contactUrl },
    ],
  });
}

/** Double opt-in for the newsletter: nobody named (the address is all we know). */
export function renderNewsletterConfirmMail(options: LinkMailOptions & { expiresDays: number }): MailContent {
  return renderOneLinkMail('newsletter', { ...options, name: null }, (t) =>
    t('mail.newsletter.expiry', { days: options.expiresDays }),
  );
}

/** A moment in the recipient's language, with the time zone named (mail has no local clock). */
export function formatMailDate(date: Date, language: string): string {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date);
  try {
    return `${format(language)} UTC`;
  } catch {
    return `${format('en')} UTC`;
  }
}
