import { describe, expect, it } from 'vitest';
import { isCompareKey } from './useHoldToCompare';

describe('the compare key', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });

  it('is a backslash, also typed with AltGr (Ctrl+Alt), but not Ctrl+\\ or Cmd+\\', () => {
    expect(isCompareKey(key('\\'))).toBe(true);
    expect(isCompareKey(key('\\', { ctrlKey: true, altKey: true }))).toBe(true);
    expect(isCompareKey(key('\\', { ctrlKey: true }))).toBe(false);
    expect(isCompareKey(key('\\', { metaKey: true }))).toBe(false);
    expect(isCompareKey(key('#'))).toBe(false);
  });
});
