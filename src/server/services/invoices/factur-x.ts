/**
 * The EN 16931 invoice as UN/CEFACT CII XML, Factur-X / ZUGFeRD profile "EN 16931" (ADR 032):
 * what a business buyer's accounting software reads out of the PDF (embedded as factur-x.xml).
 * Elements follow the order of the Factur-X 1.09 EN16931 XSD. Pure.
 */
import { centsToDecimal } from '@/lib/money';
import type { InvoiceAddress, InvoiceDocument, InvoiceLine, VatScheme } from './document';

/** BT-24 of the EN 16931 profile (Factur-X 1.0x, ZUGFeRD 2.x "EN 16931"/"COMFORT"). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
/** The XMP fx: properties of a Factur-X PDF. */
export const FACTURX_CONFORMANCE = 'EN 16931';
export const FACTURX_FILE_NAME = 'factur-x.xml';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (cents: number) => centsToDecimal(cents);
const percent = (p: number) => p.toFixed(2);
const date102 = (iso: string) => iso.replaceAll('-', '');

/** VAT category (UNTDID 5305) and the exemption wording the schematron asks for with it. */
function category(scheme: VatScheme, rate: number): { code: string; reason?: string; reasonCode?: string } {
  if (scheme === 'reverse_charge') return { code: 'K', reason: 'Intra-Community supply', reasonCode: 'VATEX-EU-IC' };
  if (scheme === 'export') return { code: 'G', reason: 'Export outside the EU', reasonCode: 'VATEX-EU-G' };
  return { code: rate > 0 ? 'S' : 'Z' };
}

function tradeTax(scheme: VatScheme, rate: number, totals?: { net: number; vat: number }): string {
  const c = category(scheme, rate);
  return [
    totals ? `<ram:CalculatedAmount>${amount(totals.vat)}</ram:CalculatedAmount>` : '',
    '<ram:TypeCode>VAT</ram:TypeCode>',
    totals && c.reason ? `<ram:ExemptionReason>${escape(c.reason)}</ram:ExemptionReason>` : '',
    totals ? `<ram:BasisAmount>${amount(totals.net)}</ram:BasisAmount>` : '',
    `<ram:CategoryCode>${c.code}</ram:CategoryCode>`,
    totals && c.reasonCode ? `<ram:ExemptionReasonCode>${c.reasonCode}</ram:ExemptionReasonCode>` : '',
    `<ram:RateApplicablePercent>${percent(rate)}</ram:RateApplicablePercent>`,
  ].join('');
}

function address(a: InvoiceAddress): string {
  return `<ram:PostalTradeAddress><ram:PostcodeCode>${escape(a.postCode)}</ram:PostcodeCode><ram:LineOne>${escape(a.street)}</ram:LineOne><ram:CityName>${escape(a.city)}</ram:CityName><ram:CountryID>${escape(a.countryIso)}</ram:CountryID></ram:PostalTradeAddress>`;
}

function lineItem(doc: InvoiceDocument, l: InvoiceLine, index: number): string {
  // The net unit price to 4 decimals (BT-146 allows them): the line's net over its quantity.
  const unitNet = (l.netCents / 100 / l.quantity).toFixed(4);
  return (
    `<ram:IncludedSupplyChainTradeLineItem>` +
    `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
    `<ram:SpecifiedTradeProduct>${l.sku ? `<ram:SellerAssignedID>${escape(l.sku)}</ram:SellerAssignedID>` : ''}<ram:Name>${escape(l.name)}</ram:Name></ram:SpecifiedTradeProduct>` +
    `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${unitNet}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
    `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity.toFixed(4)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
    `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax>${tradeTax(doc.vatScheme, l.vatPercent)}</ram:ApplicableTradeTax>` +
    `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.netCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
    `</ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`
  );
}

function allowanceCharge(doc: InvoiceDocument, charge: boolean, cents: number, rate: number, reason: string): string {
  return (
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>` +
    `<ram:ActualAmount>${amount(cents)}</ram:ActualAmount><ram:Reason>${escape(reason)}</ram:Reason>` +
    `<ram:CategoryTradeTax>${tradeTax(doc.vatScheme, rate)}</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`
  );
}

/**
 * Document-level charges and allowances per rate: the delivery is a charge at its rate; what
 * separates the lines' and delivery's nets from the rate's net (the discount, and the cents of
 * rounding the VAT once per rate) is an allowance (or a charge when it comes out negative).
 */
function headerCharges(doc: InvoiceDocument): { xml: string; charges: number; allowances: number } {
  let xml = '';
  let charges = 0;
  let allowances = 0;
  if (doc.delivery) {
    xml += allowanceCharge(doc, true, doc.delivery.netCents, doc.delivery.vatPercent, 'Delivery');
    charges += doc.delivery.netCents;
  }
  for (const r of doc.rates) {
    const before =
      doc.lines.filter((l) => l.vatPercent === r.percent).reduce((s, l) => s + l.netCents, 0) +
      (doc.delivery?.vatPercent === r.percent ? doc.delivery.netCents : 0);
    const gap = before - r.netCents;
    if (gap > 0) {
      xml += allowanceCharge(doc, false, gap, r.percent, 'Discount');
      allowances += gap;
    } else if (gap < 0) {
      xml += allowanceCharge(doc, true, -gap, r.percent, 'Rounding');
      charges += -gap;
    }
  }
  return { xml, charges, allowances };
}

export function facturXml(doc: InvoiceDocument): string {
  const lineTotal = doc.lines.reduce((s, l) => s + l.netCents, 0);
  const header = headerCharges(doc);
  const grand = doc.netCents + doc.vatCents;
  const seller = doc.seller;
  const buyer = doc.buyer;
  const typeCode = doc.kind === 'credit_note' ? '381' : '380';
  const paymentMeans = doc.paymentMethod === 'card' ? '48' : '1';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument><ram:ID>${escape(doc.number)}</ram:ID><ram:TypeCode>${typeCode}</ram:TypeCode>` +
    `<ram:IssueDateTime><udt:DateTimeString format="102">${date102(doc.issueDate)}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>` +
    doc.lines.map((l, i) => lineItem(doc, l, i)).join('') +
    `<ram:ApplicableHeaderTradeAgreement>` +
    `<ram:SellerTradeParty><ram:Name>${escape(seller.legalName)}</ram:Name>` +
    `<ram:PostalTradeAddress><ram:LineOne>${escape(seller.address.replace(/\s*\n\s*/g, ', '))}</ram:LineOne><ram:CountryID>${escape(seller.countryIso ?? buyer.billing.countryIso)}</ram:CountryID></ram:PostalTradeAddress>` +
    (seller.email
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${escape(seller.email)}</ram:URIID></ram:URIUniversalCommunication>`
      : '') +
    (seller.vatId
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${escape(seller.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '') +
    `</ram:SellerTradeParty>` +
    `<ram:BuyerTradeParty><ram:Name>${escape(buyer.name)}</ram:Name>${address(buyer.billing)}` +
    `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${escape(buyer.email)}</ram:URIID></ram:URIUniversalCommunication>` +
    (buyer.vatId
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${escape(buyer.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '') +
    `</ram:BuyerTradeParty>` +
    `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${escape(doc.orderNr)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>` +
    `</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:Name>${escape(buyer.delivery.name)}</ram:Name>${address(buyer.delivery)}</ram:ShipToTradeParty>` +
    `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${date102(doc.supplyDate)}</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>` +
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>${escape(doc.currency)}</ram:InvoiceCurrencyCode>` +
    `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${paymentMeans}</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>` +
    doc.rates
      .map(
        (r) =>
          `<ram:ApplicableTradeTax>${tradeTax(doc.vatScheme, r.percent, { net: r.netCents, vat: r.vatCents })}</ram:ApplicableTradeTax>`,
      )
      .join('') +
    header.xml +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `<ram:LineTotalAmount>${amount(lineTotal)}</ram:LineTotalAmount>` +
    `<ram:ChargeTotalAmount>${amount(header.charges)}</ram:ChargeTotalAmount>` +
    `<ram:AllowanceTotalAmount>${amount(header.allowances)}</ram:AllowanceTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(doc.netCents)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="${escape(doc.currency)}">${amount(doc.vatCents)}</ram:TaxTotalAmount>` +
    (doc.roundingCents !== 0 ? `<ram:RoundingAmount>${amount(doc.roundingCents)}</ram:RoundingAmount>` : '') +
    `<ram:GrandTotalAmount>${amount(grand)}</ram:GrandTotalAmount>` +
    `<ram:TotalPrepaidAmount>${amount(doc.totalCents)}</ram:TotalPrepaidAmount>` +
    `<ram:DuePayableAmount>0.00</ram:DuePayableAmount>` +
    `</ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    (doc.invoiceNumber
      ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escape(doc.invoiceNumber)}</ram:IssuerAssignedID>${doc.invoiceDate ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(doc.invoiceDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime>` : ''}</ram:InvoiceReferencedDocument>`
      : '') +
    `</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n`
  );
}
