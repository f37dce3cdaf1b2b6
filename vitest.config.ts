import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests, and integration tests that each get a fresh database
// (tests/helpers/db.ts). The machine (and CI) has 2 cores, so integration runs in at most 2
// forked workers: PGlite is single-threaded WASM and each worker holds its own instances.
export default defineConfig({
  // The aliases of tsconfig.json: '@/' is src/, '~/' the repository root.
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '~': fileURLToPath(new URL('.', import.meta.url)),
    },
  },
  test: {
    env: { NODE_ENV: 'test' },
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Uploaded photos (DATA_DIR/media) of every test database, the demo template's included:
          // content-addressed, so files of earlier runs are the same bytes and may stay.
          env: { DATA_DIR: join(tmpdir(), 'gear-shop-test-data') },
          pool: 'forks',
          maxWorkers: 2,
          // A PGlite load is ~0.7 s and a demo template is built lazily by the first file that
          // asks for it, so hooks get room. Tests check outcomes, not durations: on a loaded
          // machine (load 25+ on 2 cores, issue 27) a 3 s race test took 34 s, so the bound is
          // for a hang only; a hanging query still fails within two minutes.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/setup/global-db.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Whole shop processes (the built dist/, scripts/start.mjs) under load, faults, several
          // instances and shutdown: one file at a time, since each one loads the machine itself.
          name: 'resilience',
          include: ['tests/resilience/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { DATA_DIR: join(tmpdir(), 'gear-shop-test-data') },
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 180_000,
          hookTimeout: 300_000,
          globalSetup: ['tests/setup/global-db.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The container image (Dockerfile) built with podman and started from its exported file
          // system: minutes of building, so a stage of its own (`npm test -- container`).
          name: 'container',
          include: ['tests/container/**/*.test.{ts,tsx}'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 180_000,
          hookTimeout: 40 * 60_000,
        },
      },
    ],
  },
});
