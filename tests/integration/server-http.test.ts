import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReason } from '../../scripts/server/freshness.mjs';

/**
 * The real `npm start` path: scripts/start.mjs in a child process on a temp DATA_DIR, with the
 * build in dist/ (built here once if missing or stale).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = join(ROOT, 'scripts', 'start.mjs');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-server-test-'));
  tempDirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  // process.execPath: the Node 24 vitest runs under (the system node is older).
  const child = spawn(process.execPath, [START], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, port: Number(env.PORT), output: () => ({ stdout, stderr }), exited };
}

async function waitReady(started: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (/Shop ready on http:\/\/localhost:\d+ in \d+ ms/.test(started.output().stdout)) return;
    if (started.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${started.output().stdout}\n${started.output().stderr}`);
}

interface Got {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

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
  const reason = await buildReason(ROOT);
  if (reason) {
    // Built once here so the servers below do not each start a build.
    const code = await new Promise<number | null>((resolve) => {
      const build = spawn(process.execPath, [ASTRO, 'build'], { cwd: ROOT, stdio: 'ignore' });
      children.add(build);
      build.on('exit', (c) => {
        children.delete(build);
        resolve(c);
      });
    });
    expect(code, 'astro build').toBe(0);
  }
  dataDir = tempDir();
  server = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
  await waitReady(server);
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

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
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'OK', payload: { database: 'up', engine: 'pglite' } });
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

  it('refuses a second process on the same DATA_DIR with one clear line', async () => {
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    const { stderr } = second.output();
    const lines = stderr.trim().split('\n').filter((l) => !/npm warn/i.test(l));
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
