// @ts-check
/** Process helpers shared by the bench scripts: a free port, a child command, a fresh build. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} env */
export function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function buildIfNeeded() {
  const { buildReason } = await import('../../src/server/http/freshness.mjs');
  const reason = await buildReason(ROOT);
  if (!reason) return;
  console.log(`Building first (${reason}); the build is not part of the measurement.`);
  await run('npx', ['astro', 'build'], { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' });
}
