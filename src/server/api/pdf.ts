/** A stored invoice or credit note as a download: private (it names the buyer), never cached by proxies. */
export function pdfResponse(doc: { number: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(doc.pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${doc.number}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
