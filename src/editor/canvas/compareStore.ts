/**
 * Hold-to-compare: while the user holds the Compare button (or the backslash key) the canvas shows
 * layers without their effects. A view-only flag, never part of the document or its history; the
 * renderer reads it (`isComparing`, `subscribeCompare`) and the panel shows it (`useCompare`).
 */
import { createSmallStore } from '../scene/smallStore';

const store = createSmallStore(false);

/** True while the original (effects skipped) is being shown. */
export function isComparing(): boolean {
  return store.get();
}

/** Turns comparing on or off; listeners run only on a real change. */
export function setComparing(on: boolean): void {
  store.set(on);
}

/** Called after each change of the flag; returns the unsubscribe function. */
export function subscribeCompare(listener: () => void): () => void {
  return store.subscribe(listener);
}

/** Re-renders the caller when comparing starts or stops. */
export function useCompare(): boolean {
  return store.use((on) => on);
}
