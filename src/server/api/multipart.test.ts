import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';

/** The bytes and content type a browser (undici here) sends for the form. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    boundary: multipartBoundary(request.headers.get('content-type')!)!,
  };
}

async function entries(form: FormData) {
  const out: [string, string | { name: string; type: string; bytes: number[] }][] = [];
  for (const [key, value] of form)
    out.push([
      key,
      typeof value === 'string'
        ? value
        : { name: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] },
    ]);
  return out;
}

describe('parseMultipart', () => {
  it('reads what the platform writes as the platform reads it: text fields, files with names and types, binary content with CRLF and dashes inside', async () => {
    const form = new FormData();
    form.append('note', 'Grüße, "quoted"\r\nsecond line');
    form.append('file', new Blob([new Uint8Array([0, 13, 10, 45, 45, 255])], { type: 'text/csv' }), 'katalog ü.csv');
    form.append('images', new Blob([new Uint8Array(70_000).fill(7)], { type: 'application/zip' }), 'images.zip');
    form.append('empty', new Blob([]), 'empty.bin');
    const { body, boundary } = await encoded(form);
    const platform = await new Request('http://shop.test/', {
      method: 'POST',
      body: body as BodyInit,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }).formData();
    expect(await entries(parseMultipart(body, boundary))).toEqual(await entries(platform));
  });

  it('reads the boundary quoted or not, and refuses a body cut off before its closing boundary', () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data; boundary=xyz; charset=utf-8')).toBe('xyz');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    const cut = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    );
    expect(() => parseMultipart(cut, 'b')).toThrow(MultipartError);
    expect(() => parseMultipart(new TextEncoder().encode('no boundary here'), 'b')).toThrow(MultipartError);
    const nameless = new TextEncoder().encode('--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n');
    expect(() => parseMultipart(nameless, 'b')).toThrow(MultipartError);
  });
});
