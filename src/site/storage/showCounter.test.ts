import { describe, expect, it } from 'vitest';
import { shownCount, takeIdPhotoTips, takeProjectLimitToast, takeShow } from './showCounter';

function memory() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('shown-at-most counters (SPEC §3 project-limit toast, ID-photo tips)', () => {
  it('shows the ID-photo tips three times, then never again, counting under idPhotoTipsShown', () => {
    const storage = memory();
    expect([1, 2, 3, 4, 5].map(() => takeIdPhotoTips(storage))).toEqual([true, true, true, false, false]);
    expect(storage.items.get('idPhotoTipsShown')).toBe('3');
  });

  it('counts the project-limit toast under projectLimitToast', () => {
    const storage = memory();
    takeProjectLimitToast(storage);
    expect(shownCount('projectLimitToast', storage)).toBe(1);
  });

  it('treats a damaged value as never shown, and shows without storage', () => {
    const storage = memory();
    storage.setItem('x', 'many');
    expect(takeShow('x', 1, storage)).toBe(true);
    expect(takeShow('x', 1, storage)).toBe(false);
    expect(takeShow('x', 1, null)).toBe(true);
  });
});
