import { atom } from 'nanostores';

/**
 * App-wide toasts (storefront §9): bottom-right, auto-close 2500 ms unless a toast says
 * otherwise, not cleared on navigation. Every page load is a navigation here (MPA), so open
 * toasts are mirrored into sessionStorage and picked up by the next page with their remaining
 * time; the Toaster island hydrates when that key is non-empty or a `shop:toast` event fires.
 */

export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Epoch ms when it closes by itself; null keeps it until closed. */
  closesAt: number | null;
}

export interface ToastOptions {
  /** ms; false keeps the toast open. */
  autoClose?: number | false;
}

export const TOAST_AUTO_CLOSE_MS = 2500;
export const TOAST_STORAGE_KEY = 'shop.toasts';
export const TOAST_EVENT = 'shop:toast';

export const $toasts = atom<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function persist(list: Toast[]): void {
  const store = storage();
  if (!store) return;
  if (list.length === 0) store.removeItem(TOAST_STORAGE_KEY);
  else store.setItem(TOAST_STORAGE_KEY, JSON.stringify(list));
}

function schedule(toast: Toast, now: number): void {
  if (toast.closesAt === null) return;
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), Math.max(0, toast.closesAt - now)),
  );
}

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const next = $toasts.get().filter((t) => t.id !== id);
  $toasts.set(next);
  persist(next);
}

export function showToast(message: string, type: ToastType = 'default', options: ToastOptions = {}): string {
  const now = Date.now();
  const autoClose = options.autoClose ?? TOAST_AUTO_CLOSE_MS;
  const toast: Toast = {
    id: `${now.toString(36)}-${(counter++).toString(36)}`,
    type,
    message,
    closesAt: autoClose === false ? null : now + autoClose,
  };
  const next = [...$toasts.get(), toast];
  $toasts.set(next);
  persist(next);
  schedule(toast, now);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return toast.id;
}

/** The spec's helpers: toast.info(…), toast.success(…), … and toast(…) for the default style. */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => showToast(message, 'default', options),
  {
    info: (message: string, options?: ToastOptions) => showToast(message, 'info', options),
    success: (message: string, options?: ToastOptions) => showToast(message, 'success', options),
    warning: (message: string, options?: ToastOptions) => showToast(message, 'warning', options),
    error: (message: string, options?: ToastOptions) => showToast(message, 'error', options),
  },
);

/** Adopts the toasts an earlier page left open (their remaining time only). */
export function restoreToasts(now: number = Date.now()): void {
  const raw = storage()?.getItem(TOAST_STORAGE_KEY);
  if (!raw) return;
  let list: Toast[] = [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) list = parsed.filter(isToast);
  } catch {
    // A corrupt entry is dropped below.
  }
  const alive = list.filter((t) => t.closesAt === null || t.closesAt > now);
  const known = new Set($toasts.get().map((t) => t.id));
  const merged = [...$toasts.get(), ...alive.filter((t) => !known.has(t.id))];
  $toasts.set(merged);
  persist(merged);
  for (const t of alive) if (!timers.has(t.id)) schedule(t, now);
}

function isToast(value: unknown): value is Toast {
  const t = value as Toast;
  return (
    !!t &&
    typeof t.id === 'string' &&
    typeof t.message === 'string' &&
    typeof t.type === 'string' &&
    (t.closesAt === null || typeof t.closesAt === 'number')
  );
}

/** Test helper. */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
  persist([]);
}
