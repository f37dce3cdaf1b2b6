/**
 * The shop settings on the pages (issue 25) through the real server (`npm start`, demo data, real
 * HTTP; both engines with TEST_DATABASE_URL): a saved shop name is on the very next request in the
 * header, the page titles and the JSON-LD Organization/WebSite (the guest page cache is emptied),
 * the hero is per language, and the phone fields start on the home country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { startDemoServer } from '../helpers/demo-server';
import { cleanupServers } from '../helpers/server';
import { createUser } from '../helpers/session';
import { type ShopClient, shopClient } from '../helpers/shop-client';

let base: string;
let drop: () => Promise<void> = async () => {};
/** The shop's owner: settings need the admin (the settings permission, roles.ts). */
const OWNER = { email: 'owner@example.com', password: 'Owner1234!' };
let owner: ShopClient;
const lang: Record<string, number> = {};
const country: Record<string, number> = {};

beforeAll(async () => {
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }, 120_000, async (db) => {
    await createUser(db, OWNER);
    await setRole(db, null, OWNER.email, 'admin');
  }));
  owner = shopClient(base);
  await owner.signIn(OWNER.email, OWNER.password);
  for (const l of (await owner.call('GET', '/api/languages')).json().payload as { id: number; code: string }[])
    lang[l.code] = l.id;
  for (const c of (await owner.call('GET', '/api/countries')).json().payload as { id: number; iso: string }[])
    country[c.iso] = c.id;
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

const html = async (path: string) => (await fetch(`${base}${path}`, { redirect: 'manual' })).text();
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
const title = (page: string) => decode(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '');
const logo = (page: string) =>
  decode(/class="logo-mark"[^>]*>[^<]*<\/span>\s*<span[^>]*>([^<]*)<\/span>/.exec(page)?.[1] ?? '');
const h1 = (page: string) => decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1] ?? '');
const phoneCountry = (page: string) =>
  /<button[^>]*class="phone-country-button"[^>]*aria-label="([A-Z]{2} \+\d+)/.exec(page)?.[1];

function jsonLd(page: string): Record<string, any>[] {
  const graphs = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@graph'?: Record<string, any>[] },
  );
  return graphs.flatMap((g) => g['@graph'] ?? []);
}

async function put(path: string, body: unknown) {
  const answer = await owner.call('PUT', path, body);
  expect(answer.status, answer.body).toBe(200);
}

describe('the shop name', () => {
  it("is the demo's Gear Shop until the owner names the shop", async () => {
    const home = await html('/');
    expect(logo(home)).toBe('Gear Shop');
    expect(title(home)).toBe('Gear Shop | Sports, outdoor and computer gear');
    expect(jsonLd(home).find((n) => n['@type'] === 'WebSite')?.name).toBe('Gear Shop');
  });

  it('shows on the next request in the header, titles and JSON-LD, in every language', async () => {
    await html('/faq');
    await put('/api/admin/settings', {
      shop_name: 'Alpen Outfitters',
      legal_name: 'Alpen Outfitters GmbH',
      vat_id: 'DE123456789',
      contact_phone: '+49 30 1234567',
      home_country_id: country.DE,
    });
    const home = await html('/');
    expect(logo(home)).toBe('Alpen Outfitters');
    expect(title(home)).toBe('Alpen Outfitters | Sports, outdoor and computer gear');
    expect(title(await html('/faq'))).toBe('Frequently Asked Questions | Alpen Outfitters');
    expect(title(await html('/de/'))).toBe('Alpen Outfitters | Sport-, Outdoor- und Computerausrüstung');
    const [organization, website] = jsonLd(home);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Alpen Outfitters',
      legalName: 'Alpen Outfitters GmbH',
      vatID: 'DE123456789',
      telephone: '+49 30 1234567',
      address: { '@type': 'PostalAddress', addressCountry: 'DE' },
    });
    expect(website).toMatchObject({ '@type': 'WebSite', name: 'Alpen Outfitters', url: `${base}/`, inLanguage: 'en' });
    expect(jsonLd(await html('/de/')).find((n) => n['@type'] === 'WebSite')).toMatchObject({
      url: `${base}/de/`,
      inLanguage: 'de',
    });
  });
});

describe('the home hero per language', () => {
  it('the German hero shows on /de only, the English one stays', async () => {
    const english = h1(await html('/'));
    await put('/api/admin/home-hero', {
      language_id: lang.de,
      hero_title: 'Der Winter ist da',
      hero_subtitle: 'Alles für Schnee und Eis',
    });
    const de = await html('/de/');
    expect(h1(de)).toBe('Der Winter ist da');
    expect(de).toContain('Alles für Schnee und Eis');
    expect(h1(await html('/'))).toBe(english);
    expect(h1(await html('/fr/'))).toBe('Équipez-vous pour votre prochaine aventure');
  });
});

describe('the home country', () => {
  it('is where the phone fields of sign-up and contact start', async () => {
    expect(phoneCountry(await html('/auth?form=signup'))).toBe('DE +49');
    expect(phoneCountry(await html('/contact'))).toBe('DE +49');
    await put('/api/admin/settings', { home_country_id: country.FR });
    expect(phoneCountry(await html('/auth?form=signup'))).toBe('FR +33');
    expect(phoneCountry(await html('/contact'))).toBe('FR +33');
  });
});
