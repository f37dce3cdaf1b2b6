// @ts-check
/**
 * `npm run bench:startup`: cold start of the shop on an already seeded PGlite DATA_DIR, measured
 * from spawning `node scripts/start.mjs` until GET /api/health answers 200. Five runs against a
 * 3 s budget (ADR 002); the result goes into bench/RESULTS.md. Exits non-zero when the median is
 * over budget.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, buildIfNeeded, freePort } from './lib/process.mjs';
import { machineLine, stats, writeSection } from './lib/results.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 3_000;
const DATA_DIR = join(ROOT, 'bench', '.tmp', 'startup-data');

/**
 * Starts the shop and resolves when /api/health answers 200.
 * @param {number} port @param {number} timeoutMs
 */
async function startOnce(port, timeoutMs) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: '',
      SEED: 'demo',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** @type {number | null} */
  let exitCode = null;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((exitCode = code ?? -1))));

  const url = `http://127.0.0.1:${port}/api/health`;
  for (;;) {
    if (exitCode !== null) throw new Error(`the shop exited with ${exitCode} before answering:\n${output}`);
    if (performance.now() - startedAt > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const ms = performance.now() - startedAt;
  const reported = /ready in (\d+) ms on /i.exec(output)?.[1];

  // A clean stop releases the DATA_DIR lock for the next run.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  return { ms, reported: reported ? Number(reported) : undefined };
}

async function main() {
  await buildIfNeeded();
  const port = await freePort();

  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`Preparing a seeded PGlite data directory in ${DATA_DIR} ...`);
  const first = await startOnce(port, 300_000);
  console.log(`first start (creates and seeds the database): ${Math.round(first.ms)} ms`);

  /** @type {number[]} */
  const times = [];
  /** @type {(number | undefined)[]} */
  const reported = [];
  for (let i = 1; i <= RUNS; i++) {
    const result = await startOnce(port, 60_000);
    times.push(result.ms);
    reported.push(result.reported);
    console.log(`cold start ${i}/${RUNS}: ${Math.round(result.ms)} ms to a 200 from /api/health`);
  }
  rmSync(DATA_DIR, { recursive: true, force: true });

  const { min, median, max } = stats(times);
  const ok = median <= BUDGET_MS;
  const fmt = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const verdict = ok ? 'within' : 'OVER';
  const inProcess = reported.every((value) => value !== undefined)
    ? `\nThe server's own "ready" times (process start to listening, as logged): ${reported.join(', ')} ms.`
    : '';

  writeSection(
    'startup',
    `## Start-up on a seeded PGlite database (\`npm run bench:startup\`)

Time from spawning \`node scripts/start.mjs\` on an already seeded \`DATA_DIR\` (built app, PGlite,
demo data) until \`GET /api/health\` answers 200, over ${RUNS} cold starts. Budget: ${fmt(BUDGET_MS)} (median).

| min | median | max | budget | verdict |
|---|---|---|---|---|
| ${fmt(min)} | ${fmt(median)} | ${fmt(max)} | ${fmt(BUDGET_MS)} | ${verdict} |

Runs: ${times.map((ms) => Math.round(ms)).join(', ')} ms. First start, which creates and seeds the database: ${fmt(first.ms)}.${inProcess}
${machineLine()}`,
  );
  console.log(
    `\nstart-up: min ${fmt(min)}, median ${fmt(median)}, max ${fmt(max)}: ${verdict} the ${fmt(BUDGET_MS)} budget`,
  );
  console.log('written to bench/RESULTS.md');
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
