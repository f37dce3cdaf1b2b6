import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true from the render after: what an
 * island shows differently once its code runs (a live count, enabled buttons, restored toasts)
 * must match the server's HTML first, or React throws the server tree away. React's own way to
 * tell the two renders apart (useSyncExternalStore's server snapshot), without an effect that
 * sets state after every mount.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * What was typed into the server-rendered form before its island hydrated (the fields work
 * without the code, and hydration may start on the first focus): the named fields among `keys`
 * whose value differs from what the server rendered (`rendered`, '' when missing).
 */
export function typedBeforeHydration<K extends string>(
  form: HTMLFormElement | null,
  keys: readonly K[],
  rendered: Partial<Record<K, string>> = {},
): Partial<Record<K, string>> {
  const typed: Partial<Record<K, string>> = {};
  if (!form) return typed;
  const data = new FormData(form);
  for (const key of keys) {
    const value = data.get(key);
    if (typeof value === 'string' && value !== (rendered[key] ?? '')) typed[key] = value;
  }
  return typed;
}
