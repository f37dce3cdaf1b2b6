// @ts-check
/**
 * `npm start`: builds when the build is missing or stale, opens/migrates/seeds the database,
 * then serves dist/ with one node:http server (static files with long caching and precompressed
 * variants, everything else through Astro with on-the-fly compression). See
 * docs/decisions/002-serving.md.
 */
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compressResponse } from '../src/server/http/compress.mjs';
import { buildReason } from '../src/server/http/freshness.mjs';
import { BASE_SECURITY_HEADERS, RESOURCE_CSP } from '../src/server/http/security-headers.mjs';
import { escapeUndecodablePath } from '../src/server/page-requests.mjs';
import { createStaticHandler } from '../src/server/http/static.mjs';
import { notReadyReason, setPhase } from '../src/server/http/readiness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

// React (and other dependencies) load their development builds, several times slower, unless
// NODE_ENV is production, and `npm start` is run without it. The shop's own mode (/dev/* pages,
// the default log level) keeps the value that was given: config.ts reads SHOP_MODE first.
process.env.SHOP_MODE ??= process.env.NODE_ENV || 'development';
process.env.NODE_ENV = 'production';
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * A signal this soon after the first is the same request delivered twice: Ctrl-C (or a
 * supervisor's `kill -- -pgid`) reaches npm and this process, and npm forwards its copy too.
 */
const DUPLICATE_SIGNAL_MS = 1_000;
const SIGNALS = /** @type {const} */ (['SIGTERM', 'SIGINT']);
/** Start-up errors users cause (bad env, second instance, failed build): one line, no stack. */
const USER_ERRORS = new Set(['ConfigError', 'DataDirLockedError', 'BuildError']);

class BuildError extends Error {
  name = 'BuildError';
}

/** @param {unknown} error @returns {never} */
function fail(error) {
  const e = /** @type {NodeJS.ErrnoException} */ (error);
  if (USER_ERRORS.has(e?.name)) console.error(e.message);
  // System errors (database unreachable, permissions) explain themselves; bugs get their stack.
  else if (typeof e?.code === 'string') console.error(`The shop could not start: ${e.message}`);
  else console.error(`The shop could not start: ${e?.stack ?? e}`);
  process.exit(1);
}

/** @param {string} reason */
function build(reason) {
  console.log(`Building the shop first (${reason})...`);
  return new Promise((resolve, reject) => {
    // Always a production build: JSX compiled under another NODE_ENV calls jsxDEV, which React's
    // production runtime does not have, and every island would fail to render.
    const env = { ...process.env, NODE_ENV: 'production' };
    // Astro's own bin on this Node, not `npx astro`: npx would put a shell between us and the
    // build, and a signal would stop that shell and leave the build running.
    const child = spawn(process.execPath, [ASTRO, 'build'], { cwd: ROOT, stdio: 'inherit', env });
    // Stopped while building: stop the build too, and exit once it has.
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => child.kill(signal);
    for (const signal of SIGNALS) process.on(signal, forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const name of SIGNALS) process.off(name, forward);
      if (code === 0) resolve(undefined);
      else if (signal) reject(new BuildError(`The build was stopped (${signal}); the shop did not start.`));
      else reject(new BuildError(`The build failed (astro build exit code ${code}); see its output above.`));
    });
  });
}

/**
 * Where the server really listens, as a URL, and what that means when it is every address.
 * @param {import('node:net').AddressInfo} address
 */
function listeningOn(address) {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const every = address.address === '0.0.0.0' || address.address === '::';
  return `http://${host}:${address.port}${every ? ' (every address of this machine)' : ''}`;
}

/**
 * Astro loads each route's code on its first request; doing that now, in the background, spares
 * the first visitor a few hundred ms. Failures do not matter here.
 * @param {number} port
 */
function warmUp(port) {
  // node:http rather than fetch: undici would be loaded just for this (~80 ms of CPU).
  for (const path of ['/api/health', '/']) {
    request({ host: '127.0.0.1', port, path, method: 'HEAD', headers: { 'X-Request-Id': 'warm-up' } }, (res) =>
      res.resume(),
    )
      .on('error', () => {})
      .end();
  }
}

/**
 * Until the database is migrated and the bundles are loaded: the liveness check answers, the
 * readiness check and everything else say 503, try again shortly.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function answerWhileStarting(req, res) {
  const path = (req.url ?? '/').split('?', 1)[0];
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (path === '/api/health/live') {
    res.end(JSON.stringify({ status: 'OK', payload: { status: 'alive' }, message: null }));
    return;
  }
  res.statusCode = 503;
  res.setHeader('Retry-After', '5');
  res.end(JSON.stringify({ status: 'ERROR', code: 'service_unavailable', message: notReadyReason() }));
}

async function main() {
  const reason = await buildReason(ROOT);
  if (reason) {
    // A bad setting must fail in a blink, not after a build: check it from the sources first.
    const { tsImport } = await import('tsx/esm/api');
    const { config } = await tsImport('../src/server/config.ts', import.meta.url);
    config();
    await build(reason);
  }

  // runtime.ts + config.ts compiled at build (src/server/http/boot-bundle.mjs): loading the
  // sources through tsx here would cost ~1.5 s of start-up.
  /** @type {typeof import('../src/server/runtime') & typeof import('../src/server/config') & typeof import('../src/server/db/unavailable') & typeof import('../src/server/hsts') & typeof import('../src/server/observability/index')} */
  const boot = await import(pathToFileURL(join(ROOT, 'dist', 'server', 'boot', 'boot.mjs')).href);
  const cfg = boot.config();
  setPhase('starting');
  const runtime = boot;
  /** @type {((req: any, res: any, next?: any, locals?: object) => Promise<void>) | undefined} */
  let astro;
  /** @type {((req: any, res: any) => boolean) | undefined} */
  let serveStatic;
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  // undefined (and nothing loaded) unless METRICS_TOKEN or OTEL_EXPORTER_OTLP_ENDPOINT is set.
  const observer = await boot.startObservability(cfg, async () => (await boot.ready()).database, version);

  let inFlight = 0;
  let stopping = false;
  let stopSignalAt = 0;
  /** @type {(() => void) | undefined} */
  let onIdle;

  /** @param {any} req @param {any} res @param {{ routePattern?: string }} locals */
  function serve(req, res, locals) {
    if (!astro || !serveStatic) return answerWhileStarting(req, res);
    if (serveStatic(req, res)) {
      locals.routePattern = 'static';
      return;
    }
    compressResponse(req, res);
    if (req.url) req.url = escapeUndecodablePath(req.url);
    astro(req, res, undefined, locals).catch((error) => {
      // A database outage that escaped the middleware (ADR 017): still a 503 to retry, not a 500.
      const outage = boot.isDatabaseUnavailable(error);
      if (!outage) console.error(error);
      if (!res.headersSent) {
        res.statusCode = outage ? 503 : 500;
        if (outage) res.setHeader('Retry-After', String(boot.DATABASE_RETRY_AFTER_SECONDS));
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(outage ? boot.DATABASE_UNAVAILABLE_MESSAGE : 'Internal Server Error');
      } else res.destroy();
    });
  }

  const server = createServer((req, res) => {
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
    if (stopping) res.setHeader('Connection', 'close');
    // Defaults for anything Astro answers outside our middleware (its own 404/500 paths);
    // headers Astro or the middleware set later take precedence.
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', RESOURCE_CSP);
    // HSTS only for a request that came over https (PUBLIC_URL, or a trusted proxy's word).
    const hsts = boot.strictTransportSecurity(req.socket.remoteAddress, req.headers['x-forwarded-proto']);
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    /** @type {{ routePattern?: string }} */
    const locals = {};
    if (observer) observer.handle(req, res, locals, () => serve(req, res, locals));
    else serve(req, res, locals);
  });

  /** @param {NodeJS.Signals} signal */
  async function stop(signal) {
    if (stopping) {
      if (performance.now() - stopSignalAt < DUPLICATE_SIGNAL_MS) return;
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    setPhase('stopping');
    stopSignalAt = performance.now();
    console.log(`${signal}: finishing ${inFlight} request(s), then stopping.`);
    server.close();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await new Promise((resolve) => {
        onIdle = () => resolve(undefined);
        setTimeout(resolve, SHUTDOWN_GRACE_MS).unref();
      });
    }
    server.closeAllConnections();
    // Spans still buffered go out before the process ends.
    await observer?.shutdown().catch(() => undefined);
    try {
      await runtime.shutdown();
    } catch (error) {
      console.error(`Closing the database failed: ${/** @type {Error} */ (error).message}`);
      process.exit(1);
    }
    console.log('Stopped.');
    process.exit(0);
  }
  // Installed before "ready" is printed: a supervisor may signal the moment it reads that line.
  // `npm start` runs this process itself (package.json: `exec node …`), so npm's forwarded
  // SIGTERM/SIGINT lands here and npm exits only after this process has (ADR 018).
  for (const signal of SIGNALS) process.on(signal, (received) => void stop(received));

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.PORT, cfg.HOST, () => resolve(undefined));
  }).catch(async (error) => {
    await runtime.shutdown();
    if (error.code === 'EADDRINUSE') {
      console.error(`Port ${cfg.PORT} is already in use. Stop the other server or set PORT to a free port.`);
      process.exit(1);
    }
    throw error;
  });

  // Listening already, so that the readiness check says "starting" or "migrating" meanwhile.
  // Database, Astro bundle and static index are independent: load them side by side. The
  // bundle's own copy of runtime.ts finds this open database through its globalThis singleton.
  const [, entry, staticHandler] = await Promise.all([
    boot.ready(),
    import(pathToFileURL(join(ROOT, 'dist', 'server', 'entry.mjs')).href),
    createStaticHandler(join(ROOT, 'dist', 'client')),
  ]);
  astro = entry.handler;
  serveStatic = staticHandler;

  const ms = Math.round(performance.now());
  // The address it really took (HOST, PORT) and the one links and mail use (PUBLIC_URL), which a
  // proxy in front makes different: an operator checks both here.
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Shop ready in ${ms} ms on ${listeningOn(address)}; PUBLIC_URL is ${cfg.PUBLIC_URL}`);
  warmUp(cfg.PORT);
}

main().catch(fail);
