/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and a free port: no TLS,
 * authentication optional (any user/password is accepted). Received mail is parsed into subject,
 * text, HTML and the links it contains.
 *
 *   const box = await startTestMailbox();
 *   // … run the shop with SMTP_URL = box.url, or createMailer({ smtpUrl: box.url, from }) …
 *   const mail = await box.waitFor('ann@example.com');
 *   await fetch(mail.links[0]);
 *   await box.close();
 *
 * waitFor() hands out each message once, in the order received: a second call for the same
 * address waits for the next mail to it.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { extractLinks } from '@/server/mail/mailbox';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Absolute links: the HTML's href targets, then URLs in the text; each once. */
  links: string[];
  headers: Record<string, string>;
  raw: string;
}

export interface TestMailbox {
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Every message received so far, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /** The next not yet handed out message to `to` (case-insensitive); rejects after timeoutMs. */
  waitFor(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface TestMailboxOptions {
  /** Listen on this port (e.g. one a test first used as a dead server); default: a free one. */
  port?: number;
  /** Called with each message as it arrives (e.g. to hand it to another process). */
  onMessage?: (mail: ReceivedMail) => void;
  /** Do not keep the process alive for the listener (a mailbox inside a test runner). */
  unref?: boolean;
}

// ---------------------------------------------------------------- a tiny RFC 822 / MIME reader

interface Part {
  headers: Record<string, string>;
  /** The body as a binary string (one char per byte). */
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function headerParams(value: string): { value: string; params: Record<string, string> } {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    params[item.slice(0, eq).trim().toLowerCase()] = item
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { value: first.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function quotedPrintableBytes(text: string): Buffer {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(unfolded.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = headerParams(part.headers['content-type'] ?? '').params.charset;
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintableBytes(part.body)
        : Buffer.from(part.body, 'latin1');
  return decodeCharset(bytes, charset);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintableBytes(data.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

/** Leaf parts of a (possibly nested) multipart message. */
function leaves(part: Part): Part[] {
  const type = headerParams(part.headers['content-type'] ?? 'text/plain');
  const boundary = type.params.boundary;
  if (!type.value.startsWith('multipart/') || !boundary) return [part];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // sections[0] is the preamble; the last one starts with "--" (the closing delimiter).
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^[ \t]*\r?\n/, ''))));
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const message = splitPart(raw);
  let text = '';
  let html = '';
  for (const leaf of leaves(message)) {
    const type = headerParams(leaf.headers['content-type'] ?? 'text/plain').value;
    if (type === 'text/plain' && !text) text = decodeBody(leaf);
    else if (type === 'text/html' && !html) html = decodeBody(leaf);
  }
  const headers = Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, decodeHeader(v)]));
  return {
    to: envelopeTo.map((address) => address.toLowerCase()),
    from: headers.from ?? '',
    subject: headers.subject ?? '',
    text,
    html,
    links: extractLinks(html, text),
    headers,
    raw,
  };
}

// ---------------------------------------------------------------- the server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A port nothing listens on (for "SMTP server down" tests). */
export const unusedPort = freePort;

export async function startTestMailbox(options: TestMailboxOptions = {}): Promise<TestMailbox> {
  const messages: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo.map((address) => address.address);
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'), rcpt);
        messages.push(mail);
        options.onMessage?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.on('error', () => {});

  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  if (options.unref) server.server.unref();

  function take(to: string): ReceivedMail | undefined {
    const address = to.toLowerCase();
    const found = messages.find(
      (m) => !handedOut.has(m) && (m.to.includes(address) || m.headers.to?.toLowerCase().includes(address)),
    );
    if (found) handedOut.add(found);
    return found;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(to, { timeoutMs = 10_000 } = {}) {
      const ready = take(to);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = messages.map((m) => m.to.join(',')).join('; ') || 'none';
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
