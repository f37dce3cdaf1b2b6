import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createApi, MAX_BODY_BYTES } from '@/server/api/app';
import { BODY_MESSAGES } from '@/server/api/body';
import { csrfSession } from '../helpers/session';
import { createRouter } from '@/server/api/env';
import { ok } from '@/server/api/envelope';
import { BAD_VALUE_MESSAGE, HttpError } from '@/server/api/errors';
import { validate } from '@/server/api/validate';
import { useDatabase } from '@/server/runtime';
import { createTestDatabase, testEngine, useTestDatabase } from '../helpers/db';

/** Routes that exist only here, to drive the shared helpers through the real app. */
function testRoutes() {
  return (
    createRouter()
      .post(
        '/echo',
        validate('json', z.object({ email: z.email('Enter a valid email.'), count: z.number().int().min(1) })),
        (c) => ok(c, c.req.valid('json')),
      )
      .get('/query', validate('query', z.object({ page: z.coerce.number().int().min(1) })), (c) =>
        ok(c, c.req.valid('query')),
      )
      .post('/upload', async (c) => ok(c, { bytes: (await c.req.text()).length }))
      // A value no schema stopped, which the database refuses ("invalid input syntax for type uuid").
      .get('/bad-value', async (c) => ok(c, await c.var.db.execute(sql`select ${'not-a-uuid'}::uuid`)))
      .get('/boom', () => {
        throw new Error('secret detail at /srv/app.ts:12');
      })
      .get('/teapot', () => {
        throw new HttpError(409, 'Already exists', { errors: { code: ['Taken'] } });
      })
  );
}

function buildApi() {
  const api = createApi();
  api.route('/api/test', testRoutes());
  return api;
}

describe('API envelope shapes', () => {
  const database = useTestDatabase({ seed: 'none' });
  const api = buildApi();

  it('answers unknown routes with a 404 JSON envelope', async () => {
    const res = await api.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'not_found', message: 'Not found' });
  });

  it('gives every response a request id, and keeps a sane incoming one', async () => {
    const fresh = await api.request('/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const given = await api.request('/api/health', { headers: { 'X-Request-Id': 'lb-1234' } });
    expect(given.headers.get('x-request-id')).toBe('lb-1234');
    const hostile = await api.request('/api/health', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).not.toBe('a b<script>');
  });

  it('keeps an incoming request id of at most 128 characters, and only that (one limit)', async () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const idOf = async (id: string) =>
      (await api.request('/api/health', { headers: { 'X-Request-Id': id } })).headers.get('x-request-id');
    expect(await idOf('a'.repeat(128))).toBe('a'.repeat(128));
    expect(await idOf('trace.1:2-3_4')).toBe('trace.1:2-3_4');
    // 129 to 255 characters used to pass (Hono's own limit is 255); now a fresh id replaces them.
    for (const length of [129, 200, 255, 256, 5000]) expect(await idOf('a'.repeat(length))).toMatch(UUID);
    expect(await idOf('a=b')).toMatch(UUID);
  });

  it('answers invalid JSON input with 422, the first message and errors per field', async () => {
    const res = await (
      await csrfSession(api)
    ).request('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nope', count: 0 }),
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Enter a valid email.',
      errors: { email: ['Enter a valid email.'], count: [expect.any(String)] },
    });
  });

  it('validates query strings the same way', async () => {
    const res = await api.request('/api/test/query?page=0');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.status).toBe('ERROR');
    expect(Object.keys(body.errors)).toEqual(['page']);
    const good = await api.request('/api/test/query?page=2');
    expect(await good.json()).toEqual({ status: 'OK', payload: { page: 2 }, message: null });
  });

  it('passes valid input through in the OK envelope', async () => {
    const res = await (
      await csrfSession(api)
    ).request('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', count: 2 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'OK',
      payload: { email: 'a@example.com', count: 2 },
      message: null,
    });
  });

  it('answers malformed JSON with 400 and a clear message, not 500', async () => {
    const res = await (
      await csrfSession(api)
    ).request('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@example.com",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'ERROR',
      code: 'bad_request',
      message: 'Malformed JSON in request body',
    });
  });

  it('rejects bodies over 1 MB with 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const res = await (
      await csrfSession(api)
    ).request('/api/test/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Content-Length': String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.status).toBe('ERROR');
    expect(body.message).toMatch(/too large/i);
  });

  it('rejects a streamed body over 1 MB without a length header too', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(120);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await (
      await csrfSession(api)
    ).request('/api/test/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('accepts a JSON body just under the limit', async () => {
    const body = JSON.stringify('x'.repeat(MAX_BODY_BYTES - 10));
    const res = await (
      await csrfSession(api)
    ).request('/api/test/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(await res.json()).toMatchObject({ status: 'OK', payload: { bytes: body.length } });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await (
      await csrfSession(api)
    ).request('/api/test/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x'.repeat(1000),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      status: 'ERROR',
      code: 'unsupported_media_type',
      message: BODY_MESSAGES.contentType,
    });
  });

  it('answers a value the database cannot take (class 22) with 400, not 500', async () => {
    const res = await api.request('/api/test/bad-value');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'bad_request', message: BAD_VALUE_MESSAGE });
  });

  it('hides internal errors behind a generic 500 without a stack', async () => {
    const res = await api.request('/api/test/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 'ERROR', code: 'internal_error', message: 'Internal server error' });
    expect(text).not.toMatch(/secret|stack|app\.ts/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('turns HttpError into its status with field errors', async () => {
    const res = await api.request('/api/test/teapot');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      status: 'ERROR',
      code: 'conflict',
      message: 'Already exists',
      errors: { code: ['Taken'] },
    });
  });

  it('reports a reachable database on /api/health', async () => {
    expect(database()).toBeDefined();
    const res = await api.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      status: 'OK',
      payload: { database: 'up', engine: testEngine() },
      message: null,
    });
  });
});

describe('API health with a closed database', () => {
  beforeAll(async () => {
    // Installed as the process database after closing it: every query now fails.
    const closed = await createTestDatabase({ seed: 'none' });
    await closed.close();
    useDatabase(closed);
  });

  it('answers 503 Database unavailable', async () => {
    const res = await buildApi().request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'service_unavailable', message: 'Database unavailable' });
  });
});
