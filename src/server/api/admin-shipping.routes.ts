/** /api/admin/shipping and /api/admin/currencies (ADR 026): delivery, VAT and currencies (permission `prices`, roles.ts). */
import {
  countriesBulkBody,
  countryPatchBody,
  countryVatPatchBody,
  vatSchemeBody,
  currencyCreateBody,
  currencyPatchBody,
  vatRateCreateBody,
  vatRatePatchBody,
  zoneCreateBody,
  zonePatchBody,
} from '@/lib/contract/admin/shipping';
import { idParam } from '@/lib/contract/admin/fields';
import {
  createCurrency,
  createVatRate,
  createZone,
  deleteCurrency,
  deleteVatRate,
  deleteZone,
  deliverySettings,
  listCurrencies,
  listVatRates,
  setCountriesState,
  updateCountry,
  updateCurrency,
  updateVatRate,
  updateZone,
} from '../services/admin/prices/shipping.server';
import { updateCountryVat, updateVatScheme, vatSchemeSettings } from '../services/admin/prices/country-vat.server';
import { countryTextsBody } from '@/lib/contract/admin/name-texts';
import { readNameTexts, saveNameTexts } from '../services/admin/catalog/name-texts.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';

export const adminShippingApp = createAdminRouter()
  .get('/', async (c) => ok(c, await deliverySettings(c.var.db)))
  .post('/zones', validate('json', zoneCreateBody), async (c) =>
    ok(c, await createZone(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.zoneCreated'),
    }),
  )
  .put('/zones/:id', validate('param', idParam), validate('json', zonePatchBody), async (c) =>
    ok(c, await updateZone(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.zoneSaved'),
    }),
  )
  .delete('/zones/:id', validate('param', idParam), async (c) => {
    await deleteZone(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.zoneDeleted') });
  })
  .put('/countries', validate('json', countriesBulkBody), async (c) => {
    const result = await setCountriesState(c.var.db, c.var.user!, c.req.valid('json'));
    return ok(c, result, { message: c.var.at('admin.api.countriesSaved', { count: result.changed }) });
  })
  .put('/countries/:id', validate('param', idParam), validate('json', countryPatchBody), async (c) =>
    ok(c, await updateCountry(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.countrySaved'),
    }),
  )
  .get('/countries/:id/texts', validate('param', idParam), async (c) =>
    ok(c, await readNameTexts(c.var.db, 'country', c.req.valid('param').id)),
  )
  .put('/countries/:id/texts', validate('param', idParam), validate('json', countryTextsBody), async (c) =>
    ok(c, await saveNameTexts(c.var.db, c.var.user!, 'country', c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.namesSaved'),
    }),
  );

export const adminCurrenciesApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listCurrencies(c.var.db)))
  .post('/', validate('json', currencyCreateBody), async (c) =>
    ok(c, await createCurrency(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.currencyAdded'),
    }),
  )
  .put('/:id', validate('param', idParam), validate('json', currencyPatchBody), async (c) =>
    ok(c, await updateCurrency(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.currencySaved'),
    }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteCurrency(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.currencyRemoved') });
  });

export const adminVatRatesApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listVatRates(c.var.db)))
  // The per-country rates and the OSS switch (ADR 030), before '/:id' so their names are not read as ids.
  .get('/countries', async (c) => ok(c, await vatSchemeSettings(c.var.db)))
  .put('/scheme', validate('json', vatSchemeBody), async (c) =>
    ok(c, await updateVatScheme(c.var.db, c.var.user!, c.req.valid('json').uses_oss), {
      message: c.var.at('admin.api.vatSaved'),
    }),
  )
  .put('/countries/:id', validate('param', idParam), validate('json', countryVatPatchBody), async (c) =>
    ok(c, await updateCountryVat(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.vatSaved'),
    }),
  )
  .post('/', validate('json', vatRateCreateBody), async (c) =>
    ok(c, await createVatRate(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.vatAdded'),
    }),
  )
  .put('/:id', validate('param', idParam), validate('json', vatRatePatchBody), async (c) =>
    ok(c, await updateVatRate(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.vatSaved'),
    }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    const moved = await deleteVatRate(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, {
      message: moved ? c.var.at('admin.api.vatRemovedMoved', { count: moved }) : c.var.at('admin.api.vatRemoved'),
    });
  });
