/**
 * The admin API answers its messages in the admin's language (issue 17): the shop's language
 * cookie (`languageId`), else the shop's default; English exactly as before without a cookie. The
 * shopper API and zod's field errors keep their texts. Both engines (TEST_DATABASE_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages } from '@/server/db/schema/index';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'admin-language');
let fx: FixtureCatalog;
let fr: number;
let staff: ApiSession;
let editor: ApiSession;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  const [row] = await db().insert(languages).values({ code: 'fr', title: 'Français', position: 2 }).returning();
  fr = row!.id;
  staff = (await h.signedIn('staff')).session;
  editor = (await h.signedIn('editor')).session;
});

/** The session speaks `language` (a languages row id), or the shop's default when undefined. */
function speak(session: ApiSession, language: number | string | undefined): ApiSession {
  if (language === undefined) session.cookies.delete(LANGUAGE_COOKIE);
  else session.cookies.set(LANGUAGE_COOKIE, String(language));
  return session;
}

describe('success messages', () => {
  it('creates and saves a product in English without a cookie, in German and French with one', async () => {
    const cases: [number | undefined, string, string][] = [
      [undefined, 'Product created.', 'Product saved.'],
      [fx.lang.de, 'Produkt angelegt.', 'Produkt gespeichert.'],
      [fr, 'Produit créé.', 'Produit enregistré.'],
    ];
    for (const [language, created, saved] of cases) {
      const session = speak(staff, language);
      const made = await session.post('/api/admin/products', {
        sku: `LANG-${language ?? 'none'}`,
        name: 'Language test',
        price_cents: 1_000,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.message).toBe(created);
      const put = await session.put(`/api/admin/products/${made.body.payload.id}`, { version: 1, price_cents: 1_100 });
      expect(put.body.message).toBe(saved);
    }
  });

  it('fills in the numbers of a message (the product list count)', async () => {
    const en = await speak(staff, undefined).get('/api/admin/products?q=FX-DOME');
    const de = await speak(staff, fx.lang.de).get('/api/admin/products?q=FX-DOME');
    expect(en.body.payload.total).toBe(de.body.payload.total);
    expect(en.body.message).toBe(`${en.body.payload.total} ${en.body.payload.total === 1 ? 'product' : 'products'}.`);
    expect(de.body.message).toBe(`${de.body.payload.total} ${de.body.payload.total === 1 ? 'Produkt' : 'Produkte'}.`);
  });

  it('answers a staff order action in the admin language', async () => {
    expect(
      (await speak(staff, undefined).post('/api/admin/orders/FX-1/notes', { text: 'Called, in English' })).body.message,
    ).toBe('The note is added.');
    expect((await speak(staff, fr).post('/api/admin/orders/FX-1/notes', { text: 'Appelé' })).body.message).toBe(
      'La note est ajoutée.',
    );
  });

  it('answers the page editor in the admin language', async () => {
    const made = await speak(editor, undefined).post('/api/admin/static-pages', {
      slug: 'language-test',
      title: 'Language test',
      content: '<p>x</p>',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const restored = await speak(editor, fx.lang.de).post(
      `/api/admin/static-pages/${made.body.payload.id}/versions/1/restore`,
    );
    expect(restored.body.message).toBe('Version 1 wiederhergestellt.');
    expect((await speak(editor, fr).delete(`/api/admin/static-pages/${made.body.payload.id}`)).body.message).toBe(
      'Page supprimée.',
    );
  });
});

describe('errors', () => {
  it('translates a service error with its values, and English stays as it was', async () => {
    const en = await speak(staff, undefined).post('/api/admin/orders/FX-2/ship', {
      carrier: 'DHL',
      tracking_number: '123',
    });
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      status: 'ERROR',
      code: 'conflict',
      message: 'Only a paid order can be shipped; this one is Pending.',
    });
    const de = await speak(staff, fx.lang.de).post('/api/admin/orders/FX-2/ship', {
      carrier: 'DHL',
      tracking_number: '123',
    });
    expect(de.body.message).toBe('Nur eine bezahlte Bestellung kann versandt werden; diese ist Pending.');
    expect((await speak(staff, fr).post('/api/admin/orders/20990101-000000/mark-paid')).body.message).toBe(
      'Commande introuvable.',
    );
  });

  it('translates a 404 a handler throws and the field error that repeats the message', async () => {
    expect((await speak(staff, undefined).get('/api/admin/products/999999')).body.message).toBe('Product not found.');
    expect((await speak(staff, fx.lang.de).get('/api/admin/products/999999')).body.message).toBe(
      'Produkt nicht gefunden.',
    );
    const taken = await speak(staff, fr).post('/api/admin/products', {
      sku: 'FX-DOME',
      name: 'Copy',
      price_cents: 100,
    });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({
      message: 'Un autre produit ou une autre variante a déjà ce SKU.',
      errors: { sku: ['Un autre produit ou une autre variante a déjà ce SKU.'] },
    });
    const english = await speak(staff, undefined).post('/api/admin/products', {
      sku: 'FX-DOME',
      name: 'Copy',
      price_cents: 100,
    });
    expect(english.body.errors).toEqual({ sku: ['Another product or variation already has this SKU.'] });
  });

  it('translates field errors that carry their own key (page editor, translations)', async () => {
    const made = await speak(editor, undefined).post('/api/admin/static-pages', {
      slug: 'field-language',
      title: 'Field language',
      content: '<p>x</p>',
    });
    const id = made.body.payload.id as number;
    const en = await speak(editor, undefined).put(`/api/admin/static-pages/${id}`, { language_id: 999, title: 'X' });
    expect(en.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Unknown language.',
      errors: { language_id: ['Unknown language.'] },
    });
    const de = await speak(editor, fx.lang.de).put(`/api/admin/static-pages/${id}`, { language_id: 999, title: 'X' });
    expect(de.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Unbekannte Sprache.',
      errors: { language_id: ['Unbekannte Sprache.'] },
    });
    const key = await speak(editor, fr).put('/api/admin/translations', {
      language_id: fx.lang.de,
      key: 'no.such.key',
      value: 'x',
    });
    expect(key.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Clé de texte inconnue.',
      errors: { key: ['Clé de texte inconnue.'] },
    });
    const schedule = await speak(editor, fx.lang.de).put(`/api/admin/static-pages/${id}/schedule`, {
      publish_at: '2030-01-02T00:00:00Z',
      unpublish_at: '2030-01-01T00:00:00Z',
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(422);
    expect(schedule.body.errors.unpublish_at).toEqual([
      'Die Seite muss nach ihrer Veröffentlichung offline gehen, nicht davor.',
    ]);
  });

  it('keeps the version conflict English without a cookie and German with one', async () => {
    const stale = { version: 999, price_cents: 1 };
    const en = await speak(staff, undefined).put(`/api/admin/products/${fx.p.tunnel}`, stale);
    expect(en.status).toBe(409);
    expect(en.body.message).toMatch(
      /^Someone else saved this product after you opened it \(it is now at version \d+\)\./,
    );
    const de = await speak(staff, fx.lang.de).put(`/api/admin/products/${fx.p.tunnel}`, stale);
    expect(de.body.message).toMatch(
      /^Jemand anderes hat dieses Produkt gespeichert, nachdem Sie es geöffnet haben \(es ist jetzt bei Version \d+\)\./,
    );
    expect(de.body.errors.version).toEqual([de.body.message]);
  });
});

describe('zod field errors (issue 28)', () => {
  const invalid = { sku: 'LANG-ZOD', name: 'n'.repeat(192), price_cents: -5, category_ids: 'x', colour: 'red' };
  const price = 'The price must be a whole number of cents from 0 to 1000000000.';

  it("are the contract's English texts without a cookie", async () => {
    const en = await speak(staff, undefined).post('/api/admin/products', invalid);
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'The name may have at most 191 characters.',
      errors: {
        name: ['The name may have at most 191 characters.'],
        price_cents: [price],
        category_ids: ['categories must be a list of category ids.'],
        _root: ['Unknown field.'],
      },
    });
  });

  it('are German for a German admin and French for a French one, with the same code', async () => {
    const de = await speak(staff, fx.lang.de).post('/api/admin/products', invalid);
    expect(de.status).toBe(422);
    expect(de.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Höchstens 191 Zeichen.',
      errors: {
        name: ['Höchstens 191 Zeichen.'],
        price_cents: ['Muss mindestens 0 sein.'],
        category_ids: ['Dieser Wert hat den falschen Typ (erwartet: array).'],
        _root: ['Unbekanntes Feld: colour.'],
      },
    });
    const french = await speak(staff, fr).post('/api/admin/products', { sku: 'LANG-ZOD', price_cents: 1.5 });
    expect(french.status).toBe(422);
    expect(french.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Ce champ est obligatoire.',
      errors: { name: ['Ce champ est obligatoire.'], price_cents: ['Saisissez un nombre entier.'] },
    });
  });

  it("count in the admin's plural forms", async () => {
    const tooMany = { version: 999, category_ids: Array.from({ length: 21 }, (_, i) => i + 1) };
    const french = await speak(staff, fr).put(`/api/admin/products/${fx.p.tunnel}`, tooMany);
    expect(french.status).toBe(422);
    expect(french.body.errors.category_ids).toEqual(['Au plus 20 entrées.']);
    const german = await speak(staff, fx.lang.de).put(`/api/admin/products/${fx.p.tunnel}`, tooMany);
    expect(german.body.errors.category_ids).toEqual(['Höchstens 20 Einträge.']);
  });
});

describe('what keeps its language', () => {
  it('an unknown language cookie means the shop default', async () => {
    expect((await speak(staff, 987_654).get('/api/admin/products/999999')).body.message).toBe('Product not found.');
    expect((await speak(staff, 'x').get('/api/admin/products/999999')).body.message).toBe('Product not found.');
  });

  it('the shopper API answers as before', async () => {
    const shopperEn = await speak(staff, undefined).get('/api/products/999999/info');
    const shopperDe = await speak(staff, fx.lang.de).get('/api/products/999999/info');
    expect(shopperDe.status).toBe(404);
    expect(shopperDe.body).toEqual(shopperEn.body);
  });

  it('the guard answers as the spec says', async () => {
    expect((await speak(editor, fx.lang.de).get('/api/admin/products')).body).toEqual({
      status: 'ERROR',
      code: 'forbidden',
      message: 'This action is unauthorized.',
    });
  });
});
