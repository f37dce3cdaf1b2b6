import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { csrfSession } from '../helpers/session';
import { createRouter } from '@/server/api/env';
import { ok } from '@/server/api/envelope';
import { useTestDatabase } from '../helpers/db';

useTestDatabase({ seed: 'demo' });

/** The API with a probe route that echoes the resolved locale. */
function apiWithProbe() {
  const api = createApi();
  const probe = createRouter()
    .get('/', (c) => ok(c, { currency: c.var.currency.code, language: c.var.language.code }))
    .post('/', (c) => ok(c, { currency: c.var.currency.code, language: c.var.language.code }));
  api.route('/api/locale-probe', probe);
  return api;
}

async function languageId(api: ReturnType<typeof apiWithProbe>, code: string): Promise<number> {
  // The demo seed's ids are not assumed: read them back through the probe by trying each id.
  for (let id = 1; id < 20; id++) {
    const res = await api.request(`/api/locale-probe?lang_id=${id}`);
    if (res.status === 200 && (await res.json()).payload.language === code) return id;
  }
  throw new Error(`no language ${code}`);
}

describe('currency and lang_id on every call', () => {
  const api = apiWithProbe();

  it('defaults to the default-flagged currency and language', async () => {
    const res = await api.request('/api/locale-probe');
    expect(await res.json()).toMatchObject({ status: 'OK', payload: { currency: 'EUR', language: 'en' } });
  });

  it('reads them from the query on GET and from the body on POST', async () => {
    const de = await languageId(api, 'de');
    const get = await api.request(`/api/locale-probe?currency=usd&lang_id=${de}`);
    expect((await get.json()).payload).toEqual({ currency: 'USD', language: 'de' });
    const post = await (
      await csrfSession(api)
    ).request('/api/locale-probe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency: 'GBP', lang_id: de }),
    });
    expect((await post.json()).payload).toEqual({ currency: 'GBP', language: 'de' });
  });

  it('answers 422 for an unknown currency or language instead of falling back', async () => {
    const currency = await api.request('/api/locale-probe?currency=XYZ');
    expect(currency.status).toBe(422);
    expect(await currency.json()).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'The selected currency is invalid.',
      errors: { currency: ['The selected currency is invalid.'] },
    });
    for (const bad of ['999', 'abc', '-1', '1.5']) {
      const language = await api.request(`/api/locale-probe?lang_id=${bad}`);
      expect(language.status).toBe(422);
      expect((await language.json()).errors).toEqual({ lang_id: ['The selected language is invalid.'] });
    }
  });

  it('keeps /api/health free of locale checks', async () => {
    const res = await api.request('/api/health?currency=XYZ');
    expect(res.status).toBe(200);
  });

  it('answers 404 for unknown paths', async () => {
    const res = await api.request('/api/no-such-thing');
    expect(res.status).toBe(404);
  });
});
