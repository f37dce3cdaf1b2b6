import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyServerTarget } from '../helpers/db';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  type Started,
  startServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { createHttpSession } from '../helpers/session';
import { startTestMailbox, type TestMailbox } from '../helpers/smtp';

/**
 * The whole mail round trip through the real server (`npm start`, demo data) and a real SMTP
 * server: registration mails a verification link, following it verifies the address; a
 * forgotten password is reset through its mailed link.
 */
let server: Started;
let box: TestMailbox;
let base: string;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  await ensureBuilt();
  box = await startTestMailbox();
  const target = await emptyServerTarget(tempDir());
  drop = target.drop;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({
    ...target.env,
    PORT: String(port),
    SEED: 'demo',
    SMTP_URL: box.url,
    PUBLIC_URL: base,
    MAIL_FROM: 'shop@gear.test',
  });
  await waitReady(server, 120_000);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await box?.close();
  await drop();
});

/** Follows a mailed link in this session: only the path and query, as the link is absolute. */
function pathOf(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(base);
  return url.pathname + url.search;
}

describe('accounts mail over SMTP', () => {
  it('register → verification mail → link → verified', async () => {
    const shopper = createHttpSession(base);
    const reg = await shopper.post('/api/register', {
      name: 'Greta',
      surname: '<b>Bold</b>',
      email: 'greta@example.org',
      phone: '+49 1512 3456789',
      phoneCountryCode: 'DE',
      nationalNumber: '15123456789',
      password: 'Summit2026',
      passConfirm: 'Summit2026',
    });
    expect(reg.status).toBe(201);
    expect((await shopper.get('/api/is-auth')).body).toEqual({
      status: 'OK',
      authenticated: true,
      emailVerified: false,
    });

    const mail = await box.waitFor('greta@example.org', { timeoutMs: 15_000 });
    expect(mail.from).toContain('shop@gear.test');
    expect(mail.subject).toMatch(/verify|confirm/i);
    expect(mail.html).toContain('Greta');
    expect(mail.text).toContain('Greta');
    const link = mail.links.find((l) => l.includes('/api/email/verify/'));
    expect(link, `links: ${mail.links.join(', ')}`).toBeDefined();
    // The same link in the HTML button and in the text version.
    expect(mail.text).toContain(link!);

    const followed = await shopper.request(pathOf(link!));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/email/verify/success');
    expect((await shopper.get('/api/is-auth')).body).toEqual({
      status: 'OK',
      authenticated: true,
      emailVerified: true,
    });
    const again = await shopper.request(pathOf(link!));
    expect(again.headers.get('location')).toBe('/email/verify/already-success');
  });

  it('forgotten password → reset mail → link → new password works, old one does not', async () => {
    const visitor = createHttpSession(base);
    const asked = await visitor.post('/api/user/reset-password', { email: 'demo@example.com' });
    expect(asked.body.message).toBe('Password reset link sent. Please check your email.');
    const mail = await box.waitFor('demo@example.com', { timeoutMs: 15_000 });
    const link = mail.links.find((l) => l.includes('/reset-password?'));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/reset-password');
    expect(url.searchParams.get('email')).toBe('demo@example.com');

    const reset = await visitor.post('/api/reset-password', {
      token: url.searchParams.get('token'),
      email: url.searchParams.get('email'),
      password: 'Fresh-Start-9',
      password_confirmation: 'Fresh-Start-9',
    });
    expect(reset.status).toBe(200);
    expect((await createHttpSession(base).signIn('demo@example.com', 'Demo1234!')).status).toBe(422);
    expect((await createHttpSession(base).signIn('demo@example.com', 'Fresh-Start-9')).status).toBe(200);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const visitor = createHttpSession(base);
    const asked = await visitor.post('/api/user/reset-password', { email: 'stranger@example.org' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('Password reset link sent. Please check your email.');
    await expect(box.waitFor('stranger@example.org', { timeoutMs: 1_500 })).rejects.toThrow();
  });
});
