/**
 * multipart/form-data (RFC 7578) read with Buffer.indexOf, for the upload routes (body.ts
 * UPLOAD_PATHS). The platform's Request.formData() walks a 15 MB upload in JavaScript on the event
 * loop for a third of a second and more; this finds the boundaries natively in milliseconds, so
 * the shop keeps answering while a catalogue zip or a photo arrives (issue 27). Fields without a
 * file name are text (UTF-8), the others Files with their declared type.
 */

export class MultipartError extends Error {
  override name = 'MultipartError';
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` content type, quoted or not. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

function headerParam(disposition: string, name: string): string | undefined {
  const match =
    new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition) ??
    new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(disposition);
  return match?.[1]?.replace(/\\(.)/g, '$1');
}

/** The form; MultipartError for a body that is not one (no closing boundary, a part without headers). */
export function parseMultipart(body: Uint8Array, boundary: string): FormData {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  const form = new FormData();
  let at = bytes.subarray(0, delimiter.length).equals(delimiter) ? 0 : bytes.indexOf(between);
  if (at < 0) throw new MultipartError('no boundary');
  at += at === 0 ? delimiter.length : between.length;
  for (;;) {
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return form;
    if (!bytes.subarray(at, at + 2).equals(CRLF)) throw new MultipartError('no line end after a boundary');
    const headersEnd = bytes.indexOf(HEADER_END, at);
    if (headersEnd < 0) throw new MultipartError('part without headers');
    const headers = bytes.toString('utf8', at + 2, headersEnd).split('\r\n');
    const contentStart = headersEnd + HEADER_END.length;
    const contentEnd = bytes.indexOf(between, contentStart);
    if (contentEnd < 0) throw new MultipartError('part without a closing boundary');
    const header = (name: string) =>
      headers
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const disposition = header('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (name === undefined) throw new MultipartError('part without a name');
    const content = bytes.subarray(contentStart, contentEnd);
    const filename = headerParam(disposition, 'filename');
    if (filename === undefined) form.append(name, content.toString('utf8'));
    else
      form.append(
        name,
        new File([content as Uint8Array<ArrayBuffer>], filename, {
          type: header('content-type') ?? 'application/octet-stream',
        }),
      );
    at = contentEnd + between.length;
  }
}
