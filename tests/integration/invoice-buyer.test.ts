/**
 * Who an invoice names (ADR 037): the checkout takes one address, where the goods go. The buyer
 * is the account holder at the address of their profile when they keep a complete one there,
 * with their email and VAT id; the delivery address is shown beside it, labelled. Without a
 * profile address the buyer is the one who ordered, at the delivery address. PDF read back as
 * text, the Factur-X XML's buyer and ship-to parties, XSD-valid. Both engines (TEST_DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { countries, invoices, products, users } from '@/server/db/schema/index';
import { markPaid } from '@/server/services/admin/orders/mark-paid.server';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import { readPdf } from '../helpers/pdf';
import { validateFacturX } from '../helpers/factur-x';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'inv-buyer');

let product: number;
let staffId: number;
let france: number;

beforeAll(async () => {
  const [picked] = await db()
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.active, true), sql`not exists (select 1 from variations v where v.product_id = ${products.id})`),
    )
    .orderBy(products.id)
    .limit(1);
  product = picked!.id;
  await db().update(products).set({ stock: 5000 }).where(eq(products.id, product));
  staffId = (await h.signedIn('staff')).id;
  const [fr] = await db().select({ id: countries.id }).from(countries).where(eq(countries.iso, 'FR'));
  france = fr!.id;
});

const PARIS = { country: 'France', city: 'Paris', postCode: '75001', address: '5 Rue de Rivoli' };

/** A paid phone order delivered to Paris to `recipient`, and its invoice. */
async function invoiced(
  profile: Partial<typeof users.$inferInsert>,
  recipient: { name: string; surname: string },
  vatId?: string,
) {
  const buyer = await h.shopper();
  await db()
    .update(users)
    .set({ name: 'Camille', surname: 'Martin', ...profile })
    .where(eq(users.id, buyer.userId));
  await h.add(buyer.session, product, 1);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({
      payment_method: 'phone',
      email: buyer.email,
      ...PARIS,
      ...recipient,
      ...(vatId ? { vat_id: vatId } : {}),
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = await h.orderByNr(res.body.order_data.order_nr);
  await markPaid(db(), { orderNr: order.orderNr, actorId: staffId });
  const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
  return { ...buyer, order, invoice: invoice!, ...(await readPdf(invoice!.pdf!)) };
}

describe('the buyer on the invoice', () => {
  it('is the account holder at their profile address, with email and VAT id, beside the delivery address', async () => {
    const { email, invoice, text, attachments } = await invoiced(
      { address: '12 Rue de la République', postCode: '69002', city: 'Lyon', countryId: france },
      { name: 'Alex', surname: 'Martin' },
      'FR40303265045',
    );
    expect(invoice.document.buyer).toEqual({
      name: 'Camille Martin',
      email,
      vatId: 'FR40303265045',
      billing: {
        name: 'Camille Martin',
        street: '12 Rue de la République',
        postCode: '69002',
        city: 'Lyon',
        countryIso: 'FR',
        countryName: 'France',
      },
      delivery: {
        name: 'Alex Martin',
        street: '5 Rue de Rivoli',
        postCode: '75001',
        city: 'Paris',
        countryIso: 'FR',
        countryName: 'France',
      },
    });
    expect(text).toContain(
      `Buyer Camille Martin 12 Rue de la République 69002 Lyon France ${email} Buyer's VAT ID: FR40303265045`,
    );
    expect(text).toContain('Delivery address Alex Martin 5 Rue de Rivoli 75001 Paris France');
    const xml = attachments['factur-x.xml']!;
    expect(await validateFacturX(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(
      '<ram:BuyerTradeParty><ram:Name>Camille Martin</ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>69002</ram:PostcodeCode><ram:LineOne>12 Rue de la République</ram:LineOne><ram:CityName>Lyon</ram:CityName>',
    );
    expect(xml).toContain(
      '<ram:ShipToTradeParty><ram:Name>Alex Martin</ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:LineOne>5 Rue de Rivoli</ram:LineOne><ram:CityName>Paris</ram:CityName>',
    );
  });

  it('without a complete profile address: the one who ordered, at the delivery address; no VAT id line', async () => {
    const { email, invoice, text, attachments } = await invoiced(
      { address: '12 Rue de la République', postCode: null, city: 'Lyon', countryId: france },
      { name: 'Alex', surname: 'Martin' },
    );
    expect(invoice.document.buyer.name).toBe('Alex Martin');
    expect(invoice.document.buyer.billing).toEqual(invoice.document.buyer.delivery);
    expect(text).toContain(`Buyer Alex Martin 5 Rue de Rivoli 75001 Paris France ${email}`);
    expect(text).toContain('Delivery address Alex Martin 5 Rue de Rivoli 75001 Paris France');
    expect(text).not.toContain("Buyer's VAT ID");
    expect(text).not.toContain('Lyon');
    expect(attachments).toEqual({});
  });
});
