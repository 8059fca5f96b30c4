/** A minimal external store for canvas-only UI state (guides, marquee, text editing) outside React state,
 * so a change re-renders only the components that read it. */
import { useSyncExternalStore } from 'react';

export interface SmallStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** Re-renders when `selector`'s result changes (Object.is). */
  use<S>(selector: (value: T) => S): S;
}

export function createSmallStore<T>(initial: T): SmallStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: SmallStore<T> = {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: (selector) => useSyncExternalStore(store.subscribe, () => selector(value)),
  };
  return store;
}
