import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('$toasts', () => {
  it('adds typed toasts that close after 2500 ms, or after their own delay', async () => {
    const { $toasts, toast } = await import('@/stores/toasts');
    toast.success('Saved');
    toast.error('Nope', { autoClose: 3000 });
    expect($toasts.get().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Nope'],
    ]);
    vi.advanceTimersByTime(2500);
    expect($toasts.get().map((t) => t.message)).toEqual(['Nope']);
    vi.advanceTimersByTime(500);
    expect($toasts.get()).toEqual([]);
  });

  it('has info, warning and default helpers and manual dismissal', async () => {
    const { $toasts, dismissToast, toast } = await import('@/stores/toasts');
    toast.info('i');
    toast.warning('w');
    const id = toast('d', { autoClose: false });
    expect($toasts.get().map((t) => t.type)).toEqual(['info', 'warning', 'default']);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get().map((t) => t.id)).toEqual([id]);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it('survives a page load: the next page restores open toasts with their remaining time', async () => {
    const first = await import('@/stores/toasts');
    first.toast.success('Item added to cart!');
    vi.advanceTimersByTime(1000);
    expect(sessionStorage.getItem(first.TOAST_STORAGE_KEY)).toContain('Item added to cart!');

    vi.resetModules();
    const next = await import('@/stores/toasts');
    expect(next.$toasts.get()).toEqual([]);
    next.restoreToasts();
    expect(next.$toasts.get().map((t) => t.message)).toEqual(['Item added to cart!']);
    vi.advanceTimersByTime(1499);
    expect(next.$toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(next.$toasts.get()).toEqual([]);
    expect(sessionStorage.getItem(next.TOAST_STORAGE_KEY)).toBeNull();
  });

  it('drops expired or corrupt stored toasts', async () => {
    const { $toasts, restoreToasts, TOAST_STORAGE_KEY } = await import('@/stores/toasts');
    sessionStorage.setItem(
      TOAST_STORAGE_KEY,
      JSON.stringify([{ id: 'a', type: 'info', message: 'old', closesAt: 1 }, 5]),
    );
    restoreToasts();
    expect($toasts.get()).toEqual([]);
    sessionStorage.setItem(TOAST_STORAGE_KEY, '{not json');
    restoreToasts();
    expect($toasts.get()).toEqual([]);
  });
});
