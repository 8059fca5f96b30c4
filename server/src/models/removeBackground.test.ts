import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { meanInRect, readPhoto } from '../testing/testPhotos';
import { lastCutoutTrace, removeBackground } from './removeBackground';

/** Reads the alpha channel of a PNG the way a user's image viewer would. */
async function alphaOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return { alpha: new Uint8Array(data), width: info.width, height: info.height, format: (await sharp(png).metadata()).format };
}

describe('removeBackground (real IS-Net model)', () => {
  it('keeps the astronaut and clears the studio background, at full resolution', async () => {
    const { png } = await removeBackground(await readPhoto('astronaut'));
    const { alpha, width, height, format } = await alphaOf(png);
    expect(format).toBe('png');
    expect([width, height]).toEqual([512, 512]);
    expect(meanInRect(alpha, width, { x: 180, y: 50, w: 80, h: 80 })).toBeGreaterThan(240); // face
    expect(meanInRect(alpha, width, { x: 100, y: 330, w: 150, h: 150 })).toBeGreaterThan(240); // suit
    expect(meanInRect(alpha, width, { x: 0, y: 0, w: 80, h: 80 })).toBeLessThan(5); // background, top left
    expect(meanInRect(alpha, width, { x: 440, y: 0, w: 70, h: 120 })).toBeLessThan(5); // background, top right
  });

  it('cuts out a coffee cup from the table', async () => {
    const { png } = await removeBackground(await readPhoto('coffee'));
    const { alpha, width } = await alphaOf(png);
    expect(meanInRect(alpha, width, { x: 230, y: 100, w: 120, h: 80 })).toBeGreaterThan(240); // the cup
    expect(meanInRect(alpha, width, { x: 0, y: 0, w: 60, h: 60 })).toBeLessThan(5); // table corner
  });

  it('respects EXIF orientation', async () => {
    const upright = await readPhoto('chelsea'); // 451 × 300
    // Store the pixels turned a quarter, with orientation 6 ("rotate 90° to display").
    const tagged = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(tagged).metadata()).width).toBe(300);
    const { width, height } = await removeBackground(tagged);
    expect([width, height]).toEqual([451, 300]);
  });

  it('rejects a file that is not an image', async () => {
    await expect(removeBackground(Buffer.from('definitely not a jpeg'))).rejects.toThrow();
  });
});

describe('removeBackground second pass (issue 15)', () => {
  /** IoU of two alphas thresholded at 128. */
  function iou(a: Uint8Array, b: Uint8Array): number {
    let inter = 0,
      union = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] >= 128,
        y = b[i] >= 128;
      if (x && y) inter++;
      if (x || y) union++;
    }
    return inter / union;
  }

  it('cuts out a small subject: the second pass zooms in on its box', async () => {
    // A subject with exactly known alpha: the cup (with its thin spoon) cut from coffee.jpg, shrunk to a
    // small part of a large photo, composited on a light wall colour.
    // The cup as the 0.8 MP first pass cuts it (a fixed subject, whatever the small-photo rule).
    const cup = await removeBackground(await readPhoto('coffee'), undefined, { firstPassUpscale: 100 });
    const small = await sharp(cup.png).trim({ threshold: 0 }).resize({ width: 170 }).png().toBuffer();
    const { data: fg, info } = await sharp(small).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const W = 1400,
      H = 1000,
      left = 820,
      top = 300;
    const truth = new Uint8Array(W * H);
    const rgb = Buffer.alloc(W * H * 3, 225);
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const a = fg[(y * info.width + x) * 4 + 3];
        const p = (top + y) * W + left + x;
        truth[p] = a;
        for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((fg[(y * info.width + x) * 4 + c] * a + 225 * (255 - a)) / 255);
      }
    }
    const photo = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();

    // The gates (unsure share, busy backdrop) are opened here to see the zoom itself.
    const two = await removeBackground(photo, undefined, { secondPass: true, minUnsureShare: 0 });
    const trace = lastCutoutTrace();
    expect(trace?.secondPasses).toHaveLength(1);
    expect(trace!.secondPasses[0].zoom).toBeGreaterThan(1.4);
    const one = await removeBackground(photo, undefined, { secondPass: false });
    expect(lastCutoutTrace()?.secondPasses).toEqual([]);
    // Measured 0.72 (first pass ≥ 640²) and 0.65 (≥ 0.8 MP): the cup is found, not yet exactly.
    expect(iou(two.alpha, truth)).toBeGreaterThan(0.6);
    expect(iou(one.alpha, truth)).toBeGreaterThan(0.3);
  });

  it('skips the second pass for a subject the first pass saw crisply on a plain wall', async () => {
    // Cut from a plain backdrop, the first pass is already sure; on the tuning composites a second
    // pass there lost more than it gained (a small cement mixer on a flat colour 0.935 → 0.668).
    const cup = await removeBackground(await readPhoto('coffee'), undefined, { firstPassUpscale: 100 });
    const small = await sharp(cup.png).trim({ threshold: 0 }).resize({ width: 170 }).flatten({ background: '#e1e1e1' }).toBuffer();
    const photo = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#e1e1e1' } })
      .composite([{ input: small, left: 820, top: 300 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    await removeBackground(photo);
    expect(lastCutoutTrace()?.secondPasses).toEqual([]);
  });

  it('keeps both small people of the kite photo solid and the surf clear (one second pass per subject group)', async () => {
    // 512 × 341: a kite high up, two people on the beach. The first pass alone left the person in
    // blue at 0.60 mean alpha; main's stretched 1024² pass took a strip of surf (0.15).
    const { alpha, width } = await removeBackground(await readPhoto('kite'));
    const passes = lastCutoutTrace()!.secondPasses;
    expect(passes.length).toBeGreaterThanOrEqual(1);
    expect(passes.some((p) => p.crop.x < 46 && p.crop.x + p.crop.width > 98 && p.crop.y + p.crop.height > 290)).toBe(true);
    expect(meanInRect(alpha, width, { x: 46, y: 238, w: 12, h: 22 })).toBeGreaterThan(0.75 * 255); // person in blue
    expect(meanInRect(alpha, width, { x: 86, y: 270, w: 12, h: 20 })).toBeGreaterThan(0.75 * 255); // person in purple
    expect(meanInRect(alpha, width, { x: 330, y: 250, w: 140, h: 50 })).toBeLessThan(0.05 * 255); // surf
  });

  it('runs the first pass in the shape of the photo, at most at 1024² pixels', async () => {
    await removeBackground(await readPhoto('chelsea')); // 451 × 300
    const small = lastCutoutTrace()!.firstPass;
    expect(small.width / small.height).toBeCloseTo(451 / 300, 1);
    const big = await sharp(await readPhoto('astronaut'))
      .resize(2400, 1600)
      .jpeg()
      .toBuffer();
    await removeBackground(big);
    const large = lastCutoutTrace()!.firstPass;
    expect(large.width * large.height).toBeLessThanOrEqual(1024 * 1024);
    expect(large.width / large.height).toBeCloseTo(1.5, 1);
  });
});
