import { describe, expect, it } from 'vitest';
import { baseName, safeStem, uniqueOutputStem } from './outputNames';

describe('batch output names', () => {
  it('keep the original name with the suffix, and give duplicates distinct names whatever their case or folder', () => {
    const taken = new Set<string>();
    expect(['a/IMG_1.jpg', 'b/img_1.png', 'IMG_1.JPG', 'shoe.webp'].map((n) => uniqueOutputStem(n, '-nobg', taken))).toEqual([
      'IMG_1-nobg',
      'img_1-nobg-2',
      'IMG_1-nobg-3',
      'shoe-nobg',
    ]);
  });

  it('drop folders, traversal and characters file systems refuse', () => {
    expect(baseName('..\\..\\win\\x.jpg')).toBe('x.jpg');
    expect(safeStem('../../etc/pa:ss?wd.jpg')).toBe('pa_ss_wd');
    expect(safeStem('.hidden')).toBe('hidden');
    expect(safeStem('...')).toBe('photo');
  });
});
