import { describe, expect, it } from 'vitest';
import { FILTERS } from '../../../../engine/effects/filters';
import { cachedFilterThumbnail, filterThumbnail, peekFilterThumbnail, sampleGradient, thumbnailSize } from './filterThumbs';

describe('filter thumbnails', () => {
  it('fit the long side to 96 px, keep the aspect and never upscale', () => {
    expect(thumbnailSize(4000, 3000)).toEqual({ width: 96, height: 72 });
    expect(thumbnailSize(300, 1200)).toEqual({ width: 24, height: 96 });
    expect(thumbnailSize(40, 20)).toEqual({ width: 40, height: 20 });
    expect(thumbnailSize(5000, 10)).toEqual({ width: 96, height: 1 });
  });

  it('use a colourful opaque sample picture when there is no photo', () => {
    const sample = sampleGradient(32);
    expect(sample.data).toHaveLength(32 * 32 * 4);
    const colours = new Set<string>();
    for (let i = 0; i < sample.data.length; i += 4) {
      expect(sample.data[i + 3]).toBe(255);
      colours.add(`${sample.data[i] >> 4},${sample.data[i + 1] >> 4},${sample.data[i + 2] >> 4}`);
    }
    expect(colours.size).toBeGreaterThan(40);
  });

  it('change the picture through the filter LUT, keep alpha, and leave it unchanged at strength 0', () => {
    const source = sampleGradient(24);
    source.data[3] = 128;
    const mono = FILTERS.find((filter) => filter.uid === 'monoClassic') ?? FILTERS[0];
    const out = filterThumbnail(source, mono);
    expect(out.data).not.toEqual(source.data);
    expect(out.data[3]).toBe(128);
    if (mono.uid === 'monoClassic') {
      for (let i = 0; i < out.data.length; i += 4) {
        expect(Math.abs(out.data[i] - out.data[i + 1])).toBeLessThanOrEqual(2);
        expect(Math.abs(out.data[i + 1] - out.data[i + 2])).toBeLessThanOrEqual(2);
      }
    }
    expect(filterThumbnail(source, mono, 0).data).toEqual(source.data);
  });

  it('make different thumbnails for different filters, and cache them per source', () => {
    const source = sampleGradient(16);
    const [a, b] = FILTERS;
    expect(peekFilterThumbnail('s1', a.uid)).toBeUndefined();
    const ta = cachedFilterThumbnail('s1', source, a);
    const tb = cachedFilterThumbnail('s1', source, b);
    expect(ta.data).not.toEqual(tb.data);
    expect(peekFilterThumbnail('s1', a.uid)).toBe(ta);
    expect(cachedFilterThumbnail('s1', source, a)).toBe(ta);
  });
});
