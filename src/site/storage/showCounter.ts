/**
 * The "shown at most N times" counters of SPEC §3: the project-limit toast and the ID-photo
 * requirement tips. Each keeps how many times it was shown under its storage key; `takeShow`
 * says whether to show it now and counts the showing.
 */
import { ID_PHOTO_TIPS_MAX_SHOWS } from '../../../engine/spec/limits';
import { ID_PHOTO_TIPS_KEY, PROJECT_LIMIT_TOAST_KEY, PROJECT_LIMIT_TOAST_MAX } from '../../../engine/spec/storageKeys';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** How many times the item under `key` was shown (0 when never, or when the value is not a count). */
export function shownCount(key: string, storage: Storage | null = browserStorage()): number {
  const value = Number(storage?.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * True when the item may be shown once more (fewer than `max` showings so far), and counts this
 * showing. Without storage it always shows: better a repeated tip than a missing one.
 * @example if (takeShow(ID_PHOTO_TIPS_KEY, 3)) openTips()
 */
export function takeShow(key: string, max: number, storage: Storage | null = browserStorage()): boolean {
  const count = shownCount(key, storage);
  if (count >= max) return false;
  try {
    storage?.setItem(key, String(count + 1));
  } catch {
    // Full or blocked storage: show it anyway.
  }
  return true;
}

/** Shows the project-limit toast at most PROJECT_LIMIT_TOAST_MAX times per browser. */
export const takeProjectLimitToast = (storage?: Storage | null) => takeShow(PROJECT_LIMIT_TOAST_KEY, PROJECT_LIMIT_TOAST_MAX, storage);

/** Shows the ID-photo requirement tips at most ID_PHOTO_TIPS_MAX_SHOWS (SPEC §9: 3) times per browser. */
export const takeIdPhotoTips = (storage?: Storage | null) => takeShow(ID_PHOTO_TIPS_KEY, ID_PHOTO_TIPS_MAX_SHOWS, storage);
