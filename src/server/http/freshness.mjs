// @ts-check
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Everything whose change alters the build output. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'drizzle',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/**
 * Newest input newer than `since`, or undefined. Stops at the first hit so an outdated build
 * is detected without walking the whole tree.
 * @param {string} path @param {number} since @returns {Promise<string | undefined>}
 */
async function newerThan(path, since) {
  let info;
  try {
    info = await stat(path);
  } catch {
    return undefined;
  }
  if (!info.isDirectory()) return info.mtimeMs > since ? path : undefined;
  const entries = await readdir(path, { withFileTypes: true });
  const results = await Promise.all(entries.map((entry) => newerThan(join(path, entry.name), since)));
  return results.find(Boolean);
}

/**
 * Why the server bundle must be (re)built before starting, or undefined when it is fresh.
 * @param {string} root project root
 */
export async function buildReason(root) {
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  let builtAt;
  try {
    builtAt = (await stat(entry)).mtimeMs;
  } catch {
    return 'no build found in dist/';
  }
  try {
    await stat(join(root, 'dist', 'server', 'boot', 'boot.mjs'));
  } catch {
    return 'the server boot bundle is missing';
  }
  const changed = await Promise.all(BUILD_INPUTS.map((input) => newerThan(join(root, input), builtAt)));
  const first = changed.find(Boolean);
  return first ? `${relative(root, first)} changed since the last build` : undefined;
}
