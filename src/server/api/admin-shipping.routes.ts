/** /api/admin/shipping and /api/admin/currencies (ADR 026): delivery and currencies for staff. */
import { countryPatchBody, currencyCreateBody, currencyPatchBody, zoneCreateBody, zonePatchBody } from '@/lib/contract/admin/shipping';
import { idParam } from '@/lib/contract/admin/fields';
import { createCurrency, createZone, deleteCurrency, deliverySettings, listCurrencies, updateCountry, updateCurrency, updateZone } from '../services/back-office/shipping-admin.server';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

export const adminShippingApp = createRouter()
  .get('/', async (c) => ok(c, await deliverySettings(c.var.db)))
  .post('/zones', validate('json', zoneCreateBody), async (c) => ok(c, await createZone(c.var.db, c.var.user!, c.req.valid('json')), { status: 201, message: 'Delivery zone created.' }))
  .put('/zones/:id', validate('param', idParam), validate('json', zonePatchBody), async (c) =>
    ok(c, await updateZone(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), { message: 'Delivery zone saved.' }),
  )
  .put('/countries/:id', validate('param', idParam), validate('json', countryPatchBody), async (c) =>
    ok(c, await updateCountry(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), { message: 'Country saved.' }),
  );

export const adminCurrenciesApp = createRouter()
  .get('/', async (c) => ok(c, await listCurrencies(c.var.db)))
  .post('/', validate('json', currencyCreateBody), async (c) => ok(c, await createCurrency(c.var.db, c.var.user!, c.req.valid('json')), { status: 201, message: 'Currency added.' }))
  .put('/:id', validate('param', idParam), validate('json', currencyPatchBody), async (c) =>
    ok(c, await updateCurrency(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), { message: 'Currency saved.' }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteCurrency(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: 'Currency removed.' });
  });
