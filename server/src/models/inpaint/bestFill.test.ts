import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhoto } from '../../testing/testPhotos';
import { bestFill } from './bestFill';
import { extendFill } from './extendFill';
import type { BinaryMask, Raster } from './raster';

function rectMask(w: number, h: number, x0: number, y0: number, mw: number, mh: number): BinaryMask {
  const data = new Uint8Array(w * h);
  for (let y = y0; y < y0 + mh; y++) data.fill(255, y * w + x0, y * w + x0 + mw);
  return { data, width: w, height: h };
}

/**
 * A field of two textures of the same brightness side by side (no strong edge between them, so the edge-bounded band
 * alone does not keep either out): bluish noise on the left ("the object beside"), greenish noise on the right.
 */
function twoTextures(w: number, h: number): Raster {
  const data = Buffer.alloc(w * h * 3);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const n = rnd() * 40 - 20;
      const o = (y * w + x) * 3;
      if (x < w / 2) data.set([90 + n, 100 + n, 150 + n], o);
      else data.set([100 + n, 150 + n, 90 + n], o);
    }
  return { data, width: w, height: h, channels: 3 };
}

/** Mean blue − green of the hole's core (pixels at least `inset` px inside the hole's box). */
function blueLead(out: Buffer, w: number, box: { x: number; y: number; s: number }, inset: number): number {
  let lead = 0;
  let n = 0;
  for (let y = box.y + inset; y < box.y + box.s - inset; y++)
    for (let x = box.x + inset; x < box.x + box.s - inset; x++) {
      lead += out[(y * w + x) * 3 + 2] - out[(y * w + x) * 3 + 1];
      n++;
    }
  return lead / n;
}

describe('bestFill', () => {
  it('keeps avoided pixels (another object) out of the patches, and uses them when nothing else is left', async () => {
    const w = 300,
      h = 140;
    const raster = twoTextures(w, h);
    const box = { x: 130, y: 50, s: 40 }; // straddles the two textures
    const mask = rectMask(w, h, box.x, box.y, box.s, box.s);
    const avoidLeft = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) avoidLeft.fill(1, y * w, y * w + w / 2);
    // Full texture at every depth: this test is about where the patches come from, not how much of them is kept.
    const plain = await bestFill(raster, mask, { textureFalloffPx: 0 });
    const report = { patched: 0, avoided: 0 };
    const avoided = await bestFill(raster, mask, { avoid: avoidLeft, report, textureFalloffPx: 0 });
    expect(report).toEqual({ patched: 1, avoided: 1 });
    // Without the avoid mask the left half of the hole copies the bluish texture; with it the core is the green texture,
    // and the seam correction does not pull it back to blue from the ring on the avoided side.
    expect(blueLead(plain, w, { ...box, s: box.s / 2 }, 6)).toBeGreaterThan(0);
    expect(blueLead(avoided, w, box, 10)).toBeLessThan(-40); // measured -60 (the green texture); -5 before the seam correction ignored the avoided ring
    // Everything avoided: the fill still fills (from the objects, the only source there is).
    const all = { patched: 0, avoided: 0 };
    const everything = await bestFill(raster, mask, { avoid: new Uint8Array(w * h).fill(1), report: all });
    expect(all).toEqual({ patched: 1, avoided: 0 });
    expect(Buffer.compare(everything, raster.data)).not.toBe(0);
  });

  it('keeps the copied texture whole near the border and lets it fade toward the middle of a large hole', async () => {
    const w = 200,
      h = 200;
    const raster = twoTextures(w * 2, h); // the greenish half only, below
    const right: Raster = { data: Buffer.alloc(w * h * 3), width: w, height: h, channels: 3 };
    for (let y = 0; y < h; y++) raster.data.copy(right.data, y * w * 3, (y * 2 * w + w) * 3, (y * 2 * w + 2 * w) * 3);
    const box = { x: 50, y: 50, s: 100 };
    const mask = rectMask(w, h, box.x, box.y, box.s, box.s);
    const full = await bestFill(right, mask, { textureFalloffPx: 0 });
    const faded = await bestFill(right, mask);
    // Spread of the green channel over pixels `from`..`to` px inside the hole's box.
    const spread = (out: Buffer, from: number, to: number) => {
      const v: number[] = [];
      for (let y = box.y; y < box.y + box.s; y++)
        for (let x = box.x; x < box.x + box.s; x++) {
          const d = Math.min(x - box.x, y - box.y, box.x + box.s - 1 - x, box.y + box.s - 1 - y) + 1;
          if (d >= from && d <= to) v.push(out[(y * w + x) * 3 + 1]);
        }
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
    };
    const border = (out: Buffer) => {
      const px: number[] = [];
      for (let y = box.y; y < box.y + box.s; y++)
        for (let x = box.x; x < box.x + box.s; x++) {
          if (Math.min(x - box.x, y - box.y, box.x + box.s - 1 - x, box.y + box.s - 1 - y) < 8) px.push(out[(y * w + x) * 3 + 1]);
        }
      return px;
    };
    // The first 8 px are the same fill either way; 30 px in, a third or less of the texture's spread is left, not none.
    expect(border(faded)).toEqual(border(full));
    const core = spread(faded, 30, 50),
      fullCore = spread(full, 30, 50);
    expect(fullCore).toBeGreaterThan(8); // the photo's own noise is ±20
    expect(core).toBeLessThan(fullCore * 0.4);
    expect(core).toBeGreaterThan(fullCore * 0.1);
  });

  it('writes only hole pixels and fills a 48 px hole in real fur better than its mean colour', async () => {
    const { data, info } = await sharp(await readPhoto('chelsea'))
      .extract({ left: 100, top: 60, width: 200, height: 160 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raster: Raster = { data, width: info.width, height: info.height, channels: 3 };
    const mask = rectMask(200, 160, 76, 56, 48, 48);
    const out = await bestFill(raster, mask);
    let outside = 0;
    let se = 0;
    let seMean = 0;
    const mean = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < 200 * 160; i++)
      if (!mask.data[i]) {
        for (let k = 0; k < 3; k++) mean[k] += data[i * 3 + k];
        n++;
      }
    for (let i = 0; i < 200 * 160; i++) {
      for (let k = 0; k < 3; k++) {
        if (!mask.data[i]) {
          if (out[i * 3 + k] !== data[i * 3 + k]) outside++;
          continue;
        }
        se += (out[i * 3 + k] - data[i * 3 + k]) ** 2;
        seMean += (mean[k] / n - data[i * 3 + k]) ** 2;
      }
    }
    expect(outside).toBe(0);
    expect(se).toBeLessThan(seMean);
  });

  it('does not copy from across a strong edge: a hole in a red field beside a blue one stays red', async () => {
    const w = 160;
    const h = 120;
    const data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        // A little texture so the patch search has something to match.
        const noise = ((x * 7 + y * 13) % 11) - 5;
        if (x < 90) {
          data[i] = 200 + noise;
          data[i + 1] = 40;
          data[i + 2] = 40;
        } else {
          data[i] = 40;
          data[i + 1] = 60;
          data[i + 2] = 200 + noise;
        }
      }
    const mask = rectMask(w, h, 40, 30, 40, 60); // ends 10 px before the edge
    const out = await bestFill({ data, width: w, height: h, channels: 3 }, mask);
    let blue = 0;
    for (let i = 0; i < w * h; i++) if (mask.data[i] && out[i * 3 + 2] > out[i * 3]) blue++;
    expect(blue).toBe(0);
  });

  it('fills a smooth gradient without a step at the hole border', async () => {
    const w = 120;
    const h = 100;
    const data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let k = 0; k < 3; k++) data[(y * w + x) * 3 + k] = 40 + x + k * 10;
    const mask = rectMask(w, h, 30, 20, 50, 50);
    const out = await bestFill({ data, width: w, height: h, channels: 3 }, mask);
    let worst = 0;
    for (let y = 20; y < 70; y++) {
      worst = Math.max(worst, Math.abs(out[(y * w + 30) * 3] - out[(y * w + 29) * 3]), Math.abs(out[(y * w + 79) * 3] - out[(y * w + 80) * 3]));
    }
    expect(worst).toBeLessThanOrEqual(3);
  });
});

describe('extendFill', () => {
  it('continues a photo into a new border with no step at the photo edge and leaves the photo untouched', async () => {
    const { data: photo, info } = await sharp(await readPhoto('chelsea'))
      .resize(160, 106)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const w = 220;
    const h = 106;
    const left = 30;
    const canvas = Buffer.alloc(w * h * 3);
    const mask = new Uint8Array(w * h).fill(255);
    for (let y = 0; y < h; y++) {
      photo.copy(canvas, (y * w + left) * 3, y * info.width * 3, (y + 1) * info.width * 3);
      mask.fill(0, y * w + left, y * w + left + info.width);
    }
    const out = await extendFill(
      { data: canvas, width: w, height: h, channels: 3 },
      { data: mask, width: w, height: h },
      { left, top: 0, width: 160, height: h },
    );
    for (let y = 0; y < h; y++)
      expect(out.subarray((y * w + left) * 3, (y * w + left + 160) * 3).equals(photo.subarray(y * 160 * 3, (y + 1) * 160 * 3))).toBe(true);
    // Gradient energy across the left and right photo edges against the energy one pixel inside and outside.
    const e = (a: number, b: number) => ((out[a * 3] - out[b * 3]) ** 2 + (out[a * 3 + 1] - out[b * 3 + 1]) ** 2 + (out[a * 3 + 2] - out[b * 3 + 2]) ** 2) / 3;
    let across = 0;
    let beside = 0;
    for (let y = 0; y < h; y++) {
      const l = y * w + left;
      const r = y * w + left + 159;
      across += e(l, l - 1) + e(r, r + 1);
      beside += (e(l, l + 1) + e(l - 1, l - 2) + e(r, r - 1) + e(r + 1, r + 2)) / 2;
    }
    expect(across / beside).toBeLessThan(2);
  });

  it('continues each side from the photo next to it: sky above, ground below, never the sky copied under the ground', async () => {
    // A landscape: calm blue sky over busy brown ground (all "edge", as grass is), borders above and below.
    const pw = 120;
    const ph = 80;
    const w = 120;
    const h = 160;
    const top = 40;
    const canvas = Buffer.alloc(w * h * 3);
    const mask = new Uint8Array(w * h).fill(255);
    let seed = 7;
    const noise = (a: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % (2 * a + 1)) - a;
    for (let y = 0; y < ph; y++) {
      for (let x = 0; x < pw; x++) {
        const i = ((y + top) * w + x) * 3;
        const sky = y < ph / 2;
        const a = sky ? 3 : 45;
        canvas[i] = (sky ? 90 : 150) + noise(a);
        canvas[i + 1] = (sky ? 140 : 110) + noise(a);
        canvas[i + 2] = (sky ? 220 : 60) + noise(a);
      }
      mask.fill(0, (y + top) * w, (y + top) * w + pw);
    }
    const out = await extendFill(
      { data: canvas, width: w, height: h, channels: 3 },
      { data: mask, width: w, height: h },
      { left: 0, top, width: pw, height: ph },
    );
    const blueShare = (y0: number, y1: number) => {
      let blue = 0;
      for (let y = y0; y < y1; y++) for (let x = 0; x < w; x++) if (out[(y * w + x) * 3 + 2] > out[(y * w + x) * 3]) blue++;
      return blue / ((y1 - y0) * w);
    };
    expect(blueShare(0, top)).toBeGreaterThan(0.98);
    expect(blueShare(top + ph, h)).toBeLessThan(0.02);
  });
});
