// @ts-check
/**
 * Where this process is in its life, for the readiness check (/api/health): a load balancer must
 * not send traffic while the database is migrated, nor once SIGTERM has been received. Plain .mjs
 * on globalThis: the start script, the boot bundle and the Astro bundle each load their own copy.
 *
 * No phase set (tests, `astro dev`) counts as ready: only the start script and runtime.ts set it.
 */

/** @typedef {'starting' | 'migrating' | 'ready' | 'stopping'} Phase */

const KEY = Symbol.for('gear-shop.phase');
const holder = /** @type {{ [KEY]?: Phase }} */ (/** @type {unknown} */ (globalThis));

/** @param {Phase} phase */
export function setPhase(phase) {
  // Once stopping, a late "ready" (a start finishing during shutdown) must not undo it.
  if (holder[KEY] === 'stopping') return;
  holder[KEY] = phase;
}

/** @returns {Phase} */
export function currentPhase() {
  return holder[KEY] ?? 'ready';
}

/** Why the process is not ready, or null when it is (the database is checked separately). */
export function notReadyReason() {
  switch (currentPhase()) {
    case 'starting':
      return 'The shop is starting.';
    case 'migrating':
      return 'The shop is migrating its database.';
    case 'stopping':
      return 'The shop is shutting down.';
    default:
      return null;
  }
}
