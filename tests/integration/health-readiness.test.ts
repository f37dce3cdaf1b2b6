import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { setPhase } from '@/server/http/readiness.mjs';
import { testEngine, useTestDatabase } from '../helpers/db';

/**
 * Liveness and readiness apart (docs/deployment.md "Health checks"): the readiness check is a 503
 * with Retry-After while the instance starts, migrates or shuts down; liveness stays 200.
 */
useTestDatabase();
const api = createApi();

async function health(path: string) {
  const res = await api.request(path);
  return { status: res.status, retry: res.headers.get('retry-after'), body: await res.json() };
}

describe(`health checks on ${testEngine()}`, () => {
  it('are both 200 on a running instance', async () => {
    expect(await health('/api/health')).toMatchObject({ status: 200, body: { payload: { database: 'up' } } });
    expect(await health('/api/health/live')).toMatchObject({ status: 200, body: { payload: { status: 'alive' } } });
  });

  // In this order: once stopping, an instance never becomes ready again.
  for (const [phase, message] of [
    ['starting', 'The shop is starting.'],
    ['migrating', 'The shop is migrating its database.'],
    ['stopping', 'The shop is shutting down.'],
  ] as const) {
    it(`say "not ready" while ${phase}, "alive" all the same`, async () => {
      setPhase(phase);
      expect(await health('/api/health')).toEqual({
        status: 503,
        retry: '5',
        body: { status: 'ERROR', code: 'service_unavailable', message },
      });
      expect((await health('/api/health/live')).status).toBe(200);
    });
  }

  it('stay not ready after stopping, whatever finishes late', async () => {
    setPhase('ready');
    expect((await health('/api/health')).status).toBe(503);
  });
});
