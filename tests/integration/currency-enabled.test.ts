/**
 * Currencies switched on and off (`enabled`, PUT /api/admin/currencies/{id}): a production shop's
 * base data has EUR on and the others present but off. A currency that is off keeps its rate for
 * staff, is not offered to shoppers (/api/currencies, pickers) and a request naming it is refused
 * like an unknown one; the default is always on. Both engines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { seedBaseIfEmpty } from '@/server/db/seed/index';
import { useTestDatabase } from '../helpers/db';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const h = staffOrders(api, () => database().db, 'currency-on');
let staff: ApiSession; // the admin: currencies need the prices permission
type Row = { id: number; code: string; enabled: boolean; is_default: boolean; rate: string };
let byCode: Record<string, Row>;

beforeAll(async () => {
  await seedBaseIfEmpty(database().db);
  staff = (await h.signedIn('admin')).session;
  const list = (await staff.get('/api/admin/currencies')).body.payload as Row[];
  byCode = Object.fromEntries(list.map((c) => [c.code, c]));
});

const offered = async () =>
  ((await createApiSession(api).get('/api/currencies')).body.payload as { code: string }[]).map((c) => c.code);

describe('a currency switched on and off', () => {
  it('staff see every currency with its rate and whether it is offered', () => {
    expect(
      Object.values(byCode).map(({ code, enabled, is_default, rate }) => ({ code, enabled, is_default, rate })),
    ).toEqual([
      { code: 'EUR', enabled: true, is_default: true, rate: '1' },
      { code: 'USD', enabled: false, is_default: false, rate: '1.08' },
      { code: 'GBP', enabled: false, is_default: false, rate: '0.86' },
    ]);
  });

  it('switched on, it is offered at once; switched off, requests naming it are refused', async () => {
    expect(await offered()).toEqual(['EUR']);
    const on = await staff.put(`/api/admin/currencies/${byCode.GBP!.id}`, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.payload).toMatchObject({ code: 'GBP', enabled: true });
    expect(await offered()).toEqual(['EUR', 'GBP']);
    expect((await createApiSession(api).get('/api/static-pages?currency=GBP')).status).toBe(200);

    expect((await staff.put(`/api/admin/currencies/${byCode.GBP!.id}`, { enabled: false })).body.payload.enabled).toBe(
      false,
    );
    expect(await offered()).toEqual(['EUR']);
    const refused = await createApiSession(api).get('/api/static-pages?currency=GBP');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ currency: ['The selected currency is invalid.'] });
  });

  it('the default is always on: it cannot be switched off, and a currency made the default is switched on', async () => {
    const off = await staff.put(`/api/admin/currencies/${byCode.EUR!.id}`, { enabled: false });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({
      enabled: ['The default currency is always offered: make another currency the default first.'],
    });

    const usd = await staff.put(`/api/admin/currencies/${byCode.USD!.id}`, { is_default: true });
    expect(usd.body.payload).toMatchObject({ code: 'USD', is_default: true, enabled: true });
    expect(await offered()).toEqual(['EUR', 'USD']);
    expect((await staff.put(`/api/admin/currencies/${byCode.USD!.id}`, { enabled: false })).status).toBe(422);
    // Back to EUR with the screen's form, which sends its unticked box along: the default wins.
    expect(
      (await staff.put(`/api/admin/currencies/${byCode.GBP!.id}`, { is_default: true, enabled: false })).body.payload,
    ).toMatchObject({ is_default: true, enabled: true });
    expect((await staff.put(`/api/admin/currencies/${byCode.EUR!.id}`, { is_default: true })).status).toBe(200);
    expect((await staff.put(`/api/admin/currencies/${byCode.USD!.id}`, { enabled: 'no' })).body.errors).toEqual({
      enabled: ['enabled is true (offered to shoppers) or false.'],
    });
  });
});
