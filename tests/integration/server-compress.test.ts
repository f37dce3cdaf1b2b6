import { type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponse } from '@/server/http/compress.mjs';
import { negotiateEncoding } from '@/server/http/encoding.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const json = JSON.stringify({
  status: 'OK',
  payload: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Item ${i}` })),
});

/** Writes like Astro's writeResponse: writeHead with an object, then chunks, then end(). */
const routes: Record<string, Handler> = {
  '/json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(json.slice(0, 500));
    res.write(json.slice(500));
    res.end();
  },
  '/small': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"OK"}');
  },
  '/png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.alloc(5000));
  },
  '/encoded': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'identity-custom' });
    res.end('x'.repeat(5000));
  },
  '/no-content': (_req, res) => {
    res.writeHead(204, {});
    res.end();
  },
  '/stream': async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(`<!doctype html><h1>${'early '.repeat(300)}</h1>`);
    // The slow part renders once the client has the early part, or after 10 s if it never comes
    // (compression holding it back): no fixed delay to race on a loaded machine (issue 27).
    await Promise.race([streamGate.promise, new Promise((r) => setTimeout(r, 10_000))]);
    streamGate.lateAt = Date.now();
    res.write('<p>late</p>');
    res.end();
  },
  '/implicit': (_req, res) => {
    // Astro's error paths set statusCode and call end() without writeHead.
    res.statusCode = 500;
    res.setHeader('content-type', 'text/plain');
    res.end('Internal Server Error');
  },
};

let server: ReturnType<typeof createServer>;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    compressResponse(req, res);
    void routes[req.url ?? '']?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The /stream handler's gate: opened by the client's first chunk; when the late part was written. */
const streamGate = { open: () => {}, promise: Promise.resolve(), lateAt: 0 };
function closeStreamGate(): void {
  streamGate.promise = new Promise<void>((resolve) => (streamGate.open = resolve));
}

interface Got {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** ms after the response started at which each raw chunk arrived */
  arrivals: number[];
  /** When (Date.now()) the first raw chunk arrived. */
  firstAt: number;
}

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const start = Date.now();
        const chunks: Buffer[] = [];
        const arrivals: number[] = [];
        let firstAt = 0;
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          arrivals.push(Date.now() - start);
          if (!firstAt) {
            firstAt = Date.now();
            streamGate.open();
          }
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            arrivals,
            firstAt,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('negotiateEncoding', () => {
  it('prefers br, honours q=0 and wildcards', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('on-the-fly compression', () => {
  it('brotli-compresses JSON with Vary', async () => {
    const res = await get('/json', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(json);
  });

  it('gzips when brotli is not accepted', async () => {
    const res = await get('/json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(json);
  });

  it('sends plain when nothing is accepted, still with Vary', async () => {
    const res = await get('/json');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(json);
  });

  it('leaves small bodies plain and gives them a length', async () => {
    const res = await get('/small', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('15');
    expect(res.body.toString()).toBe('{"status":"OK"}');
  });

  it('skips images, already-encoded bodies, 204 and HEAD', async () => {
    expect((await get('/png', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/encoded', 'br')).headers['content-encoding']).toBe('identity-custom');
    const empty = await get('/no-content', 'br');
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
    const head = await get('/json', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('handles end() without writeHead', async () => {
    const res = await get('/implicit', 'br');
    expect(res.status).toBe(500);
    expect(res.body.toString()).toBe('Internal Server Error');
  });

  it('keeps streaming: the early part arrives before the slow part renders', async () => {
    for (const encoding of ['br', 'gzip']) {
      closeStreamGate();
      const res = await get('/stream', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      // The early part reached the client before the late part was even written.
      expect(res.firstAt).toBeLessThanOrEqual(streamGate.lateAt);
      expect(res.arrivals.length).toBeGreaterThan(1);
      const text = (encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString();
      expect(text).toMatch(/early[\s\S]*<p>late<\/p>$/);
    }
  });
});
