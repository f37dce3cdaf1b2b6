/**
 * The real `npm start` path for integration tests: scripts/start.mjs in child processes, with the
 * build in dist/ (built once by ensureBuilt() when missing or stale). Call cleanupServers() in
 * afterAll: it kills what is still running and removes the temp folders.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReason } from '@/server/http/freshness.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = join(ROOT, 'scripts', 'start.mjs');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-server-test-'));
  tempDirs.push(dir);
  return dir;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Started {
  child: ChildProcess;
  port: number;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

const BUILD_LOCK = join(ROOT, 'node_modules', '.cache', 'shop-test-build.lock');
const BUILD_TIMEOUT_MS = 5 * 60_000;

/**
 * Builds dist/ when missing or stale, so the servers a test starts do not each start a build.
 * Test files run in parallel workers: a lock folder (mkdir is atomic) lets one of them build
 * while the others wait and then find the build fresh.
 */
export async function ensureBuilt(): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  mkdirSync(join(BUILD_LOCK, '..'), { recursive: true });
  while (await buildReason(ROOT)) {
    try {
      mkdirSync(BUILD_LOCK);
    } catch {
      // Another worker builds; a lock older than the timeout belongs to a killed run.
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > BUILD_TIMEOUT_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another worker to build dist/');
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (await buildReason(ROOT)) await build();
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
  }
}

async function build(): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    // The same production build as `npm start` makes (see scripts/start.mjs).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, [ASTRO, 'build'], { cwd: ROOT, stdio: 'ignore', env });
    children.add(child);
    child.on('exit', (c) => {
      children.delete(child);
      resolve(c);
    });
  });
  if (code !== 0) throw new Error(`astro build exited with ${code}`);
}

export function startServer(env: Record<string, string>): Started {
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

export async function waitReady(started: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (/Shop ready in \d+ ms on http:\/\/\S+/.test(started.output().stdout)) return;
    if (started.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${started.output().stdout}\n${started.output().stderr}`);
}

/**
 * The password a production demo seed (SEED=demo) printed for a demo account: the only place it
 * exists (docs/operations.md "Production defaults").
 */
export function printedPassword(started: Started, email: string): string {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^\\s+(?:editor|customer)\\s+${escaped}\\s+(\\S+)$`, 'm').exec(started.output().stdout);
  if (!match) throw new Error(`no password printed for ${email}:\n${started.output().stdout}`);
  return match[1]!;
}

/** SIGTERM and wait; resolves to the exit code. */
export async function stopServer(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

export interface Got {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Got> {
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

export function cleanupServers(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
