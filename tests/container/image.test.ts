import { chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage, exportImage, type ImageConfig, inspectImage, startFromImage, userIds } from '../helpers/container';
import { freePort, ROOT } from '../helpers/server';

/**
 * The Dockerfile's image, built with podman on a Debian base made here, then started from its
 * exported file system as its entrypoint would start it (tests/helpers/container.ts says why
 * not `podman run`): the demo shop starts on a fresh volume, answers its health checks, serves a
 * product page and stops cleanly on SIGTERM within the shutdown grace.
 */
const TAG = 'localhost/gear-shop:container-test';
/** The start script waits at most 10 s for requests in flight; the platform's default stop timeout is 10 s too. */
const STOP_WITHIN_MS = 10_000;

let rootfs: string;
let volume: string;
let config: ImageConfig;
let size: number;
let shop: ChildProcess | undefined;
let output = '';
let port: number;

function get(path: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, type: String(res.headers['content-type']) }));
    })
      .on('error', reject)
      .end();
  });
}

async function waitFor(pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output)) {
    if (shop?.exitCode !== null || Date.now() > deadline) throw new Error(`the shop did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(() => {
  const startedAt = performance.now();
  buildImage(ROOT, TAG);
  ({ config, size } = inspectImage(TAG));
  rootfs = exportImage(TAG);
  // A fresh volume, owned by the image's user as a named volume would be.
  volume = mkdtempSync(join(tmpdir(), 'gear-shop-volume-'));
  const { uid, gid } = userIds(rootfs, config.User);
  chownSync(volume, uid, gid);
  console.log(
    `image ${TAG}: ${(size / 1024 / 1024).toFixed(0)} MiB, built in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
});

afterAll(() => {
  shop?.kill('SIGKILL');
  if (rootfs) rmSync(rootfs, { recursive: true, force: true });
  if (volume) rmSync(volume, { recursive: true, force: true });
});

describe('the container image', () => {
  it('runs as an unprivileged user, with DATA_DIR a volume and a health check', () => {
    expect(config.User).toBe('shop');
    expect(userIds(rootfs, config.User).uid).not.toBe(0);
    expect(config.Env).toContain('DATA_DIR=/data');
    expect(config.Env).toContain('NODE_ENV=production');
    expect(Object.keys(config.Volumes ?? {})).toEqual(['/data']);
    expect(config.Cmd).toEqual(['node', 'scripts/start.mjs']);
    expect(config.Healthcheck?.Test.join(' ')).toContain('/api/health');
    // Production dependencies only: no test runner, no linter, no second Node.
    for (const dev of ['vitest', 'eslint', '@playwright/test', 'node']) {
      expect(() => statSync(join(rootfs, 'app', 'node_modules', dev, 'package.json')), dev).toThrow();
    }
    expect(statSync(join(rootfs, 'app', 'node_modules', 'pg', 'package.json')).isFile()).toBe(true);
  });

  it('starts the demo shop on a fresh volume, serves it, and stops on SIGTERM within the grace', async () => {
    port = await freePort();
    shop = startFromImage(rootfs, config, volume, {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    });
    shop.stdout!.on('data', (d) => (output += d));
    shop.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => shop!.on('exit', (code) => resolve(code)));
    await waitFor(/Shop ready in \d+ ms/, 150_000);

    const live = await get('/api/health/live');
    expect(live.status).toBe(200);
    const ready = await get('/api/health');
    expect(ready.status, ready.body).toBe(200);
    expect(JSON.parse(ready.body).payload).toEqual({ database: 'up', engine: 'pglite' });

    // The volume holds the database, written as the image's user.
    expect(statSync(join(volume, 'pglite')).uid).toBe(userIds(rootfs, config.User).uid);

    const catalog = JSON.parse((await get('/api/products/catalog?per_page=1')).body);
    const product = catalog.payload[0] as { id: number; name: string; categories: { url: string }[] };
    // A product's page is under its deepest category: /products/<category>/<subcategory>/<id>.
    const page = await get(`${product.categories.at(-1)!.url}/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain(product.name);

    const signalledAt = performance.now();
    shop.kill('SIGTERM');
    const code = await exited;
    const stoppedIn = performance.now() - signalledAt;
    expect(code, output).toBe(0);
    expect(output).toContain('Stopped.');
    expect(stoppedIn).toBeLessThan(STOP_WITHIN_MS);
  });
});
