import { describe, expect, it } from 'vitest';
import { createKeyedDebouncer } from './debounce';

function manualTimers() {
  let now = 0;
  let id = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        queue.set(++id, { at: now + ms, fn });
        return id;
      },
      clear: (handle: unknown) => void queue.delete(handle as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [key, entry] of [...queue].sort((a, b) => a[1].at - b[1].at)) {
        if (entry.at <= now) {
          queue.delete(key);
          entry.fn();
        }
      }
    },
  };
}

describe('createKeyedDebouncer (quantity 500 ms debounce)', () => {
  it('sends once, 500 ms after the last change of a line, with the last value', async () => {
    const clock = manualTimers();
    const sent: [number, number][] = [];
    const d = createKeyedDebouncer(
      500,
      async (key: number, value: number) => {
        sent.push([key, value]);
        return `sent ${value}`;
      },
      'cancelled',
      clock.timers,
    );
    const first = d.call(1, 2);
    clock.advance(300);
    const second = d.call(1, 3);
    clock.advance(499);
    expect(sent).toEqual([]);
    expect(d.pending(1)).toBe(true);
    clock.advance(1);
    expect(sent).toEqual([[1, 3]]);
    // Both callers of the burst learn the outcome of the one request.
    expect(await first).toBe('sent 3');
    expect(await second).toBe('sent 3');
    expect(d.pending(1)).toBe(false);
  });

  it('lines are independent; cancel resolves waiters with the cancelled value', async () => {
    const clock = manualTimers();
    const sent: number[] = [];
    const d = createKeyedDebouncer(
      500,
      async (key: number) => {
        sent.push(key);
        return 'ok';
      },
      'cancelled',
      clock.timers,
    );
    const a = d.call(1, 1);
    const b = d.call(2, 1);
    d.cancel(1);
    clock.advance(500);
    expect(sent).toEqual([2]);
    expect(await a).toBe('cancelled');
    expect(await b).toBe('ok');
  });

  it('a throwing request resolves with the cancelled value', async () => {
    const clock = manualTimers();
    const d = createKeyedDebouncer(
      10,
      async () => {
        throw new Error('x');
      },
      'failed',
      clock.timers,
    );
    const p = d.call('k', 1);
    clock.advance(10);
    expect(await p).toBe('failed');
  });
});
