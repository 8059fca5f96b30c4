/**
 * The cookie-consent choice (SPEC §3 "cookie confirmation"). Essential storage (language, device
 * id, sign-in) works without it; statistics (the analytics sink) run only after "Accept all".
 */
import { COOKIE_CONFIRMATION_KEY } from '../../../engine/spec/storageKeys';

/** `all`: statistics allowed; `essential`: only what the site needs to work. */
export type ConsentChoice = 'all' | 'essential';

type Listener = (choice: ConsentChoice | null) => void;
const listeners = new Set<Listener>();

/** The stored choice, or null before the visitor answered (or when storage is off). */
export function readConsent(): ConsentChoice | null {
  try {
    const value = globalThis.localStorage?.getItem(COOKIE_CONFIRMATION_KEY);
    return value === 'all' || value === 'essential' ? value : null;
  } catch {
    return null;
  }
}

/** Stores the choice and tells the banner and the analytics about it. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    globalThis.localStorage?.setItem(COOKIE_CONFIRMATION_KEY, choice);
  } catch {
    // Storage is off: the choice holds for this page only.
  }
  for (const listener of listeners) listener(choice);
}

/** Forgets the choice so the banner asks again ("Cookie settings" in the footer). */
export function resetConsent(): void {
  try {
    globalThis.localStorage?.removeItem(COOKIE_CONFIRMATION_KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener(null);
}

/** True only when the visitor accepted statistics. */
export function statisticsAllowed(): boolean {
  return readConsent() === 'all';
}

/** Calls `listener` on every change; returns the unsubscribe function. */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
