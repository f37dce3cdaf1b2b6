// @ts-check
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

// Which responses are worth compressing and with what: shared with the guest page cache
// (src/server/services/guest-pages.server.ts), which stores pages already compressed.
import { isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding } from './encoding.mjs';

/** @param {import('node:http').ServerResponse} res */
export function addVary(res, value = 'Accept-Encoding') {
  const current = String(res.getHeader('vary') ?? '');
  if (current.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase() || v.trim() === '*')) return;
  res.setHeader('Vary', current ? `${current}, ${value}` : value);
}

/**
 * @param {'br' | 'gzip'} encoding
 * @param {{ brotliQuality?: number, gzipLevel?: number }} options
 */
function createEncoder(encoding, options) {
  if (encoding !== 'br') return createGzip({ level: options.gzipLevel ?? 6 });
  return createBrotliCompress({
    params: {
      // Dynamic pages: quality 4 compresses HTML close to gzip -9 at a fraction of the CPU.
      [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 4,
      [constants.BROTLI_PARAM_LGWIN]: 20,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** @param {any} chunk @param {any} enc */
const toBuffer = (chunk, enc) =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk);

/** @param {import('node:http').ServerResponse} res */
function isCompressibleResponse(res) {
  const status = res.statusCode;
  return (
    isCompressible(/** @type {string} */ (res.getHeader('content-type'))) &&
    status >= 200 &&
    status !== 204 &&
    status !== 304 &&
    !res.getHeader('content-encoding') &&
    !/\bno-transform\b/.test(String(res.getHeader('cache-control') ?? ''))
  );
}

/**
 * One response's compression: holds the body back until it is known to be worth compressing,
 * then pipes it through brotli/gzip, flushing after each burst of synchronous writes.
 */
class Compression {
  /** @type {'init' | 'pending' | 'identity' | 'compress'} */
  state = 'init';
  /** @type {Buffer[]} */
  held = [];
  heldBytes = 0;
  /** @type {import('node:zlib').BrotliCompress | import('node:zlib').Gzip | undefined} */
  stream;
  /** @type {NodeJS.Immediate | undefined} */
  timer;

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {'br' | 'gzip' | null} encoding
   * @param {{ brotliQuality?: number, gzipLevel?: number }} options
   */
  constructor(res, encoding, options) {
    this.res = res;
    this.encoding = encoding;
    this.options = options;
    // Loosely typed: the originals are overloaded and get called with whatever the caller passed.
    /** @type {(...args: any[]) => any} */
    this.writeHead = res.writeHead.bind(res);
    /** @type {(...args: any[]) => any} */
    this.write = res.write.bind(res);
    /** @type {(...args: any[]) => any} */
    this.end = res.end.bind(res);
  }

  decide() {
    const compressible = isCompressibleResponse(this.res);
    if (compressible) addVary(this.res);
    if (!compressible || !this.encoding) return this.goIdentity();
    const length = this.res.getHeader('content-length');
    if (length !== undefined) return Number(length) >= MIN_COMPRESS_BYTES ? this.goCompress() : this.goIdentity();
    this.state = 'pending';
  }

  releaseHeld() {
    const chunks = this.held;
    this.held = [];
    this.heldBytes = 0;
    return chunks;
  }

  /** @param {Buffer} buffer */
  hold(buffer) {
    this.held.push(buffer);
    this.heldBytes += buffer.length;
  }

  goIdentity() {
    this.state = 'identity';
    this.writeHead(this.res.statusCode);
    for (const chunk of this.releaseHeld()) this.write(chunk);
  }

  goCompress() {
    const { res } = this;
    this.state = 'compress';
    res.removeHeader('content-length');
    res.setHeader('Content-Encoding', /** @type {string} */ (this.encoding));
    this.writeHead(res.statusCode);
    const out = createEncoder(/** @type {'br' | 'gzip'} */ (this.encoding), this.options);
    this.stream = out;
    out.on('data', (chunk) => {
      if (!this.write(chunk)) {
        out.pause();
        res.once('drain', () => out.resume());
      }
    });
    out.on('end', () => this.end());
    out.on('error', (error) => res.destroy(error));
    for (const chunk of this.releaseHeld()) out.write(chunk);
    this.scheduleFlush();
  }

  scheduleFlush() {
    if (this.timer) return;
    this.timer = setImmediate(() => {
      this.timer = undefined;
      if (this.state === 'pending') this.goCompress();
      else if (this.stream && !this.stream.writableEnded) {
        this.stream.flush(this.encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
      }
    });
  }

  clearTimer() {
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }

  close() {
    this.clearTimer();
    if (this.stream && !this.stream.writableFinished) this.stream.destroy();
  }

  /** @param {number} status @param {any} reason @param {any} headers */
  onWriteHead(status, reason, headers) {
    if (typeof reason !== 'string') {
      headers = reason;
      reason = undefined;
    }
    if (this.state !== 'init' || Array.isArray(headers)) {
      // Raw header arrays or a second writeHead: step aside rather than guess.
      this.state = 'identity';
      return this.writeHead(status, reason, headers);
    }
    this.res.statusCode = status;
    if (reason) this.res.statusMessage = reason;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.res.setHeader(name, value);
    }
    this.decide();
    return this.res;
  }

  /** @param {any} chunk @param {any} enc @param {any} cb */
  onWrite(chunk, enc, cb) {
    if (typeof enc === 'function') {
      cb = enc;
      enc = undefined;
    }
    if (this.state === 'init') this.decide();
    if (this.state === 'identity') return this.write(chunk, enc, cb);
    const buffer = toBuffer(chunk, enc);
    if (this.state === 'pending') {
      this.hold(buffer);
      if (this.heldBytes >= MIN_COMPRESS_BYTES) this.goCompress();
      else this.scheduleFlush();
      if (cb) process.nextTick(cb);
      return true;
    }
    this.stream?.write(buffer, cb);
    this.scheduleFlush();
    return true;
  }

  /** @param {any} chunk @param {any} enc @param {any} cb */
  onEnd(chunk, enc, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof enc === 'function') {
      cb = enc;
      enc = undefined;
    }
    if (this.state === 'init') this.decide();
    if (this.state === 'identity') return this.end(chunk, enc, cb);
    if (chunk !== undefined && chunk !== null) {
      const buffer = toBuffer(chunk, enc);
      if (this.state === 'pending') this.hold(buffer);
      else this.stream?.write(buffer);
    }
    if (cb) this.res.once('finish', cb);
    if (this.state === 'pending') {
      if (this.heldBytes < MIN_COMPRESS_BYTES) return this.endSmall();
      this.goCompress();
    }
    this.clearTimer();
    this.stream?.end();
    return this.res;
  }

  /** The whole body is known and small: send it plain, with its length. */
  endSmall() {
    this.clearTimer();
    this.res.setHeader('Content-Length', this.heldBytes);
    this.state = 'identity';
    this.writeHead(this.res.statusCode);
    for (const c of this.releaseHeld()) this.write(c);
    return this.end();
  }
}

/**
 * Compresses whatever the Astro handler writes into `res`, on the fly.
 *
 * The handler writes with writeHead/write/end and no Content-Length, so a body is held back
 * only until it reaches 1 KB (small bodies then go out plain, with a length) or until the
 * current burst of synchronous writes ends; after that every burst is flushed at once, so a
 * streamed page still reaches the browser in pieces while its slow parts render.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ brotliQuality?: number, gzipLevel?: number }} [options]
 */
export function compressResponse(req, res, options = {}) {
  if (req.method === 'HEAD') return;
  const c = new Compression(res, negotiateEncoding(req.headers['accept-encoding']), options);
  res.on('close', () => c.close());
  /** @type {any} */ (res).writeHead = (/** @type {any[]} */ ...args) => c.onWriteHead(args[0], args[1], args[2]);
  /** @type {any} */ (res).write = (/** @type {any[]} */ ...args) => c.onWrite(args[0], args[1], args[2]);
  /** @type {any} */ (res).end = (/** @type {any[]} */ ...args) => c.onEnd(args[0], args[1], args[2]);
}
