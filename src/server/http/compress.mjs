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
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  // Loosely typed: the originals are overloaded and get called with whatever the caller passed.
  /** @type {(...args: any[]) => any} */
  const writeHead = res.writeHead;
  /** @type {(...args: any[]) => any} */
  const write = res.write;
  /** @type {(...args: any[]) => any} */
  const end = res.end;

  /** @type {'init' | 'pending' | 'identity' | 'compress'} */
  let state = 'init';
  /** @type {Buffer[]} */
  let held = [];
  let heldBytes = 0;
  /** @type {import('node:zlib').BrotliCompress | import('node:zlib').Gzip | undefined} */
  let stream;
  /** @type {NodeJS.Immediate | undefined} */
  let timer;

  const toBuffer = (/** @type {any} */ chunk, /** @type {any} */ enc) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk);

  function decide() {
    const status = res.statusCode;
    const compressible =
      isCompressible(/** @type {string} */ (res.getHeader('content-type'))) &&
      status >= 200 &&
      status !== 204 &&
      status !== 304 &&
      !res.getHeader('content-encoding') &&
      !/\bno-transform\b/.test(String(res.getHeader('cache-control') ?? ''));
    if (compressible) addVary(res);
    if (!compressible || !encoding) return goIdentity();
    const length = res.getHeader('content-length');
    if (length !== undefined) return Number(length) >= MIN_COMPRESS_BYTES ? goCompress() : goIdentity();
    state = 'pending';
  }

  function releaseHeld() {
    const chunks = held;
    held = [];
    heldBytes = 0;
    return chunks;
  }

  function goIdentity() {
    state = 'identity';
    writeHead.call(res, res.statusCode);
    for (const chunk of releaseHeld()) write.call(res, chunk);
  }

  function goCompress() {
    state = 'compress';
    res.removeHeader('content-length');
    res.setHeader('Content-Encoding', /** @type {string} */ (encoding));
    writeHead.call(res, res.statusCode);
    stream =
      encoding === 'br'
        ? createBrotliCompress({
            params: {
              // Dynamic pages: quality 4 compresses HTML close to gzip -9 at a fraction of the CPU.
              [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 4,
              [constants.BROTLI_PARAM_LGWIN]: 20,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : createGzip({ level: options.gzipLevel ?? 6 });
    const out = stream;
    out.on('data', (chunk) => {
      if (!write.call(res, chunk)) {
        out.pause();
        res.once('drain', () => out.resume());
      }
    });
    out.on('end', () => end.call(res));
    out.on('error', (error) => res.destroy(error));
    for (const chunk of releaseHeld()) out.write(chunk);
    scheduleFlush();
  }

  function scheduleFlush() {
    if (timer) return;
    timer = setImmediate(() => {
      timer = undefined;
      if (state === 'pending') goCompress();
      else if (stream && !stream.writableEnded) {
        stream.flush(encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
      }
    });
  }

  res.on('close', () => {
    if (timer) clearImmediate(timer);
    if (stream && !stream.writableFinished) stream.destroy();
  });

  /** @type {any} */ (res).writeHead = function (
    /** @type {number} */ status,
    /** @type {any} */ reason,
    /** @type {any} */ headers,
  ) {
    if (typeof reason !== 'string') {
      headers = reason;
      reason = undefined;
    }
    if (state !== 'init' || Array.isArray(headers)) {
      // Raw header arrays or a second writeHead: step aside rather than guess.
      state = 'identity';
      return writeHead.call(res, status, reason, headers);
    }
    res.statusCode = status;
    if (reason) res.statusMessage = reason;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) res.setHeader(name, value);
    }
    decide();
    return res;
  };

  /** @type {any} */ (res).write = function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ cb) {
    if (typeof enc === 'function') {
      cb = enc;
      enc = undefined;
    }
    if (state === 'init') decide();
    if (state === 'identity') return write.call(res, chunk, enc, cb);
    const buffer = toBuffer(chunk, enc);
    if (state === 'pending') {
      held.push(buffer);
      heldBytes += buffer.length;
      if (heldBytes >= MIN_COMPRESS_BYTES) goCompress();
      else scheduleFlush();
      if (cb) process.nextTick(cb);
      return true;
    }
    stream?.write(buffer, cb);
    scheduleFlush();
    return true;
  };

  /** @type {any} */ (res).end = function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof enc === 'function') {
      cb = enc;
      enc = undefined;
    }
    if (state === 'init') decide();
    if (state === 'identity') return end.call(res, chunk, enc, cb);
    if (chunk !== undefined && chunk !== null) {
      const buffer = toBuffer(chunk, enc);
      if (state === 'pending') {
        held.push(buffer);
        heldBytes += buffer.length;
      } else stream?.write(buffer);
    }
    if (cb) res.once('finish', cb);
    if (state === 'pending') {
      if (heldBytes < MIN_COMPRESS_BYTES) {
        // The whole body is known and small: send it plain, with its length.
        if (timer) clearImmediate(timer);
        timer = undefined;
        res.setHeader('Content-Length', heldBytes);
        state = 'identity';
        writeHead.call(res, res.statusCode);
        for (const c of releaseHeld()) write.call(res, c);
        return end.call(res);
      }
      goCompress();
    }
    if (timer) clearImmediate(timer);
    timer = undefined;
    stream?.end();
    return res;
  };
}
