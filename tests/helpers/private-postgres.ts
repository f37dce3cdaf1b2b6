/**
 * A PostgreSQL server of the test's own (initdb in a temp folder, on a free port), for tests that
 * stop and restart the database under a running shop: the machine's shared server must never be
 * touched; with `replicaOf`, a streaming replica of such a server. Runs the binaries of PG_BIN (default: the newest Debian install under /usr/lib/postgresql) as user postgres when
 * the test runs as root (the server refuses to run as root). stop() in afterAll removes it all.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server';

/** PG_BIN, else the newest Debian install (/usr/lib/postgresql/<version>/bin). */
export const PG_BIN = process.env.PG_BIN ?? newestDebianPostgres() ?? '/usr/lib/postgresql/15/bin';

function newestDebianPostgres(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl restart -m fast: connections are cut (57P01), the server is back within a second or so. */
  restart(): Promise<void>;
  /** pg_ctl stop -m fast */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Stops the server (if running) and removes its folder. */
  remove(): void;
}

/** replicaOf: a streaming replica of that server (pg_basebackup -R), read-only, on its own port. */
export async function startPrivatePostgres(setup: { replicaOf?: PrivatePostgres } = {}): Promise<PrivatePostgres> {
  const root = mkdtempSync(join(tmpdir(), 'shop-private-pg-'));
  const dataDir = join(root, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pw = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(root, Number(pw), Number(gid));
    chmodSync(root, 0o700);
  }
  // Asynchronous: the test drives load from this process while the server restarts.
  const run = async (binary: string, args: string[], timeout = 60_000) => {
    try {
      await promisify(execFile)(
        asRoot ? 'runuser' : join(PG_BIN, binary),
        asRoot ? ['-u', 'postgres', '--', join(PG_BIN, binary), ...args] : args,
        {
          cwd: root,
          timeout,
        },
      );
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`${binary} failed: ${stderr || (error as Error).message}`);
    }
  };
  const port = await freePort();
  if (setup.replicaOf) {
    // initdb's trust rules cover replication from loopback; -R writes standby.signal and primary_conninfo.
    await run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(setup.replicaOf.port),
      '-U',
      'postgres',
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
  } else {
    await run('initdb', [
      '-D',
      dataDir,
      '--auth=trust',
      '--username=postgres',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  }
  // Small and quick: no fsync (a test cluster), sockets only in its own folder, loopback only.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=32MB -c max_connections=60`;
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', dataDir, '-l', join(root, 'server.log'), '-o', options, '-w', '-t', '60', ...args]);
  await ctl('start');
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async restart() {
      await ctl('restart', '-m', 'fast');
      running = true;
    },
    async stopServer() {
      await ctl('stop', '-m', 'fast');
      running = false;
    },
    async startServer() {
      await ctl('start');
      running = true;
    },
    remove() {
      if (running) {
        try {
          execFileSync(
            asRoot ? 'runuser' : join(PG_BIN, 'pg_ctl'),
            [
              ...(asRoot ? ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl')] : []),
              '-D',
              dataDir,
              'stop',
              '-m',
              'immediate',
            ],
            {
              stdio: 'ignore',
              timeout: 30_000,
            },
          );
        } catch {
          // already gone
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
