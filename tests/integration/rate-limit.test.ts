import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { createRouter } from '@/server/api/env';
import { ok } from '@/server/api/envelope';
import { rateLimit } from '@/server/api/rate-limit';
import { rateLimits } from '@/server/db/schema/index';
import {
  forgiveRateLimitHit,
  hitRateLimit,
  pruneRateLimits,
  rateLimitKey,
  resetRateLimit,
} from '@/server/services/rate-limit';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'demo' });
const rule = { name: 'unit', limit: 3, windowSeconds: 60 };

async function expireWindow(key: string) {
  await database()
    .db.update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, key));
}

describe('hitRateLimit (fixed window in the database)', () => {
  it('allows `limit` hits per window and then refuses with the time left', async () => {
    const db = database().db;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(db, rule, 'ip-a'));
    expect(results.map((r) => [r.allowed, r.count, r.remaining])).toEqual([
      [true, 1, 2],
      [true, 2, 1],
      [true, 3, 0],
      [false, 4, 0],
      [false, 5, 0],
    ]);
    const last = results[4]!;
    expect(last.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(last.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The window does not slide: every hit reports the same end.
    expect(new Set(results.map((r) => r.resetAt.getTime())).size).toBe(1);
  });

  it('keeps identifiers and rule names apart', async () => {
    const db = database().db;
    expect((await hitRateLimit(db, rule, 'ip-b')).count).toBe(1);
    expect((await hitRateLimit(db, { ...rule, name: 'other' }, 'ip-a')).count).toBe(1);
  });

  it('starts a new window once the old one has ended', async () => {
    const db = database().db;
    for (let i = 0; i < 4; i++) await hitRateLimit(db, rule, 'ip-c');
    expect((await hitRateLimit(db, rule, 'ip-c')).allowed).toBe(false);
    await expireWindow(rateLimitKey('unit', 'ip-c'));
    const fresh = await hitRateLimit(db, rule, 'ip-c');
    expect(fresh).toMatchObject({ allowed: true, count: 1, remaining: 2 });
    expect(fresh.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });

  it('ends a real short window on its own', async () => {
    const db = database().db;
    const short = { name: 'short', limit: 1, windowSeconds: 1 };
    expect((await hitRateLimit(db, short, 'x')).allowed).toBe(true);
    expect((await hitRateLimit(db, short, 'x')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await hitRateLimit(db, short, 'x')).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const db = database().db;
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db, rule, 'burst')));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('gives back one hit of the current window and never goes below zero or touches an ended window', async () => {
    const db = database().db;
    for (let i = 0; i < 3; i++) await hitRateLimit(db, rule, 'forgive');
    await forgiveRateLimitHit(db, rule, 'forgive');
    expect(await hitRateLimit(db, rule, 'forgive')).toMatchObject({ allowed: true, count: 3 });
    expect((await hitRateLimit(db, rule, 'forgive')).allowed).toBe(false);
    for (let i = 0; i < 10; i++) await forgiveRateLimitHit(db, rule, 'forgive');
    expect((await hitRateLimit(db, rule, 'forgive')).count).toBe(1);
    // Nothing to give back for a key never hit, nor once its window has ended.
    await forgiveRateLimitHit(db, rule, 'never-hit');
    expect((await hitRateLimit(db, rule, 'never-hit')).count).toBe(1);
    await expireWindow(rateLimitKey('unit', 'never-hit'));
    await forgiveRateLimitHit(db, rule, 'never-hit');
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, rateLimitKey('unit', 'never-hit')));
    expect(row!.count).toBe(1);
  });

  it('hashes identifiers that would not fit the key column', async () => {
    const long = 'a'.repeat(500);
    const key = rateLimitKey('login', long);
    expect(key.length).toBeLessThanOrEqual(191);
    expect(key).not.toContain('aaaa');
    expect(rateLimitKey('login', long)).toBe(key);
    expect((await hitRateLimit(database().db, rule, long)).count).toBe(1);
  });

  it('resets one key and prunes ended windows', async () => {
    const db = database().db;
    await hitRateLimit(db, rule, 'to-reset');
    await resetRateLimit(db, 'unit', 'to-reset');
    expect((await hitRateLimit(db, rule, 'to-reset')).count).toBe(1);
    await expireWindow(rateLimitKey('unit', 'to-reset'));
    expect(await pruneRateLimits(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, rateLimitKey('unit', 'to-reset')));
    expect(left).toEqual([]);
  });

  it('rejects nonsense rules', async () => {
    await expect(hitRateLimit(database().db, { name: 'bad', limit: 0, windowSeconds: 1 }, 'x')).rejects.toThrow(
      RangeError,
    );
    await expect(hitRateLimit(database().db, { name: 'bad', limit: 1, windowSeconds: 0.5 }, 'x')).rejects.toThrow(
      RangeError,
    );
  });
});

describe('rateLimit middleware', () => {
  const api = createApi();
  api.route(
    '/api/rl-test',
    createRouter()
      .get('/ip', rateLimit({ name: 'mw-ip', limit: 2, windowSeconds: 30 }), (c) => ok(c, 'fine'))
      .get(
        '/keyed',
        rateLimit({ name: 'mw-key', limit: 1, windowSeconds: 30, key: (c) => c.req.query('user') ?? null }),
        (c) => ok(c, 'fine'),
      ),
  );
  const from = (ip: string) => ({ clientAddress: ip });

  it('counts per client address and answers 429 with Retry-After and a clear message', async () => {
    const a1 = await api.request('/api/rl-test/ip', {}, from('10.0.0.1'));
    expect(a1.status).toBe(200);
    expect(a1.headers.get('ratelimit-limit')).toBe('2');
    expect(a1.headers.get('ratelimit-remaining')).toBe('1');
    expect((await api.request('/api/rl-test/ip', {}, from('10.0.0.1'))).status).toBe(200);
    const blocked = await api.request('/api/rl-test/ip', {}, from('10.0.0.1'));
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(29);
    expect(retry).toBeLessThanOrEqual(30);
    expect(await blocked.json()).toEqual({
      status: 'ERROR',
      code: 'rate_limited',
      message: `Too many requests. Please try again in ${retry} seconds.`,
    });
    // Another address is not affected.
    expect((await api.request('/api/rl-test/ip', {}, from('10.0.0.2'))).status).toBe(200);
  });

  it('speaks the request language', async () => {
    const languages = (await (await api.request('/api/languages')).json()).payload as { id: number; code: string }[];
    const de = languages.find((l) => l.code === 'de')!.id;
    for (let i = 0; i < 2; i++) await api.request('/api/rl-test/ip', {}, from('10.0.0.3'));
    const blocked = await api.request(`/api/rl-test/ip?lang_id=${de}`, {}, from('10.0.0.3'));
    expect(blocked.status).toBe(429);
    const retry = blocked.headers.get('retry-after');
    expect((await blocked.json()).message).toBe(
      `Zu viele Anfragen. Bitte versuchen Sie es in ${retry} Sekunden erneut.`,
    );
  });

  it('uses a custom key and skips the limit when it returns null', async () => {
    expect((await api.request('/api/rl-test/keyed?user=ann')).status).toBe(200);
    expect((await api.request('/api/rl-test/keyed?user=ann')).status).toBe(429);
    expect((await api.request('/api/rl-test/keyed?user=bob')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api.request('/api/rl-test/keyed')).status).toBe(200);
  });
});
