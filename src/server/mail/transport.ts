import { type Transporter, createTransport } from 'nodemailer';

/** What every mail of the shop consists of: one recipient, HTML and a plain-text alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The mail's language code, kept in the outbox for the mail log (not a header). */
  language?: string | null;
  /** Files sent along (the paid mail's invoice). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends over SMTP; `send` rejects when the server refuses or cannot be reached. */
export interface Mailer {
  readonly smtpUrl: string;
  readonly from: string;
  /** `senderName` (the shop's name) names the sender when `from` is a bare address. */
  send(message: MailMessage, senderName?: string): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  smtpUrl: string;
  /** Sender address, e.g. `shop@example.com` or `"Gear Shop" <shop@example.com>`. */
  from: string;
}

/**
 * Short limits so that a dead or hanging server is noticed within seconds rather than minutes
 * (nodemailer's own defaults are 2 and 10 minutes); the request that sends waits for it.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

// One transport per URL for the life of the process: the URL carries host, port and credentials.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = createTransport({ url: smtpUrl, ...TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** MAIL_FROM as given when it names its sender already (`"Name" <a@b>`), else the shop's name before it. */
export function senderOf(from: string, senderName: string | undefined): string | { name: string; address: string } {
  const name = senderName?.replace(/[\r\n]+/g, ' ').trim();
  return name && !from.includes('<') ? { name, address: from.trim() } : from;
}

export function createMailer({ smtpUrl, from }: MailerOptions): Mailer {
  return {
    smtpUrl,
    from,
    async send({ to, subject, html, text, attachments }, senderName) {
      await transportFor(smtpUrl).sendMail({
        from: senderOf(from, senderName),
        to,
        subject,
        html,
        text,
        attachments: attachments ?? [],
      });
    },
  };
}

/** Closes every cached transport (shutdown, tests); the next send opens a new one. */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
