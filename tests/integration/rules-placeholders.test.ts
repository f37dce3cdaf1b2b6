import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@/features/cart/cart-texts';
import { contactFormTexts } from '@/features/contact/contact-texts';
import { ordersTexts } from '@/features/orders/orders-texts';
import { profileFormTexts } from '@/features/account/account-texts';
import { variationModalTexts } from '@/features/product/variation-modal-texts';
import { fill } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';
import { getTranslator } from '@/server/i18n/index';
import { fileTranslator } from '@/server/mail/templates';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase();

/**
 * One placeholder syntax, {{name}}: a text the server renders with its values (i18next, and the
 * mail's file translator) and the same text handed to an island with slot() and filled there
 * with fill() must read the same in every language. Values with $ and & check that nothing in
 * them is read as a pattern.
 */
const cases: Array<[key: string, values: Record<string, string | number>, island: (t: Translator) => string]> = [
  ['cart.quantityOf', { name: 'Tent "Alpine" $& co' }, (t) => cartPageTexts(t).quantityOf],
  ['cart.removeItem', { name: 'Trail shoe <42>' }, (t) => cartPageTexts(t).removeItem],
  ['checkout.promo.active', { code: 'SUMMER$1' }, (t) => cartPageTexts(t).promo.active],
  ['checkout.summary.vat', { rate: '20.00' }, (t) => cartPageTexts(t).summary.vat],
  ['orders.order', { number: 'GS-2026-1006' }, (t) => ordersTexts(t).order],
  ['orders.placedOn', { date: '07.03.2026' }, (t) => ordersTexts(t).placedOn],
  ['orders.quantityValue', { count: 3 }, (t) => ordersTexts(t).quantityValue],
  ['pagination.pageOf', { page: 2, total: 9 }, (t) => ordersTexts(t).pagination.pageOf],
  ['account.memberSince', { date: 'March 2026' }, (t) => profileFormTexts(t).memberSince],
  ['validation.tooLong', { max: 2000 }, (t) => contactFormTexts(t).tooLong],
  ['product.optionUnavailable', { option: 'XL' }, (t) => variationModalTexts(t).optionUnavailable],
];

describe.each(['en', 'de', 'fr'])('placeholders in %s: server and island print one text', (language) => {
  it.each(cases)('%s', async (key, values, island) => {
    const t = await getTranslator(database().db, language);
    const server = t(key, values);
    expect(server).not.toMatch(/\{\{|%[A-Z]+%/);
    expect(fill(island(t), values)).toBe(server);
    expect(fileTranslator(language)(key, values)).toBe(server);
  });
});
