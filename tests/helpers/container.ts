/**
 * The container image of the Dockerfile, built and started without a registry or a container
 * runtime (tests/container/image.test.ts):
 *   - the base is Debian from debootstrap plus the pinned Node (this very binary) and npm,
 *     imported into podman once and cached outside the repository (GEAR_SHOP_TEST_CACHE,
 *     default /var/cache/gear-shop-test), so later runs only rebuild the shop's layers;
 *   - `podman build --isolation=chroot` builds the Dockerfile with it as BASE_IMAGE;
 *   - `podman run` is refused in this sandbox (crun: cgroups), so the image's file system is
 *     exported and started the way its entrypoint would be: chroot, the image's user, its
 *     environment and working directory, a fresh volume on DATA_DIR.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const CACHE_DIR = process.env.GEAR_SHOP_TEST_CACHE ?? '/var/cache/gear-shop-test';
export const BASE_IMAGE = `localhost/gear-shop-test-base:node-${process.versions.node}`;
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';

const run = (cmd: string, args: string[], options: { input?: Buffer; cwd?: string } = {}) =>
  execFileSync(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, ...options });

function tool(name: string): string {
  return run('bash', ['scripts/ensure-tool.sh', name]).toString().trim();
}

function imageExists(tag: string): boolean {
  try {
    run(tool('podman'), ['image', 'exists', tag]);
    return true;
  } catch {
    return false;
  }
}

/** npm's own folder: the one running this test under `npm test`, else the one on the PATH. */
function npmDir(): string {
  const cli = process.env.npm_execpath ?? realpathSync(run('bash', ['-c', 'command -v npm']).toString().trim());
  return dirname(dirname(realpathSync(cli)));
}

/** Debian bookworm (minbase) from debootstrap, once per cache folder. */
function debianRoot(): string {
  const root = join(CACHE_DIR, 'debian-bookworm');
  if (existsSync(join(root, 'usr', 'sbin', 'useradd'))) return root;
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${root}.partial`;
  rmSync(partial, { recursive: true, force: true });
  run(tool('debootstrap'), ['--variant=minbase', 'bookworm', partial, DEBIAN_MIRROR]);
  renameSync(partial, root);
  return root;
}

/**
 * The test's stand-in for the official Node image: Debian plus this Node in /usr/local/bin and
 * npm in /usr/local/lib/node_modules, where the official image has them.
 */
export function ensureBaseImage(): string {
  if (imageExists(BASE_IMAGE)) return BASE_IMAGE;
  const root = debianRoot();
  const extra = mkdtempSync(join(tmpdir(), 'gear-shop-base-'));
  try {
    const bin = join(extra, 'usr', 'local', 'bin');
    const modules = join(extra, 'usr', 'local', 'lib', 'node_modules');
    mkdirSync(bin, { recursive: true });
    mkdirSync(modules, { recursive: true });
    run('cp', [realpathSync(process.execPath), join(bin, 'node')]);
    run('cp', ['-a', npmDir(), join(modules, 'npm')]);
    run('ln', ['-s', '../lib/node_modules/npm/bin/npm-cli.js', join(bin, 'npm')]);
    run('ln', ['-s', '../lib/node_modules/npm/bin/npx-cli.js', join(bin, 'npx')]);
    const tarball = join(extra, 'base.tar');
    run('tar', ['-C', root, '--exclude=./proc/*', '--exclude=./sys/*', '-cf', tarball, '.']);
    // Only what Debian lacks: a directory listed twice is refused by podman import.
    const added = ['bin/node', 'bin/npm', 'bin/npx', 'lib/node_modules'].map((p) => `./usr/local/${p}`);
    run('tar', ['-C', extra, '-rf', tarball, ...added]);
    run(tool('podman'), [
      'import',
      '--change',
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change',
      'CMD ["node"]',
      tarball,
      BASE_IMAGE,
    ]);
  } finally {
    rmSync(extra, { recursive: true, force: true });
  }
  return BASE_IMAGE;
}

/** Builds the Dockerfile of `root` on the test base; npm's cache is lent to the build. */
export function buildImage(root: string, tag: string): void {
  const npmCache = join(process.env.HOME ?? '/root', '.npm');
  mkdirSync(npmCache, { recursive: true });
  const args = ['build', '--isolation=chroot', '--format=docker', '--build-arg', `BASE_IMAGE=${ensureBaseImage()}`];
  // npm ci opens thousands of cache files at once; chroot builds default to 1024.
  args.push('--ulimit', 'nofile=16384:16384');
  args.push('--build-arg', 'npm_config_prefer_offline=true', '--volume', `${npmCache}:/root/.npm`);
  // A TLS-inspecting proxy between this machine and the registry: its CA bundle goes in too.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca && existsSync(ca)) {
    const inside = '/etc/gear-shop-build-ca.crt';
    args.push('--volume', `${realpathSync(ca)}:${inside}:ro`);
    args.push('--build-arg', `NODE_EXTRA_CA_CERTS=${inside}`, '--build-arg', `npm_config_cafile=${inside}`);
  }
  run(tool('podman'), [...args, '--tag', tag, root], { cwd: root });
}

export interface ImageConfig {
  User: string;
  Env: string[];
  WorkingDir: string;
  Cmd: string[];
  Entrypoint: string[] | null;
  Volumes: Record<string, object> | null;
  ExposedPorts: Record<string, object> | null;
  Healthcheck?: { Test: string[] };
}

export function inspectImage(tag: string): { config: ImageConfig; size: number } {
  const [info] = JSON.parse(run(tool('podman'), ['image', 'inspect', tag]).toString()) as {
    Config: ImageConfig;
    Size: number;
    Healthcheck?: ImageConfig['Healthcheck'];
  }[];
  // podman shows a docker-format image's health check beside its config, not in it.
  return { config: { ...info!.Config, Healthcheck: info!.Config.Healthcheck ?? info!.Healthcheck }, size: info!.Size };
}

/** The image's file system in a fresh folder (podman create + export; nothing is run). */
export function exportImage(tag: string): string {
  const podman = tool('podman');
  const dir = mkdtempSync(join(tmpdir(), 'gear-shop-rootfs-'));
  // It becomes "/" for the image's user: mkdtemp's 0700 would shut that user out of everything.
  chmodSync(dir, 0o755);
  const id = run(podman, ['create', tag]).toString().trim();
  try {
    const tarball = join(dir, '..', `${id}.tar`);
    run(podman, ['export', '--output', tarball, id]);
    run('tar', ['-C', dir, '-xf', tarball]);
    rmSync(tarball, { force: true });
  } finally {
    run(podman, ['rm', '--force', id]);
  }
  return dir;
}

/** The numeric user and group of `user` in the image's /etc/passwd. */
export function userIds(rootfs: string, user: string): { uid: number; gid: number } {
  if (/^\d+(:\d+)?$/.test(user)) {
    const [uid, gid] = user.split(':').map(Number);
    return { uid: uid!, gid: gid ?? uid! };
  }
  const line = run('grep', [`^${user}:`, join(rootfs, 'etc', 'passwd')])
    .toString()
    .trim();
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Starts the image as its entrypoint would: in a mount namespace of its own (/proc, /dev and the
 * volume mounted into the exported tree), chrooted, as the image's user, with only the image's
 * environment plus `env`. The returned process is the shop itself (every step execs).
 */
export function startFromImage(
  rootfs: string,
  config: ImageConfig,
  volume: string,
  env: Record<string, string>,
): ChildProcess {
  const { uid, gid } = userIds(rootfs, config.User);
  const dataDir = config.Env.find((e) => e.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length) ?? '/data';
  const command = [...(config.Entrypoint ?? []), ...config.Cmd];
  const environment = [...config.Env, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)];
  const script = [
    'set -e',
    `mount -t proc proc "$ROOT/proc"`,
    `mount --rbind /dev "$ROOT/dev"`,
    `mount --bind "$VOLUME" "$ROOT${dataDir}"`,
    `exec chroot --userspec=${uid}:${gid} "$ROOT" /usr/bin/env -i "$@"`,
  ].join('\n');
  // env -i takes the assignments, then the command: a shell that enters WorkingDir and execs it.
  const inside = ['sh', '-c', `cd '${config.WorkingDir}' && exec "$@"`, 'entrypoint', ...command];
  const args = ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', ...environment, ...inside];
  return spawn('unshare', args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ROOT: rootfs, VOLUME: volume },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
