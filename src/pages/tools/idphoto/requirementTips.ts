/**
 * SPEC §9: the ID photo requirement tips are shown at most ID_PHOTO_TIPS_MAX_SHOWS times per browser;
 * the count lives under the SPEC §3 local key ID_PHOTO_TIPS_KEY.
 */
import { ID_PHOTO_TIPS_MAX_SHOWS } from '../../../../engine/spec/limits';
import { ID_PHOTO_TIPS_KEY } from '../../../../engine/spec/storageKeys';

/** How many times the tips were shown in this browser (0 when storage is unavailable). */
export function tipsShownCount(storage: Pick<Storage, 'getItem'> | null = safeStorage()): number {
  const n = Number(storage?.getItem(ID_PHOTO_TIPS_KEY) ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** True when the tips may be shown once more; counts this showing. */
export function takeTipsShowing(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): boolean {
  const shown = tipsShownCount(storage);
  if (shown >= ID_PHOTO_TIPS_MAX_SHOWS) return false;
  try {
    storage?.setItem(ID_PHOTO_TIPS_KEY, String(shown + 1));
  } catch {
    // Storage full or blocked: show the tips anyway, they just cannot be counted.
  }
  return true;
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
