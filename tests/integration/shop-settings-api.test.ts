/**
 * The shop settings an owner expects (issue 25) through the API on the demo shop, both engines:
 * the shop name is the app.name text wherever the shop speaks (mail subject, signature, sender
 * name; the empty name falls back to the translation), the identity fields and the home country
 * reach GET /api/settings, the default currency switches, the hero texts are per language, every
 * save is audited, and bad values answer 422 with the field named.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, countries, languages, mailOutbox } from '@/server/db/schema/index';
import { DEMO_CUSTOMER } from '@/server/db/seed/users';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { getTranslator } from '@/server/i18n/index';
import { closeMailTransports, createMailer, sendMail } from '@/server/mail/index';
import { useTestDatabase } from '../helpers/db';
import { type ApiSession, createApiSession, createUser, csrfSession, signedIn } from '../helpers/session';
import { type TestMailbox, startTestMailbox } from '../helpers/smtp';

const database = useTestDatabase({ seed: 'demo' });
const db = () => database().db;
const api = createApi();

let guest: ApiSession;
/** The shop's owner: settings need the admin (the settings permission, roles.ts). */
const OWNER = { email: 'owner@example.com', password: 'Owner1234!' };
let owner: ApiSession;
let lang: Record<string, number>;
let germany: number;
let box: TestMailbox;

beforeAll(async () => {
  lang = Object.fromEntries((await db().select().from(languages)).map((l) => [l.code, l.id]));
  [{ id: germany }] = (await db().select({ id: countries.id }).from(countries).where(eq(countries.iso, 'DE'))) as [
    { id: number },
  ];
  guest = await csrfSession(api);
  await createUser(db(), OWNER);
  await setRole(db(), null, OWNER.email, 'admin');
  owner = await signedIn(createApiSession(api), OWNER);
  box = await startTestMailbox();
});

afterAll(async () => {
  closeMailTransports();
  await box?.close();
});

async function lastAudit(entity: string) {
  const [row] = await db()
    .select()
    .from(contentChanges)
    .where(eq(contentChanges.entity, entity))
    .orderBy(desc(contentChanges.id))
    .limit(1);
  return row;
}

async function newestMailTo(email: string) {
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** A password-reset mail (sent after the answer, so the same for known and unknown addresses). */
async function resetMailTo(email: string) {
  const before = (await newestMailTo(email))?.id ?? 0;
  expect((await guest.post('/api/user/reset-password', { email })).status).toBe(200);
  for (let waited = 0; waited < 30_000; waited += 100) {
    const mail = await newestMailTo(email);
    if (mail && mail.id > before) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail to ${email}`);
}

describe('the shop name', () => {
  it('is saved, audited and answered by GET /api/settings', async () => {
    const saved = await owner.put('/api/admin/settings', {
      shop_name: '  Alpen Outfitters  ',
      legal_name: 'Alpen Outfitters GmbH',
      vat_id: 'de 123.456-789',
      contact_phone: '+49 30 1234567',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({
      shop_name: 'Alpen Outfitters',
      legal_name: 'Alpen Outfitters GmbH',
      vat_id: 'DE123456789',
      contact_phone: '+49 30 1234567',
    });
    const audit = await lastAudit('settings');
    expect(audit).toMatchObject({
      entityId: '1',
      action: 'update',
      summary: 'shop_name, legal_name, vat_id, contact_phone',
    });
    const settings = (await guest.get('/api/settings')).body.payload;
    expect(settings).toMatchObject({
      shop_name: 'Alpen Outfitters',
      legal_name: 'Alpen Outfitters GmbH',
      vat_id: 'DE123456789',
      contact_phone: '+49 30 1234567',
    });
  });

  it('is the app.name text in every language at once (header, titles, islands)', async () => {
    expect((await getTranslator(db(), 'en'))('app.name')).toBe('Alpen Outfitters');
    expect((await getTranslator(db(), 'de'))('app.name')).toBe('Alpen Outfitters');
    const messages = (await guest.request(`/api/localizations?language_id=${lang.fr}`).then((r) => r.json())) as {
      payload: Record<string, string>;
    };
    expect(messages.payload['app.name']).toBe('Alpen Outfitters');
  });

  it('names the shop in a mail: subject, signature and footer', async () => {
    const mail = await resetMailTo(DEMO_CUSTOMER.email);
    expect(mail.subject).toBe('Reset your password – Alpen Outfitters');
    expect(mail.text).toContain('The Alpen Outfitters team');
    expect(mail.text).toContain('This is an automated message from Alpen Outfitters.');
    expect(mail.html).toContain('Alpen Outfitters');
    expect(mail.text).not.toContain('Gear Shop');
  });

  it('is the sender name over SMTP when MAIL_FROM names no sender', async () => {
    await sendMail(
      db(),
      { to: 'sender@example.com', subject: 'Hello', html: '<p>x</p>', text: 'x', language: 'en' },
      { mailer: createMailer({ smtpUrl: box.url, from: 'shop@test.local' }) },
    );
    expect((await box.waitFor('sender@example.com')).from).toBe('Alpen Outfitters <shop@test.local>');
    // A MAIL_FROM with its own name keeps it.
    await sendMail(
      db(),
      { to: 'named@example.com', subject: 'Hello', html: '<p>x</p>', text: 'x', language: 'en' },
      { mailer: createMailer({ smtpUrl: box.url, from: 'Orders <orders@test.local>' }) },
    );
    expect((await box.waitFor('named@example.com')).from).toBe('Orders <orders@test.local>');
  });

  it('falls back to the app.name translation when emptied', async () => {
    expect((await owner.put('/api/admin/settings', { shop_name: '' })).status).toBe(200);
    expect((await getTranslator(db(), 'de'))('app.name')).toBe('Gear Shop');
    expect((await resetMailTo(DEMO_CUSTOMER.email)).subject).toBe('Reset your password – Gear Shop');
    expect((await guest.get('/api/settings')).body.payload.shop_name).toBe('');
  });
});

describe('carts left behind (issue 32)', () => {
  it('the idle hours default to 24 and the reminder mail to off; both are saved', async () => {
    const before = (await owner.get('/api/admin/settings')).body.payload;
    expect(before).toMatchObject({ abandoned_cart_hours: 24, cart_reminders: false });
    const saved = await owner.put('/api/admin/settings', { abandoned_cart_hours: 48, cart_reminders: true });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({ abandoned_cart_hours: 48, cart_reminders: true });
    await owner.put('/api/admin/settings', { abandoned_cart_hours: 24, cart_reminders: false });
  });
});

describe('the home country', () => {
  it('is where the phone and address fields start: GET /api/settings names it', async () => {
    const saved = await owner.put('/api/admin/settings', { home_country_id: germany });
    expect(saved.body.payload.home_country_id).toBe(germany);
    expect((await guest.get('/api/settings')).body.payload.home_country).toEqual({ id: germany, iso: 'DE' });
    expect((await owner.get('/api/admin/settings')).body.payload.home_country_id).toBe(germany);
  });

  it('can be unset again', async () => {
    expect((await owner.put('/api/admin/settings', { home_country_id: null })).status).toBe(200);
    expect((await guest.get('/api/settings')).body.payload.home_country).toBeNull();
    expect((await owner.put('/api/admin/settings', { home_country_id: germany })).status).toBe(200);
  });
});

describe('the default currency', () => {
  const defaults = async () =>
    ((await guest.get('/api/currencies')).body.payload as { code: string; default: number }[])
      .filter((c) => c.default === 1)
      .map((c) => c.code);

  it('switches: exactly one currency is the default, new visitors get it, and the change is audited', async () => {
    expect(await defaults()).toEqual(['EUR']);
    const saved = await owner.put('/api/admin/settings', { default_currency: 'usd' });
    expect(saved.status).toBe(200);
    expect(saved.body.payload.default_currency).toBe('USD');
    expect(await defaults()).toEqual(['USD']);
    // A visitor without a currency choice is answered in it: the demo's 10 EUR top-up minimum in dollars.
    const usd = ((await guest.get('/api/currencies')).body.payload as { code: string; value: number }[]).find(
      (c) => c.code === 'USD',
    )!;
    const fresh = await csrfSession(api);
    expect((await fresh.get('/api/settings')).body.payload.min_top_up_amount).toBe(
      Math.round(10 * usd.value * 100) / 100,
    );
    expect((await lastAudit('settings'))?.summary).toBe('default_currency');
    expect((await owner.put('/api/admin/settings', { default_currency: 'EUR' })).status).toBe(200);
    expect(await defaults()).toEqual(['EUR']);
  });
});

describe('the home hero per language', () => {
  it('lists every language with the texts it shows and its built-in ones', async () => {
    const heroes = (await owner.get('/api/admin/home-hero')).body.payload as {
      code: string;
      hero_title: string;
      default_title: string;
    }[];
    expect(heroes.map((h) => h.code)).toEqual(['en', 'de', 'fr']);
    expect(heroes.find((h) => h.code === 'de')).toMatchObject({
      hero_title: 'Ausgerüstet für Ihr nächstes Abenteuer',
      default_title: 'Ausgerüstet für Ihr nächstes Abenteuer',
    });
  });

  it('changes one language only, audited, and an empty text brings back the built-in one', async () => {
    const saved = await owner.put('/api/admin/home-hero', {
      language_id: lang.de,
      hero_title: 'Winter ist da',
      hero_subtitle: 'Alles für den Schnee',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({
      code: 'de',
      hero_title: 'Winter ist da',
      hero_subtitle: 'Alles für den Schnee',
    });
    expect((await getTranslator(db(), 'de'))('home.hero.title')).toBe('Winter ist da');
    expect((await getTranslator(db(), 'en'))('home.hero.title')).toBe('Gear up for your next adventure');
    expect((await getTranslator(db(), 'fr'))('home.hero.title')).toBe('Équipez-vous pour votre prochaine aventure');
    expect(await lastAudit('home_hero')).toMatchObject({ entityId: 'de', summary: 'hero_title, hero_subtitle' });

    // Without language_id: the default language.
    expect((await owner.put('/api/admin/home-hero', { hero_title: 'Winter is here' })).body.payload.code).toBe('en');
    expect((await getTranslator(db(), 'en'))('home.hero.title')).toBe('Winter is here');

    expect(
      (await owner.put('/api/admin/home-hero', { language_id: lang.de, hero_title: '' })).body.payload.hero_title,
    ).toBe('Ausgerüstet für Ihr nächstes Abenteuer');
    expect((await getTranslator(db(), 'de'))('home.hero.title')).toBe('Ausgerüstet für Ihr nächstes Abenteuer');
    expect((await getTranslator(db(), 'de'))('home.hero.subtitle')).toBe('Alles für den Schnee');
  });
});

describe('bad values answer 422 with the field named, and change nothing', () => {
  it.each([
    [
      'an invalid VAT id',
      { vat_id: 'DE12345' },
      'vat_id',
      "The VAT id must start with its country code and follow that country's format, e.g. DE123456789.",
    ],
    [
      'a VAT id without country code',
      { vat_id: '123456789' },
      'vat_id',
      "The VAT id must start with its country code and follow that country's format, e.g. DE123456789.",
    ],
    ['an unknown country', { home_country_id: 999_999 }, 'home_country_id', 'Choose a country from the list.'],
    ['an unknown currency', { default_currency: 'XYZ' }, 'default_currency', "Choose one of the shop's currencies."],
    [
      'a contact phone that is no phone number',
      { contact_phone: 'call us' },
      'contact_phone',
      'A phone number may contain only digits, spaces, +, ( ) and -, 5 to 32 characters.',
    ],
    [
      'carts left behind after 0 hours',
      { abandoned_cart_hours: 0 },
      'abandoned_cart_hours',
      'A cart is left behind after a whole number of hours from 1 to 720.',
    ],
  ])('%s', async (_name, body, field, message) => {
    const before = (await owner.get('/api/admin/settings')).body.payload;
    const answer = await owner.put('/api/admin/settings', { shop_name: 'Never saved', ...body });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
    expect((await owner.get('/api/admin/settings')).body.payload).toEqual(before);
  });

  it("answers in the admin's language (the shop language cookie)", async () => {
    owner.cookies.set('languageId', String(lang.de));
    try {
      const german = await owner.put('/api/admin/settings', { default_currency: 'XYZ' });
      expect(german.status).toBe(422);
      expect(german.body.errors).toEqual({ default_currency: ['Wählen Sie eine der Währungen des Shops.'] });
    } finally {
      owner.cookies.delete('languageId');
    }
  });

  it('a shopper may not change settings', async () => {
    const customer = await signedIn(createApiSession(api), DEMO_CUSTOMER);
    expect((await customer.put('/api/admin/settings', { shop_name: 'Mine' })).status).toBe(403);
    expect((await guest.get('/api/settings')).body.payload.shop_name).toBe('');
  });
});
