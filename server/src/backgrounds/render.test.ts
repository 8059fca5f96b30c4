import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, backgroundById } from '../../../engine/backgrounds/catalogue';
import { gradientBackground, renderBackground, solidBackground } from './render';

/** Standard deviation of the luminance: 0 for a flat picture. */
function spread(data: Buffer): number {
  const values: number[] = [];
  for (let i = 0; i < data.length; i += 4) values.push(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

const pixel = (data: Buffer, width: number, x: number, y: number) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];

describe('background renderer', () => {
  it('renders every library background, opaque, at the requested size and with visible detail', async () => {
    for (const bg of BACKGROUNDS) {
      const { data, width, height } = await renderBackground(bg, 64, 48);
      expect([width, height, data.length], bg.id).toEqual([64, 48, 64 * 48 * 4]);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) throw new Error(`${bg.id} has a transparent pixel`);
      expect(spread(data), bg.id).toBeGreaterThan(0.5);
    }
  }, 60_000);

  it('draws the same picture every time (thumbnails match full renders)', async () => {
    const bg = backgroundById('bokeh-city-night')!;
    const a = await renderBackground(bg, 80, 60);
    const b = await renderBackground(bg, 80, 60);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('fills any aspect ratio, including very wide and very tall', async () => {
    for (const [w, h] of [
      [400, 20],
      [20, 300],
    ]) {
      const { width, height } = await renderBackground(backgroundById('scene-wooden-table')!, w, h);
      expect([width, height]).toEqual([w, h]);
    }
  });

  it('keeps a studio sweep light and a charcoal one dark', async () => {
    const light = await renderBackground(backgroundById('studio-white')!, 60, 40);
    const dark = await renderBackground(backgroundById('studio-charcoal')!, 60, 40);
    expect(pixel(light.data, 60, 30, 20)[0]).toBeGreaterThan(225);
    expect(pixel(dark.data, 60, 30, 20)[0]).toBeLessThan(110);
  });

  it('paints solid colours exactly, alpha included', () => {
    const { data } = solidBackground('#10203080', 3, 2);
    expect(pixel(data, 3, 2, 1)).toEqual([0x10, 0x20, 0x30, 0x80]);
    expect(() => solidBackground('#12', 3, 2)).toThrow('Invalid hex color');
  });

  it('draws user gradients in the CSS direction', async () => {
    const down = await gradientBackground('#FFFFFFFF', '#000000FF', 180, 10, 100);
    expect(pixel(down.data, 10, 5, 1)[0]).toBeGreaterThan(240);
    expect(pixel(down.data, 10, 5, 98)[0]).toBeLessThan(15);
    const right = await gradientBackground('#FF0000', '#0000FF', 90, 100, 10);
    expect(pixel(right.data, 100, 1, 5).slice(0, 3)).toEqual([expect.any(Number), 0, expect.any(Number)]);
    expect(pixel(right.data, 100, 1, 5)[0]).toBeGreaterThan(240);
    expect(pixel(right.data, 100, 98, 5)[2]).toBeGreaterThan(240);
  });
});
