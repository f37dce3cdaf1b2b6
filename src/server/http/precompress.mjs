// @ts-check
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const PRECOMPRESS_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.html',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
export const MIN_COMPRESS_BYTES = 1024;

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes .br and .gz siblings next to every compressible file of the client build, at the
 * highest levels: done once at build, so the server never spends CPU on static bytes.
 * A sibling that would not save at least 5 % is skipped (the server then sends the original).
 * @param {string} dir
 */
export async function precompressDir(dir) {
  let files = 0;
  let saved = 0;
  const jobs = [];
  for await (const path of walk(dir)) {
    if (!PRECOMPRESS_EXTENSIONS.has(extname(path))) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(path);
        if (size < MIN_COMPRESS_BYTES) return;
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        for (const [suffix, body] of /** @type {const} */ ([
          ['.br', br],
          ['.gz', gzipped],
        ])) {
          if (body.length > size * 0.95) continue;
          await writeFile(path + suffix, body);
          saved += size - body.length;
        }
        files++;
      })(),
    );
  }
  await Promise.all(jobs);
  return { files, saved };
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'gear-shop:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const started = performance.now();
        const { files } = await precompressDir(fileURLToPath(clientDir));
        logger.info(`precompressed ${files} files (br + gz) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
