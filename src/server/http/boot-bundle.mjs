// @ts-check
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Packages kept out of both server bundles: native or wasm code, and pino (worker threads).
 * Shared with vite.ssr.external in astro.config.mjs so both bundles load the same copies.
 */
export const SERVER_EXTERNALS = [
  '@electric-sql/pglite',
  'pg',
  '@node-rs/argon2',
  'pino',
  // Loaded only when metrics or traces are configured, and then one copy for both bundles.
  'prom-client',
  '@opentelemetry/api',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/semantic-conventions',
];

/** Many-file packages worth inlining into the server bundles (see astro.config.mjs). */
export const SERVER_BUNDLED = ['drizzle-orm', 'zod', 'hono', '@hono/zod-validator'];

/** What the start script needs before the first request, as one module. */
const BOOT_SOURCE = `
export { ready, shutdown, getDb, useDatabase } from './src/server/runtime.ts';
export { config, parseConfig, ConfigError } from './src/server/config.ts';
export { isDatabaseUnavailable, DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './src/server/db/unavailable.ts';
export { strictTransportSecurity } from './src/server/hsts.ts';
export { startObservability } from './src/server/observability/index.ts';
`;

/**
 * Compiles src/server/runtime.ts and config.ts into dist/server/boot/boot.mjs.
 *
 * Why not load the .ts sources through tsx at start: resolving drizzle-orm's hundreds of
 * modules through tsx's loader hooks plus transpiling made start-up 2.8-4.2 s on seeded demo
 * data, against 1.2-1.4 s with this bundle (drizzle inlined, loaded natively). Dynamic imports (seed
 * data, the unused engine's driver) stay separate chunks, so they load only when needed.
 * @param {string} root project root
 * @param {string} outdir
 */
export async function bundleBoot(root, outdir) {
  // esbuild ships with tsx and Vite; imported lazily so the config loads without it.
  const esbuild = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  await esbuild.build({
    stdin: { contents: BOOT_SOURCE, resolveDir: root, sourcefile: 'boot.ts', loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outdir,
    entryNames: 'boot',
    outExtension: { '.js': '.mjs' },
    external: SERVER_EXTERNALS,
    // Some bundled CommonJS helpers call require(); give ESM output one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** @returns {import('astro').AstroIntegration} */
export function bootBundle() {
  /** @type {import('astro').AstroConfig | undefined} */
  let config;
  return {
    name: 'gear-shop:boot-bundle',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:done': async ({ logger }) => {
        if (!config) return;
        const started = performance.now();
        const outdir = fileURLToPath(new URL('boot/', config.build.server));
        await bundleBoot(fileURLToPath(config.root), outdir);
        logger.info(`server boot bundle written in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
