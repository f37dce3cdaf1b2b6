import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  type Started,
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  startServer as start,
  tempDir,
  waitReady,
} from '../helpers/server';

/**
 * The real `npm start` path: scripts/start.mjs in a child process on a temp DATA_DIR, with the
 * build in dist/ (built here once if missing or stale).
 */
function expectSecurityHeaders(headers: IncomingMessage['headers']) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
}

let server: Started;
let dataDir: string;

beforeAll(async () => {
  await ensureBuilt();
  dataDir = tempDir();
  server = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
  await waitReady(server);
}, 300_000);

afterAll(cleanupServers);

describe('npm start server', () => {
  it('compresses HTML with brotli or gzip and sets Vary', async () => {
    const br = await get(server.port, '/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toMatch(/<html/i);

    const gz = await get(server.port, '/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/<html/i);
  });

  it('serves API JSON with Vary, compressing it once it is worth it', async () => {
    const res = await get(server.port, '/api/health', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['x-request-id']).toBeTruthy();
    // The health body is under 1 KB: sent plain with a length (larger JSON: server-compress.test.ts).
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({
      status: 'OK',
      payload: { database: 'up', engine: 'pglite' },
    });
    expectSecurityHeaders(res.headers);
  });

  it('puts security headers and Astro’s hashed CSP on pages', async () => {
    const res = await get(server.port, '/');
    expectSecurityHeaders(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com[^;]*'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/www\.google-analytics\.com/);
  });

  it('serves hashed assets immutable and precompressed, with security headers', async () => {
    const assetsDir = join(ROOT, 'dist', 'client', '_astro');
    const asset = readdirSync(assetsDir).find((f) => /\.(js|css)$/.test(f) && existsSync(join(assetsDir, `${f}.br`)));
    expect(asset, 'a precompressed asset in dist/client/_astro').toBeDefined();
    const path = `/_astro/${asset}`;

    const br = await get(server.port, path, { 'Accept-Encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.equals(readFileSync(join(assetsDir, `${asset}.br`)))).toBe(true);
    expectSecurityHeaders(br.headers);

    const gz = await get(server.port, path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(assetsDir, `${asset}.gz`)))).toBe(true);

    const plain = await get(server.port, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(join(assetsDir, asset!)))).toBe(true);
    expect(plain.headers['content-type']).toMatch(/^(text\/javascript|text\/css)/);

    const revalidated = await get(server.port, path, { 'If-None-Match': String(plain.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('refuses an API body over 1 MB with 413 and a JSON message, with or without a length', async () => {
    const url = `http://127.0.0.1:${server.port}/api/contact-us`;
    const tooLarge = {
      status: 'ERROR',
      code: 'payload_too_large',
      message: 'The request body is too large (limit 1 MB).',
    };
    const sized = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toEqual(tooLarge);

    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(tooLarge);
  });

  it('refuses a second process on the same DATA_DIR with one clear line', async () => {
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    const { stderr } = second.output();
    const lines = stderr
      .trim()
      .split('\n')
      .filter((l) => !/npm warn/i.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/in use by another shop process/);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('stops with one clear line on an invalid PORT', async () => {
    const bad = start({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toMatch(/abc/);
  }, 60_000);

  it('shuts down on SIGTERM with exit 0 and releases the data directory', async () => {
    const lock = join(dataDir, 'shop.lock');
    expect(existsSync(lock)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lock)).toBe(false);

    // The directory is usable again right away.
    const again = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitReady(again);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
