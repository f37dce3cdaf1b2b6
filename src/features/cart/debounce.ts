/**
 * Per-key trailing debounce (quantity changes, spec §4/§9: 500 ms after the last change of a
 * line). Every caller of a burst gets the result of the one call that is finally made.
 * The timer functions are injectable so the unit test needs no fake clock.
 */

export interface KeyedDebouncer<K, V, R> {
  /** Schedules `run(value)` for `key` after the delay; a newer call for the key replaces it. */
  call(key: K, value: V): Promise<R>;
  /** Drops the pending call of a key (or all); their callers get `cancelled`. */
  cancel(key?: K): void;
  pending(key: K): boolean;
}

interface Slot<V, R> {
  timer: unknown;
  value: V;
  waiters: ((result: R) => void)[];
}

export function createKeyedDebouncer<K, V, R>(
  delayMs: number,
  run: (key: K, value: V) => Promise<R>,
  cancelled: R,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): KeyedDebouncer<K, V, R> {
  const slots = new Map<K, Slot<V, R>>();

  function fire(key: K) {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    run(key, slot.value).then(
      (result) => slot.waiters.forEach((resolve) => resolve(result)),
      () => slot.waiters.forEach((resolve) => resolve(cancelled)),
    );
  }

  return {
    call(key, value) {
      return new Promise<R>((resolve) => {
        const slot = slots.get(key);
        if (slot) timers.clear(slot.timer);
        const waiters = slot ? [...slot.waiters, resolve] : [resolve];
        slots.set(key, { value, waiters, timer: timers.set(() => fire(key), delayMs) });
      });
    },
    cancel(key) {
      const keys = key === undefined ? [...slots.keys()] : [key];
      for (const k of keys) {
        const slot = slots.get(k);
        if (!slot) continue;
        timers.clear(slot.timer);
        slots.delete(k);
        slot.waiters.forEach((resolve) => resolve(cancelled));
      }
    },
    pending(key) {
      return slots.has(key);
    },
  };
}
