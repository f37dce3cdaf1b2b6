/**
 * Stoplight Prism as a validating proxy (`prism proxy <document> <shop> --errors`) in front of a
 * running shop: it checks every request and answer against the shop's own OpenAPI document and
 * reports what does not match in an `sl-violations` header (an answer that breaks the document
 * becomes Prism's 500 problem+json under --errors). A tool no one here wrote, so the document is
 * checked by someone else's reading of OpenAPI.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort, tempDir } from './server';
import { type ApiSession, createFetcherSession } from './session';

export interface Prism {
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

export async function startPrism(shopBase: string): Promise<Prism> {
  const document = await (await fetch(`${shopBase}/api/openapi.json`)).text();
  const file = join(tempDir(), 'openapi.json');
  writeFileSync(file, document);
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'proxy', file, shopBase, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!output.includes('Prism is listening')) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`prism did not start within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A cookie starts where a comma is followed by `name=` (an Expires date's comma is followed by a day). */
const COOKIE_START = /,(?=\s*[!#$%&'*+.^_`|~\w-]+=)/;

/**
 * A browser-like session through Prism. Prism's proxy joins repeated answer headers with commas
 * (its parseResponseHeaders), so the shop's two Set-Cookie lines arrive as one; they are split
 * back here, as they left the shop.
 */
export function prismSession(prism: Prism): ApiSession {
  return createFetcherSession(async (path, init) => {
    const res = await fetch(new URL(path, prism.base), init);
    const joined = res.headers.get('set-cookie');
    if (!joined) return res;
    const headers = new Headers();
    for (const [name, value] of res.headers) if (name !== 'set-cookie') headers.append(name, value);
    for (const cookie of joined.split(COOKIE_START)) headers.append('set-cookie', cookie.trim());
    return new Response(res.status === 204 ? null : res.body, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  });
}
