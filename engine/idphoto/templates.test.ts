import { describe, expect, it } from 'vitest';
import { placeHead, innerBand } from './layout';
import { parseIdPhotoParams } from './params';
import { ID_PHOTO_CATEGORIES, mmToPx } from './template';
import { findIdPhotoTemplate, ID_PHOTO_TEMPLATES, searchIdPhotoTemplates } from './templates';

const SPEC_FIELDS = [
  'templateId',
  'countryCode',
  'width',
  'height',
  'unit',
  'pixelWidth',
  'pixelHeight',
  'dpi',
  'topPercent',
  'headPercent',
  'limitBgColors',
  'categoryIds',
  'batchFormat',
  'searchTag',
  'isPro',
];

describe('ID photo templates', () => {
  it('has at least 60 templates in at least 30 countries, each with the SPEC §3 fields and a source', () => {
    expect(ID_PHOTO_TEMPLATES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ID_PHOTO_TEMPLATES.map((t) => t.countryCode)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(ID_PHOTO_TEMPLATES.map((t) => t.templateId)).size).toBe(ID_PHOTO_TEMPLATES.length);
    for (const t of ID_PHOTO_TEMPLATES) {
      for (const f of SPEC_FIELDS) expect(t, `${t.templateId}.${f}`).toHaveProperty(f);
      expect(t.source.length, t.templateId).toBeGreaterThan(20);
      expect(
        t.limitBgColors.every((c) => /^#[0-9A-F]{6}$/.test(c)),
        t.templateId,
      ).toBe(true);
      expect(t.categoryIds.every((c) => (ID_PHOTO_CATEGORIES as readonly string[]).includes(c))).toBe(true);
      // A head and a top margin at the top of their bands still leave room for the chin.
      expect(t.headPercent[0]).toBeLessThan(t.headPercent[1]);
      expect(t.topPercent[1] + t.headPercent[1], t.templateId).toBeLessThan(100);
    }
  });

  it('follows id-photo-standards.md for the seven standard countries', () => {
    const us = findIdPhotoTemplate('us-passport')!;
    expect([us.pixelWidth, us.pixelHeight, us.dpi, us.maxFileKB, us.retouchAllowed]).toEqual([600, 600, 300, 240, false]);
    expect(us.headPercent).toEqual([50, 68.8]);
    expect(us.eyePercent).toEqual([56.3, 68.8]);
    expect(us.limitBgColors[0]).toBe('#FFFFFF');
    const eu = findIdPhotoTemplate('schengen-visa')!;
    expect([eu.pixelWidth, eu.pixelHeight]).toEqual([413, 531]);
    expect(eu.headPercent).toEqual([71.1, 80]); // 32–36 mm of 45
    expect(findIdPhotoTemplate('gb-passport')!.headPercent).toEqual([64.4, 75.6]); // 29–34 mm
    const cn = findIdPhotoTemplate('cn-passport')!;
    expect([cn.pixelWidth, cn.pixelHeight, cn.limitBgColors]).toEqual([390, 567, ['#FFFFFF']]);
    expect(cn.headPercent).toEqual([58.3, 68.8]); // 28–33 mm of 48
    expect(cn.topPercent).toEqual([6.3, 10.4]); // 3–5 mm
    expect(findIdPhotoTemplate('jp-passport')!.topPercent).toEqual([4.4, 13.3]); // 2–6 mm
    expect(findIdPhotoTemplate('in-passport-online')!).toMatchObject({ pixelWidth: 630, pixelHeight: 810 });
    const ca = findIdPhotoTemplate('ca-passport')!;
    expect([ca.pixelWidth, ca.pixelHeight, ca.headPercent]).toEqual([591, 827, [44.3, 51.4]]);
    expect(mmToPx(35, 300)).toBe(413);
  });

  it('searches by country, alias or name, and filters by category', () => {
    expect(searchIdPhotoTemplates('china passport').map((t) => t.templateId)).toEqual(['cn-passport']);
    expect(searchIdPhotoTemplates('美国').map((t) => t.countryCode)).toContain('US');
    expect(searchIdPhotoTemplates('MEXICO').map((t) => t.templateId)).toContain('mx-passport');
    expect(searchIdPhotoTemplates('', { category: 'visa' }).every((t) => t.categoryIds.includes('visa'))).toBe(true);
    expect(searchIdPhotoTemplates('', { category: 'popular' }).length).toBeGreaterThanOrEqual(8);
    expect(searchIdPhotoTemplates('Allemagne', { extraNames: () => '' }).map((t) => t.countryCode)).toContain('DE');
    expect(searchIdPhotoTemplates('zzzz')).toEqual([]);
  });
});

describe('placeHead', () => {
  it('puts the head and the top margin inside the bands, and the US eyes too', () => {
    const us = findIdPhotoTemplate('us-passport')!;
    const p = placeHead(us, { crownY: 100, chinY: 500, centreX: 300, eyeY: 300 });
    expect(p.headPercent).toBeGreaterThanOrEqual(innerBand(us.headPercent)[0]);
    expect(p.headPercent).toBeLessThanOrEqual(innerBand(us.headPercent)[1]);
    expect(p.eyePercent).toBeGreaterThanOrEqual(innerBand(us.eyePercent!)[0] - 1e-9);
    // Output y of the crown = topPercent of the height.
    expect((100 - p.originY) * p.scale).toBeCloseTo((p.topPercent / 100) * 600, 6);
    // Head size 0 and 1 reach the two ends of the inner band.
    const small = placeHead(us, { crownY: 100, chinY: 500, centreX: 300, eyeY: 280 }, { headSize: 0, topMargin: 0.5, shiftX: 0 });
    const big = placeHead(us, { crownY: 100, chinY: 500, centreX: 300, eyeY: 280 }, { headSize: 1, topMargin: 0.5, shiftX: 0 });
    expect(small.headPercent).toBeLessThan(big.headPercent);
  });
});

describe('parseIdPhotoParams', () => {
  it('takes the first allowed colour by default and refuses colours the template does not allow', () => {
    const ok = parseIdPhotoParams({ templateId: 'cn-one-inch', bgColor: '#438edb' });
    expect(ok.ok && ok.value.bgColor).toBe('#438EDB');
    expect(parseIdPhotoParams({ templateId: 'us-passport', bgColor: '#438EDB' }).ok).toBe(false);
    expect(parseIdPhotoParams({ templateId: 'nope' }).ok).toBe(false);
    expect(parseIdPhotoParams({ templateId: 'us-passport', output: 'poster' }).ok).toBe(false);
    const adj = parseIdPhotoParams({ templateId: 'us-passport', adjust: { headSize: 7, shiftX: -3 } });
    expect(adj.ok && adj.value.adjust).toEqual({ headSize: 1, topMargin: 0.5, shiftX: -0.15 });
  });
});
