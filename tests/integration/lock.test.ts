import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '@/server/db/lock';

const CHILD = fileURLToPath(new URL('../helpers/lock-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The child runs under the same Node as vitest, with tsx to load the TypeScript source.
const childArgs = (dir: string, mode = '') => ['--import', 'tsx', CHILD, dir, mode];

function runChild(dir: string) {
  return spawnSync(process.execPath, childArgs(dir), { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  let dir: string;
  const releases: (() => void)[] = [];
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'shop-lock-')), 'nested', 'data');
  });
  afterEach(() => {
    releases.splice(0).forEach((release) => release());
    children.splice(0).forEach((child) => child.kill());
    rmSync(join(dir, '..', '..'), { recursive: true, force: true });
  });

  it('creates the folder and writes our pid; release removes the lock', () => {
    const release = lockDataDir(dir);
    const lockFile = join(dir, 'shop.lock');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    release(); // a second release is harmless
  });

  it('makes a second process fail with a clear message while the lock is held', () => {
    releases.push(lockDataDir(dir));
    const child = runChild(dir);
    expect(child.status, child.stderr).toBe(3);
    expect(child.stderr).toContain('DataDirLockedError');
    expect(child.stderr).toContain(`The data directory ${dir} is in use by another shop process (pid ${process.pid})`);
    expect(child.stderr).toContain('DATA_DIR');
    expect(child.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a lock held by another live process', async () => {
    const child = spawn(process.execPath, childArgs(dir, 'hold'), { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${child.pid})`);
    child.stdin!.end();
    await new Promise((resolve) => child.once('exit', resolve));
    // The child released its lock on exit, so we can take it now.
    releases.push(lockDataDir(dir));
  });

  it('takes over a stale lock left by a process that no longer runs', () => {
    const stalePid = deadPid();
    releases.push(lockDataDir(dir));
    releases.pop()!();
    writeFileSync(join(dir, 'shop.lock'), String(stalePid));
    const child = runChild(dir);
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toContain('locked');
    // The child released the lock when it exited.
    expect(existsSync(join(dir, 'shop.lock'))).toBe(false);
  });
});
