/**
 * The e2e mail path: a real SMTP server (smtp-server) inside the Playwright runner receives the
 * shop's mail and drops each message as JSON into <data dir>/mail, where test workers (other
 * processes) read it. The shop is started with SMTP_URL pointing here (playwright.config.ts).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReceivedMail, startTestMailbox } from '~/tests/helpers/smtp';

export type E2eMail = Omit<ReceivedMail, 'raw'>;

export function mailDir(dataDir: string): string {
  return join(dataDir, 'mail');
}

let seq = 0;

/** In the runner only; the listener does not keep the runner alive. */
export function startE2eMailbox(port: number, dataDir: string): void {
  const dir = mailDir(dataDir);
  mkdirSync(dir, { recursive: true });
  startTestMailbox({
    port,
    unref: true,
    onMessage: ({ raw: _raw, ...mail }) => {
      writeFileSync(join(dir, `${Date.now()}-${String(++seq).padStart(5, '0')}.json`), JSON.stringify(mail));
    },
  }).catch((error: unknown) => {
    console.error(`e2e mailbox could not listen on ${port}: ${String(error)}`);
  });
}

/** The newest mail to `to` (case-insensitive) whose subject matches, waiting for it to arrive. */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<E2eMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const dir = mailDir(dataDir);
  for (;;) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as E2eMail;
      if (mail.to.includes(address) && (!options.subject || options.subject.test(mail.subject))) return mail;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} within ${options.timeoutMs ?? 15_000} ms (${files.length} in the box)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
