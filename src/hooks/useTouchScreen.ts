/**
 * Whether the main pointer is a finger (no hover, coarse pointer): the interface then says "tap"
 * instead of "drop", "double-click" or "⌘V".
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(hover: none) and (pointer: coarse)';

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** True on touch screens (phones, tablets without a mouse). */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !!window.matchMedia?.(QUERY).matches,
    () => false,
  );
}
