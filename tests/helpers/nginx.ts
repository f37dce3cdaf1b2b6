/**
 * nginx in front of shop instances, for resilience tests: deploy/nginx.conf.example (the
 * documented set-up, so the test proves it) with the instances' ports and a loopback listen port
 * put in, wrapped in a main config of its own in a temp folder, run as a child process
 * (`-p dir -c conf -g 'daemon off;'`). The access log names the instance of every request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { ROOT, get, tempDir } from './server';

export const NGINX_EXAMPLE = join(ROOT, 'deploy', 'nginx.conf.example');

export interface Nginx {
  port: number;
  child: ChildProcess;
  /** Access log lines: `METHOD URI STATUS UPSTREAM_ADDR`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
}

/** The example's upstream servers and listen line replaced; throws if the example changed shape. */
export function siteConfig(example: string, upstreamPorts: number[], port: number): string {
  const servers = /^([ \t]*)server 127\.0\.0\.1:\d+ ([^;\n]*);\n/gm;
  const found = [...example.matchAll(servers)];
  if (found.length === 0 || !/^\s*listen 80;$/m.test(example)) {
    throw new Error(`${NGINX_EXAMPLE}: expected "server 127.0.0.1:<port> …;" lines and "listen 80;"`);
  }
  const [indent, options] = [found[0]![1]!, found[0]![2]!];
  const upstreams = upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options};\n`).join('');
  let first = true;
  return example
    .replace(servers, () => (first ? ((first = false), upstreams) : ''))
    .replace(/^([ \t]*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

/** A GET over https that accepts the test's self-signed certificate. */
export function getHttps(
  port: number,
  path: string,
): Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function startNginx(options: {
  upstreamPorts: number[];
  port: number;
  timeoutMs?: number;
  /** Listen with TLS (the example's https set-up) with this certificate and key. */
  tls?: { cert: string; key: string };
  /** A site configuration of the test's own instead of the example (it must listen on `port`). */
  site?: string;
}): Promise<Nginx> {
  const dir = tempDir();
  // The workers run as an unprivileged user when the master is root: they must reach the
  // temp folders nginx creates in here.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'tmp'));
  let site = options.site ?? siteConfig(readFileSync(NGINX_EXAMPLE, 'utf8'), options.upstreamPorts, options.port);
  if (options.tls) {
    site = site.replace(
      `listen 127.0.0.1:${options.port};`,
      `listen 127.0.0.1:${options.port} ssl;\n    ssl_certificate ${options.tls.cert};\n    ssl_certificate_key ${options.tls.key};`,
    );
  }
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format upstreams '$request_method $request_uri $status $upstream_addr';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(
    nginxBinary(),
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let failed = false;
  child.on('error', (error) => {
    failed = true;
    output += `${error.message} (install it: apt-get install nginx; .ci/run does)\n`;
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const nginx: Nginx = {
    port: options.port,
    child,
    accessLog: () =>
      existsSync(join(dir, 'access.log'))
        ? readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean)
        : [],
    errorLog,
    async stop() {
      if (!failed && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        // Graceful quit waits for open connections; a test must not hang on one.
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (failed || child.exitCode !== null) break;
    const health = await (options.tls ? getHttps : get)(options.port, '/api/health').catch(() => null);
    if (health?.status === 200) return nginx;
    await new Promise((r) => setTimeout(r, 100));
  }
  await nginx.stop();
  throw new Error(`nginx did not start on port ${options.port}:\n${output}\n${errorLog()}`);
}
