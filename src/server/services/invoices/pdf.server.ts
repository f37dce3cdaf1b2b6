/**
 * Draws an invoice or credit note as a PDF/A-3b with pdfkit (ADR 032): DejaVu Sans embedded (PDF/A
 * allows no unembedded fonts, and it covers every character of the shop's languages), the texts
 * in the document's language, money and rates through the one formatter (lib/money.ts). A B2B
 * invoice (buyer VAT id) carries its EN 16931 CII XML as the Factur-X attachment factur-x.xml,
 * announced in the XMP metadata as the Factur-X standard asks.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCents, formatPercent } from '@/lib/money';
import type { Translator } from '@/lib/translator';
import type { InvoiceAddress, InvoiceDocument, InvoiceLine } from './document';
import { FACTURX_CONFORMANCE, FACTURX_FILE_NAME, facturXml } from './factur-x';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
/** Table columns: description, quantity, unit price, net, VAT rate, VAT, total (x offsets and widths). */
const COLUMNS = [
  { x: 0, w: 165, align: 'left' as const },
  { x: 165, w: 30, align: 'right' as const },
  { x: 195, w: 65, align: 'right' as const },
  { x: 260, w: 65, align: 'right' as const },
  { x: 325, w: 40, align: 'right' as const },
  { x: 365, w: 60, align: 'right' as const },
  { x: 425, w: WIDTH - 425, align: 'right' as const },
];

/** The Factur-X XMP properties and the PDF/A extension schema that declares them. */
function facturXmp(): string {
  const ns = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return (
    `<rdf:Description rdf:about="" xmlns:fx="${ns}"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel></rdf:Description>` +
    `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"><pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">` +
    `<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>${ns}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>` +
    property('DocumentFileName', 'name of the embedded XML invoice file') +
    property('DocumentType', 'INVOICE') +
    property('Version', 'The actual version of the Factur-X XML schema') +
    property('ConformanceLevel', 'The conformance level of the embedded Factur-X data') +
    `</rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>`
  );
}

export function dateText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

function addressLines(a: InvoiceAddress): string[] {
  return [a.name, a.street, `${a.postCode} ${a.city}`, a.countryName];
}

export interface RenderOptions {
  t: Translator;
  /** Embed the Factur-X XML (B2B invoices). */
  eInvoice: boolean;
}

export function renderInvoicePdf(doc: InvoiceDocument, { t, eInvoice }: RenderOptions): Promise<Buffer> {
  const lang = doc.language;
  const money = (cents: number) => formatCents(cents, doc.currency, lang);
  const credit = doc.kind === 'credit_note';
  const title = t(credit ? 'invoice.creditNoteTitle' : 'invoice.title');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    font: REGULAR,
    lang,
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.legalName,
      Subject: `${title} ${doc.number}`,
      CreationDate: new Date(`${doc.issueDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', REGULAR);
  pdf.registerFont('bold', BOLD);

  // Seller, title and numbers.
  pdf.font('bold').fontSize(14).text(doc.seller.legalName, MARGIN, MARGIN);
  pdf.font('regular').fontSize(9).text(doc.seller.address);
  if (doc.seller.vatId) pdf.text(t('invoice.sellerVatId', { vatId: doc.seller.vatId }));
  if (doc.seller.email) pdf.text(doc.seller.email);
  pdf.moveDown(1.5);
  pdf.font('bold').fontSize(18).text(`${title} ${doc.number}`);
  pdf.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [
    [t('invoice.issueDate'), dateText(doc.issueDate, lang)],
    [t('invoice.supplyDate'), dateText(doc.supplyDate, lang)],
    [t('invoice.orderNr'), doc.orderNr],
  ];
  if (doc.invoiceNumber)
    facts.push([
      t('invoice.correcting'),
      `${doc.invoiceNumber}${doc.invoiceDate ? ` (${dateText(doc.invoiceDate, lang)})` : ''}`,
    ]);
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`);
  pdf.moveDown(1);

  // The buyer (at their address, with their email) and the delivery address side by side.
  const top = pdf.y;
  pdf.font('bold').text(t('invoice.buyer'), MARGIN, top, { width: WIDTH / 2 - 10 });
  pdf.font('regular').text([...addressLines(doc.buyer.billing), doc.buyer.email].join('\n'), { width: WIDTH / 2 - 10 });
  if (doc.buyer.vatId) pdf.text(t('invoice.buyerVatId', { vatId: doc.buyer.vatId }), { width: WIDTH / 2 - 10 });
  const leftBottom = pdf.y;
  pdf.font('bold').text(t('invoice.delivery'), MARGIN + WIDTH / 2, top, { width: WIDTH / 2 });
  pdf.font('regular').text(addressLines(doc.buyer.delivery).join('\n'), { width: WIDTH / 2 });
  pdf.y = Math.max(leftBottom, pdf.y) + 18;

  // Lines.
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    if (y > 760) pdf.addPage();
    const at = pdf.y;
    pdf.font(bold ? 'bold' : 'regular').fontSize(8.5);
    let bottom = at;
    cells.forEach((cell, i) => {
      const c = COLUMNS[i]!;
      pdf.text(cell, MARGIN + c.x, at, { width: c.w, align: c.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.x = MARGIN;
    pdf.y = bottom + 4;
  };
  row(
    [
      t('invoice.col.description'),
      t('invoice.col.quantity'),
      t('invoice.col.unitPrice'),
      t('invoice.col.net'),
      t('invoice.col.vatRate'),
      t('invoice.col.vat'),
      t('invoice.col.total'),
    ],
    true,
  );
  const lineRow = (l: InvoiceLine, name: string) =>
    row([
      name,
      String(l.quantity),
      money(l.unitCents),
      money(l.netCents),
      formatPercent(l.vatPercent, lang),
      money(l.vatCents),
      money(l.grossCents),
    ]);
  for (const l of doc.lines) lineRow(l, l.sku ? `${l.name} (${l.sku})` : l.name);
  if (doc.delivery) lineRow(doc.delivery, t('invoice.deliveryLine'));
  pdf.moveDown(0.5);

  // Totals: discount, per rate, total.
  const total = (label: string, value: string, bold = false) => {
    const at = pdf.y;
    pdf.font(bold ? 'bold' : 'regular').fontSize(9);
    pdf.text(label, MARGIN + 200, at, { width: 200, align: 'right' });
    pdf.text(value, MARGIN + 400, at, { width: WIDTH - 400, align: 'right' });
    pdf.x = MARGIN;
  };
  if (doc.discountCents > 0) total(t('invoice.discount'), `−${money(doc.discountCents)}`);
  for (const r of doc.rates) {
    total(t('invoice.rateNet', { rate: formatPercent(r.percent, lang) }), money(r.netCents));
    total(t('invoice.rateVat', { rate: formatPercent(r.percent, lang) }), money(r.vatCents));
  }
  total(t('invoice.netTotal'), money(doc.netCents));
  total(t('invoice.vatTotal'), money(doc.vatCents));
  if (doc.roundingCents !== 0) total(t('invoice.rounding'), money(doc.roundingCents));
  total(t(credit ? 'invoice.creditTotal' : 'invoice.total'), money(doc.totalCents), true);
  pdf.moveDown(1.5);

  // The legal wording of the VAT scheme, and how it was paid.
  pdf.font('regular').fontSize(9);
  if (doc.vatScheme === 'reverse_charge') pdf.text(t('invoice.reverseCharge'), MARGIN, pdf.y, { width: WIDTH });
  if (doc.vatScheme === 'export') pdf.text(t('invoice.export'), MARGIN, pdf.y, { width: WIDTH });
  pdf.text(t(credit ? 'invoice.refundedNote' : 'invoice.paidNote'), MARGIN, pdf.y, { width: WIDTH });
  if (eInvoice) {
    pdf.text(t('invoice.eInvoice'), MARGIN, pdf.y, { width: WIDTH });
    const issued = new Date(`${doc.issueDate}T00:00:00Z`);
    pdf.file(Buffer.from(facturXml(doc), 'utf8'), {
      name: FACTURX_FILE_NAME,
      type: 'text/xml',
      // Factur-X's relation of the XML to the PDF; pdfkit writes it as /AFRelationship (its types lack the option).
      relationship: 'Alternative',
      description: 'Factur-X invoice',
      creationDate: issued,
      modifiedDate: issued,
    } as PDFKit.Mixins.PDFAttachmentOptions);
    pdf.appendXML(facturXmp());
  }
  pdf.end();
  return done;
}
