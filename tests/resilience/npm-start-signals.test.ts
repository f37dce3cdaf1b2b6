import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cleanupServers, ensureBuilt, freePort, get, tempDir } from '../helpers/server';

/**
 * The command the README gives, `npm start`, signalled the way a container runtime or a simple
 * supervisor does it (SIGTERM to exactly that process, which is npm), and the way a terminal's
 * Ctrl-C does it (SIGINT to the whole process group). Either way the shop must stop gracefully
 * (`Stopped.`, exit 0, DATA_DIR lock released) before npm exits, leaving no shop process and
 * nothing listening. tests/resilience/shutdown.test.ts covers what happens to requests in flight.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface NpmStart {
  npm: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: NpmStart[] = [];

afterAll(() => {
  for (const run of started) {
    for (const pid of shopPids(run.dataDir)) process.kill(pid, 'SIGKILL');
    if (run.npm.exitCode === null) run.npm.kill('SIGKILL');
  }
  cleanupServers();
});

beforeAll(() => ensureBuilt(), 300_000);

async function npmStart(): Promise<NpmStart> {
  const port = await freePort();
  const dataDir = tempDir();
  // The README's command as an operator types it: npm from the PATH, in the project folder.
  // detached: npm leads a process group of its own, as in a terminal or under a supervisor.
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'none',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  npm.stdout?.on('data', (d) => (output += d));
  npm.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const run = { npm, port, dataDir, output: () => output, exited };
  started.push(run);
  const deadline = Date.now() + 120_000;
  while (!/Shop ready in \d+ ms on http:\/\/\S+/.test(output)) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
    await sleep(100);
  }
  expect((await get(port, '/api/health')).status).toBe(200);
  return run;
}

/** Every process started with this DATA_DIR in its environment: the shop and anything it left. */
function shopPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`DATA_DIR=${dataDir}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours
    }
  }
  return pids;
}

/** 'refused' when nothing listens on the port any more. */
function probe(port: number): Promise<'open' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', () => resolve('refused'));
  });
}

async function expectStoppedCleanly(run: NpmStart, signal: string): Promise<void> {
  const result = await Promise.race([run.exited, sleep(30_000).then(() => 'npm did not exit within 30 s' as const)]);
  expect(result, run.output()).toEqual({ code: 0, signal: null });
  // The shop ran its graceful shutdown, once, before npm exited.
  expect(run.output()).toMatch(new RegExp(`${signal}: finishing \\d+ request\\(s\\), then stopping\\.`));
  expect(run.output()).toContain('Stopped.');
  expect(run.output()).not.toContain('exiting without waiting');
  expect(run.output().match(/finishing \d+ request/g)).toHaveLength(1);
  expect(await probe(run.port)).toBe('refused');
  expect(shopPids(run.dataDir)).toEqual([]);
  // The database was closed properly: the DATA_DIR lock is gone.
  expect(existsSync(join(run.dataDir, 'shop.lock'))).toBe(false);
}

describe('npm start stops gracefully', () => {
  it('on SIGTERM to the npm process only (container runtime, supervisor)', async () => {
    const run = await npmStart();
    const shop = shopPids(run.dataDir).filter((pid) => pid !== run.npm.pid);
    expect(shop.length).toBeGreaterThan(0);
    process.kill(run.npm.pid!, 'SIGTERM');
    await expectStoppedCleanly(run, 'SIGTERM');
  });

  it('on Ctrl-C: SIGINT to the whole process group, which npm forwards a second time', async () => {
    const run = await npmStart();
    process.kill(-run.npm.pid!, 'SIGINT');
    await expectStoppedCleanly(run, 'SIGINT');
  });
});
