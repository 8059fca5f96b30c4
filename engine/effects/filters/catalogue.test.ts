import { describe, expect, it } from 'vitest';
import { FILTER_CATEGORIES, FILTERS, filtersInCategory, findFilter } from './catalogue';
import { gradeColor } from './colorGrade';
import { applyFilter, filterLut } from './applyFilter';
import { bakeLut } from './lut';
import { randomImage, maxDiff } from '../testImages';
import { applyAdjustments } from '../cpuAdjust';
import { defaultAdjustParams } from '../../doc/defaults';

describe('filter catalogue', () => {
  it('has at least 40 filters with unique uids in at least 8 categories', () => {
    expect(FILTERS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FILTERS.map((f) => f.uid)).size).toBe(FILTERS.length);
    const cats = new Set(FILTERS.map((f) => f.categoryName));
    expect(cats.size).toBeGreaterThanOrEqual(8);
    expect([...cats].sort()).toEqual(FILTER_CATEGORIES.map((c) => c.name).sort());
    for (const c of FILTER_CATEGORIES) expect(filtersInCategory(c.name).length).toBeGreaterThanOrEqual(3);
  });
  it('each entry has lutName = uid, its locale key and an English name', () => {
    for (const f of FILTERS) {
      expect(f.lutName).toBe(f.uid);
      expect(f.labelKey).toBe(`effects.filters.${f.uid}`);
      expect(f.uid).toMatch(/^[a-z][A-Za-z]+$/);
      expect(f.name.length).toBeGreaterThan(1);
      expect(findFilter(f.uid)).toBe(f);
    }
    expect(findFilter('nope')).toBeUndefined();
  });
  it('every filter visibly changes a photo and no two filters look the same', () => {
    const probe = randomImage(32, 32, 11);
    const outs = FILTERS.map((f) => applyFilter(probe, { categoryName: f.categoryName, uid: f.uid, lutName: f.uid, strength: 100 }));
    outs.forEach((o, i) => expect(maxDiff(o, probe.data), FILTERS[i].uid).toBeGreaterThan(8));
    for (let i = 0; i < outs.length; i++)
      for (let j = i + 1; j < outs.length; j++) {
        expect(maxDiff(outs[i], outs[j]), `${FILTERS[i].uid} vs ${FILTERS[j].uid}`).toBeGreaterThan(2);
      }
  });
  it('mono filters give grey and the LUT is cached per filter', () => {
    for (const f of filtersInCategory('Mono')) {
      const [r, g, b] = gradeColor(f.grade, 0.9, 0.2, 0.4);
      if (f.uid !== 'monoSelenium') expect(r === g && g === b).toBe(true);
    }
    const f = FILTERS[0];
    expect(filterLut(f)).toBe(filterLut(f));
    expect(maxDiff(filterLut(f), bakeLut(f.grade))).toBe(0);
  });
});

describe('applyFilter', () => {
  const img = randomImage(16, 16, 3);
  it('no or unknown filter and strength 0 leave the pixels unchanged', () => {
    expect(applyFilter(img, null)).toEqual(img.data);
    expect(applyFilter(img, { categoryName: '', uid: '', strength: 100 })).toEqual(img.data);
    expect(applyFilter(img, { categoryName: 'Warm', uid: 'warmAmber', strength: 0 })).toEqual(img.data);
  });
  it('applies the combination adjustments after the lookup', () => {
    const params = { categoryName: 'Warm', uid: 'warmAmber', strength: 100, combination: { brightness: 20 } };
    const lutOnly = applyFilter(img, { ...params, combination: undefined });
    const exp = applyAdjustments({ data: lutOnly, width: 16, height: 16 }, { ...defaultAdjustParams(), brightness: 20 });
    expect(applyFilter(img, params)).toEqual(exp);
  });
});
