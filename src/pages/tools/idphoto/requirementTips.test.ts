import { describe, expect, it } from 'vitest';
import { ID_PHOTO_TIPS_KEY } from '../../../../engine/spec/storageKeys';
import { takeTipsShowing, tipsShownCount } from './requirementTips';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('ID photo requirement tips', () => {
  it('are shown three times, then no more (SPEC §9)', () => {
    const s = memory();
    expect([takeTipsShowing(s), takeTipsShowing(s), takeTipsShowing(s), takeTipsShowing(s), takeTipsShowing(s)]).toEqual([true, true, true, false, false]);
    expect(s.data.get(ID_PHOTO_TIPS_KEY)).toBe('3');
    expect(tipsShownCount(s)).toBe(3);
  });

  it('treat a damaged counter as zero', () => {
    const s = memory();
    s.setItem(ID_PHOTO_TIPS_KEY, 'abc');
    expect(takeTipsShowing(s)).toBe(true);
    expect(s.data.get(ID_PHOTO_TIPS_KEY)).toBe('1');
  });
});
