/**
 * Reading a PDF back in tests (ADR 032): its text, page by page, and its embedded files, through
 * pdf.js (what browsers display), never by looking at the bytes.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function readPdf(bytes: Uint8Array): Promise<{ text: string; attachments: Record<string, string> }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  const files = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  const attachments = Object.fromEntries(
    Object.values(files).map((f) => [f.filename, Buffer.from(f.content).toString('utf8')]),
  );
  await doc.destroy();
  // One space for any run of white space: table cells and wrapped lines read as words.
  return { text: pages.join('\n').replace(/\s+/g, ' '), attachments };
}
