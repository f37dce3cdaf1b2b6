// @ts-check
/** Starts the built shop (scripts/start.mjs) for a benchmark and waits until it answers. */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './process.mjs';

/**
 * @param {number} port
 * @param {NodeJS.ProcessEnv} env on top of production defaults (PORT, HOST, NODE_ENV, LOG_LEVEL)
 * @param {number} [timeoutMs]
 * @returns {Promise<{ stop(): Promise<void>, output(): string }>}
 */
export async function startShop(port, env, timeoutMs = 180_000) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  /** @type {number | null} */
  let exitCode = null;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((exitCode = code ?? -1))));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== null) throw new Error(`the shop exited with ${exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return {
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
