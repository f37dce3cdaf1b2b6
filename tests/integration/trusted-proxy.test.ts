import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '@/server/api/auth.routes';
import { handleApiRequest } from '@/server/api/handler';
import { sessions } from '@/server/db/schema/index';
import { sha256Hex } from '@/server/services/auth/crypto';
import { useTestDatabase } from '../helpers/db';
import { seedAccountsFixture } from '../helpers/fixture-accounts';
import { type ApiSession, createApiSession, createUser } from '../helpers/session';

// config() is read once per process: the proxy list must be in place before the first request.
vi.hoisted(() => {
  process.env.TRUST_PROXY = '10.0.0.0/8';
});

const database = useTestDatabase({ seed: 'none' });
const PASSWORD = 'Trail-Runner-42';

/**
 * A browser-like session through the Astro route's handler (src/server/api/handler.ts), with the
 * socket peer and extra headers (X-Forwarded-*) the test chooses for each request.
 */
function sessionFrom(peer: string): { session: ApiSession; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const session = createApiSession({
    request(path, init = {}) {
      const merged = new Headers(init.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      const request = new Request(new URL(path, 'http://shop.test'), { ...init, headers: merged });
      return handleApiRequest({ request, clientAddress: peer, locals: {} } as unknown as APIContext);
    },
  });
  return { session, headers };
}

async function sessionIp(session: ApiSession): Promise<string | null> {
  const id = sha256Hex(session.cookies.get('shop_session')!);
  const [row] = await database().db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.id, id));
  return row?.ip ?? null;
}

function cookieLine(res: Response, name: string): string {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? '';
}

beforeAll(async () => {
  await seedAccountsFixture(database().db);
});

describe('client address with TRUST_PROXY=10.0.0.0/8', () => {
  it('ignores X-Forwarded-For and -Proto from an untrusted peer: a spoofed address per try does not escape the limit', async () => {
    const email = 'spoofer@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const { session, headers } = sessionFrom('::ffff:203.0.113.9');
    headers['X-Forwarded-Proto'] = 'https';
    headers['X-Forwarded-For'] = '198.51.100.1';
    const csrf = await session.csrf();
    expect(csrf.status).toBe(204);
    expect(await sessionIp(session)).toBe('203.0.113.9');
    expect(cookieLine(csrf, 'shop_session')).not.toMatch(/;\s*Secure/i);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      headers['X-Forwarded-For'] = `198.51.100.${i + 10}`;
      expect((await session.signIn(email, `Wrong-${i}`)).status).toBe(422);
    }
    headers['X-Forwarded-For'] = '198.51.100.99';
    const blocked = await session.signIn(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });

  it('believes a trusted proxy: the rightmost untrusted hop is the client, and https makes cookies Secure', async () => {
    const email = 'proxied@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const { session, headers } = sessionFrom('10.0.0.5');
    // "6.6.6.6" is what the client wrote itself; the proxy appended the real 198.51.100.77.
    headers['X-Forwarded-For'] = '6.6.6.6, 198.51.100.77';
    headers['X-Forwarded-Proto'] = 'https';
    const csrf = await session.csrf();
    expect(await sessionIp(session)).toBe('198.51.100.77');
    expect(cookieLine(csrf, 'shop_session')).toMatch(/;\s*Secure/i);
    expect(cookieLine(csrf, 'XSRF-TOKEN')).toMatch(/;\s*Secure/i);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      expect((await session.signIn(email, `Wrong-${i}`)).status).toBe(422);
    }
    expect((await session.signIn(email, PASSWORD)).status).toBe(429);
    // Another client behind the same proxy has its own count.
    headers['X-Forwarded-For'] = '198.51.100.78';
    const other = await session.signIn(email, PASSWORD);
    expect(other.status).toBe(200);
    expect(cookieLine(other.res, 'shop_session')).toMatch(/;\s*Secure/i);
    expect(await sessionIp(session)).toBe('198.51.100.78');
  });

  it('without X-Forwarded-Proto https a trusted proxy gets plain cookies (PUBLIC_URL is http)', async () => {
    const { session, headers } = sessionFrom('10.1.2.3');
    headers['X-Forwarded-Proto'] = 'http';
    const csrf = await session.csrf();
    expect(cookieLine(csrf, 'shop_session')).not.toMatch(/;\s*Secure/i);
    expect(await sessionIp(session)).toBe('10.1.2.3');
  });
});
