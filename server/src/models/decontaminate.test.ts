import { describe, expect, it } from 'vitest';
import { decontaminateEdges } from './decontaminate';

describe('decontaminateEdges', () => {
  it('removes the old background colour from soft edge pixels', () => {
    // A red subject on a green background with a soft 20 px edge, composited as I = aF + (1-a)B.
    const w = 120,
      h = 120;
    const rgba = Buffer.alloc(w * h * 4);
    const alpha = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const a = Math.min(1, Math.max(0, (x - 50) / 20));
        const i = y * w + x;
        alpha[i] = Math.round(a * 255);
        rgba[i * 4] = Math.round(a * 220);
        rgba[i * 4 + 1] = Math.round((1 - a) * 200);
        rgba[i * 4 + 2] = 20;
        rgba[i * 4 + 3] = 255;
      }
    }
    const edge = (60 * w + 58) * 4; // alpha 0.4: a muddy mix of red and green before
    const [redBefore, greenBefore] = [rgba[edge], rgba[edge + 1]];
    decontaminateEdges(rgba, alpha, w, h);
    expect(greenBefore).toBeGreaterThan(100);
    // The estimate is approximate (blur fusion); it must move clearly towards the true red.
    expect(rgba[edge + 1]).toBeLessThan(greenBefore * 0.65);
    expect(rgba[edge]).toBeGreaterThan(redBefore + 40);
    expect(rgba[edge + 3]).toBe(alpha[60 * w + 58]);
    // Opaque subject pixels keep their colour exactly; transparent ones become empty.
    expect([...rgba.subarray((60 * w + 100) * 4, (60 * w + 100) * 4 + 4)]).toEqual([220, 0, 20, 255]);
    expect([...rgba.subarray((60 * w + 10) * 4, (60 * w + 10) * 4 + 4)]).toEqual([0, 0, 0, 0]);
  });
});
