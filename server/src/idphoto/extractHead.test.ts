/**
 * Head extraction on real portraits: the face (eyes, nose, chin) stays opaque, the shoulders below
 * the chin and the photo's background are cleared, and the PNG is cropped tight around the head.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findFaces } from './analysePortrait';
import { extractHead } from './extractHead';
import { PORTRAITS } from './portraits';

const CASES = ['astronaut', 'portrait-a', 'portrait-d'] as const;

describe('extractHead', () => {
  for (const name of CASES) {
    it(`${name}: keeps the face, clears shoulders and background, crops tight`, async () => {
      const input = await readFile(PORTRAITS[name]);
      const { faces, width, height } = await findFaces(input);
      const face = faces[0];
      const head = await extractHead(input);
      const { data, info } = await sharp(head.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(head.width);
      expect(head.width).toBeLessThan(width);
      expect(head.height).toBeLessThan(height);
      const alphaAt = (x: number, y: number) => {
        const lx = Math.round(x - head.left);
        const ly = Math.round(y - head.top);
        if (lx < 0 || ly < 0 || lx >= info.width || ly >= info.height) return 0; // outside the crop = cleared
        return data[(ly * info.width + lx) * 4 + 3];
      };
      // Face kept: both eyes, the nose tip and a point just above the chin are opaque.
      for (const p of [...face.eyes, face.mesh[1], { x: face.chin.x, y: face.chin.y - 0.05 * face.box[3] }]) {
        expect(alphaAt(p.x, p.y), `${name} face point ${Math.round(p.x)},${Math.round(p.y)}`).toBeGreaterThan(200);
      }
      // Shoulders cleared: well below the chin, left and right of the neck, nothing is kept.
      const faceH = face.chin.y - face.forehead.y;
      for (const dx of [-0.9, -0.6, 0.6, 0.9]) {
        const x = face.chin.x + dx * face.box[2];
        const y = face.chin.y + 0.6 * faceH;
        if (y < height && x >= 0 && x < width) expect(alphaAt(x, y), `${name} shoulder ${dx}`).toBe(0);
      }
      // Background cleared: the photo's top corners are not in the cut-out.
      expect(alphaAt(2, 2)).toBe(0);
      expect(alphaAt(width - 3, 2)).toBe(0);
      // Tight crop: every edge row/column of the PNG has some opaque pixel close to it.
      let top = false;
      for (let x = 0; x < info.width; x++) if (data[x * 4 + 3] > 8) top = true;
      expect(top).toBe(true);
    }, 120_000);
  }
});
