/**
 * "Order received" for phone orders (ADR 023 "What the customer sees"): checkout through the API
 * sends it once, in the customer's language, HTML and text, with the order number, the amount and
 * currency, the numbers to call from settings, what to do and the 72-hour expiry; a card order
 * and a replayed checkout send none. Delivered over real SMTP (the test points the shop's SMTP_URL
 * at a local mailbox). Both engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { config } from '@/server/config';
import { languages, mailOutbox, settings } from '@/server/db/schema/index';
import { closeMailTransports } from '@/server/mail/index';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { cardShipping, checkoutShoppers } from '../helpers/checkout-shopper';
import { type TestMailbox, startTestMailbox } from '../helpers/smtp';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const { shopper, add } = checkoutShoppers(api, db, 'phonebuyer');
let fx: CommerceFixture;
let box: TestMailbox;
let previousSmtp: string | undefined;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  await db()
    .update(settings)
    .set({ phonePaymentGlobal: '+1 555 0100', phonePaymentUkEu: '+44 20 7946 0000' })
    .where(eq(settings.id, 1));
  box = await startTestMailbox({ unref: true });
  // The shop's mailer reads SMTP_URL from its config; this worker's copy points at the mailbox.
  const cfg = config() as { SMTP_URL?: string };
  previousSmtp = cfg.SMTP_URL;
  cfg.SMTP_URL = box.url;
});

afterAll(async () => {
  (config() as { SMTP_URL?: string }).SMTP_URL = previousSmtp;
  closeMailTransports();
  await box?.close();
});

/** The mail goes to the order's (shipping) address: each test gives its own. */
const phoneShipping = (email: string) => cardShipping({ payment_method: 'phone', email });

describe('order received mail (phone orders)', () => {
  it('mails the order number, amount and currency, the numbers, what to do and the expiry', async () => {
    const { session, email } = await shopper();
    await add(session, fx.pegs, 4);
    const send = async () =>
      (
        await session.request('/api/orders/checkout', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'phone-mail-0001' },
          body: JSON.stringify(phoneShipping(email)),
        })
      ).json();
    const res = await send();
    expect(res.status, JSON.stringify(res)).toBe('OK');
    const orderNr: string = res.order_data.order_nr;

    const mail = await box.waitFor(email, { timeoutMs: 15_000 });
    expect(mail.subject).toBe(`We have received your order ${orderNr} – Gear Shop`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(
        `Thank you for order ${orderNr}. To complete it, pay €100.00 by phone at one of these numbers:`,
      );
      expect(body).toContain('+1 555 0100');
      expect(body).toContain('+44 20 7946 0000');
      expect(body).toContain(`quote your order number ${orderNr} and pay €100.00`);
      expect(body).toContain('If the order is not paid within 72 hours, it expires and the items are released.');
    }
    expect(mail.text).toContain('US and global customers: +1 555 0100');
    expect(mail.text).toContain('UK and EU customers: +44 20 7946 0000');

    // The same key again answers the same order without a second mail.
    const again = await send();
    expect(again.order_data.order_nr).toBe(orderNr);
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(1);
  });

  it("is in the customer's language", async () => {
    const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
    const { session, email } = await shopper({ languageId: de!.id });
    await add(session, fx.pegs, 4);
    const res = await session.post('/api/orders/checkout', phoneShipping(email));
    const orderNr: string = res.body.order_data.order_nr;
    const mail = await box.waitFor(email, { timeoutMs: 15_000 });
    expect(mail.subject).toBe(`Wir haben Ihre Bestellung ${orderNr} erhalten – Gear Shop`);
    expect(mail.text).toContain('Wird die Bestellung nicht innerhalb von 72 Stunden bezahlt, verfällt sie');
    expect(mail.text).toContain('Kunden im Vereinigten Königreich und in der EU: +44 20 7946 0000');
  });

  it('is not sent for a card order', async () => {
    const { session, email } = await shopper();
    await add(session, fx.pegs, 1);
    const res = await session.post('/api/orders/checkout', cardShipping({ email }));
    expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });
});
