import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import type { FileStorage } from '../storage/storage';
import { readPhoto } from '../testing/testPhotos';
import type { ProcessorContext } from '../tasks/processor';
import { bgblurProcessor, bgblurSigma, blurBackground, cachedSubjectAlpha, parseBgblurParams } from './bgblur';
import { dilateMask, thresholdMask } from './bgblurPixels';

const W = 512;
const H = 512;
let photo: Buffer;
let subject: Uint8Array; // thresholded IS-Net mask, 255 = astronaut
let original: Float32Array;

/** Luminance of an image file, one float per pixel. */
async function luminance(file: Buffer): Promise<Float32Array> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([W, H]);
  const out = new Float32Array(W * H);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2];
  return out;
}

const meanAbsDiff = (a: Float32Array, b: Float32Array, where: number[]) => where.reduce((s, i) => s + Math.abs(a[i] - b[i]), 0) / where.length;

/** Mean |Laplacian| over the given pixels: the high-frequency detail a blur removes. */
const detail = (l: Float32Array, where: number[]) =>
  where.reduce((s, i) => s + Math.abs(4 * l[i] - l[i - 1] - l[i + 1] - l[i - W] - l[i + W]), 0) / where.length;

/** Local mean of `l` over the pixels `use` accepts, in a (2r+1)² window (every other pixel); NaN when none. */
function localMean(l: Float32Array, use: (j: number) => boolean, r: number): Float32Array {
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let s = 0,
        n = 0;
      for (let dy = -r; dy <= r; dy += 2)
        for (let dx = -r; dx <= r; dx += 2) {
          const yy = y + dy,
            xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= H || xx >= W || !use(yy * W + xx)) continue;
          s += l[yy * W + xx];
          n++;
        }
      out[y * W + x] = n > 0 ? s / n : NaN;
    }
  return out;
}

const pixels = (test: (i: number) => boolean) => {
  const list: number[] = [];
  for (let y = 2; y < H - 2; y++) for (let x = 2; x < W - 2; x++) if (test(y * W + x)) list.push(y * W + x);
  return list;
};

beforeAll(async () => {
  photo = await readPhoto('astronaut');
  subject = thresholdMask(await cachedSubjectAlpha(photo)); // IS-Net once; blurBackground reuses it from the cache
  original = await luminance(await sharp(photo).png().toBuffer());
}, 120_000);

describe('blurBackground on a real photo', () => {
  it('gives the photo back unchanged at strength 0', async () => {
    const out = await luminance(await blurBackground(photo, { strength: 0, feather: 3 }));
    expect(
      meanAbsDiff(
        out,
        original,
        pixels(() => true),
      ),
    ).toBeLessThan(0.01);
  });

  it('keeps the astronaut sharp and blurs the background more as the strength grows', async () => {
    const grown = dilateMask(subject, W, H, 12);
    const outside = dilateMask(
      subject.map((v) => 255 - v),
      W,
      H,
      10,
    ); // subject shrunk by 10 px
    const inside = pixels((i) => outside[i] === 0);
    const background = pixels((i) => grown[i] === 0);
    expect(inside.length).toBeGreaterThan(40_000);
    expect(background.length).toBeGreaterThan(40_000);

    const [mild, strong] = await Promise.all([25, 100].map(async (strength) => luminance(await blurBackground(photo, { strength, feather: 3 }))));
    expect(meanAbsDiff(mild, original, inside)).toBeLessThan(1);
    expect(meanAbsDiff(strong, original, inside)).toBeLessThan(1);
    const before = detail(original, background);
    expect(detail(mild, background)).toBeLessThan(0.7 * before);
    expect(detail(strong, background)).toBeLessThan(0.5 * detail(mild, background));
    expect(detail(strong, background)).toBeLessThan(0.25 * before);
  });

  it('leaves no halo of subject colour around the edge (unlike a plain blur)', async () => {
    const sigma = bgblurSigma(100, W);
    const ours = await luminance(await blurBackground(photo, { strength: 100, feather: 3 }));
    // A plain blur of the whole photo under the same sharp subject: the subject's colours smear outwards.
    const plainBlur = await luminance(await sharp(photo).blur(sigma).png().toBuffer());
    const soft = await sharp(Buffer.from(subject), { raw: { width: W, height: H, channels: 1 } })
      .blur(3)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const plain = original.map((v, i) => (soft[i] / 255) * v + (1 - soft[i] / 255) * plainBlur[i]);

    // The ring 2..10 px outside the subject; per pixel, is the subject nearby brighter or darker than the background?
    const near = dilateMask(subject, W, H, 2);
    const far = dilateMask(subject, W, H, 10);
    const ring = pixels((i) => far[i] > 0 && near[i] === 0);
    const subjectMean = localMean(original, (j) => subject[j] > 0, 12);
    const backgroundMean = localMean(original, (j) => far[j] === 0, 12);
    /** Mean change of the ring towards the subject's brightness (a halo makes it clearly positive). */
    const towardSubject = (out: Float32Array) => {
      let sum = 0,
        n = 0;
      for (const i of ring) {
        const contrast = subjectMean[i] - backgroundMean[i];
        if (!(Math.abs(contrast) >= 20)) continue; // also skips NaN
        sum += (out[i] - original[i]) * Math.sign(contrast);
        n++;
      }
      expect(n).toBeGreaterThan(5000);
      return sum / n;
    };
    expect(towardSubject(plain)).toBeGreaterThan(10);
    expect(Math.abs(towardSubject(ours))).toBeLessThan(5);
  });
});

describe('bgblurProcessor', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bgblur-'));
    storage = new LocalDiskStorage(dir);
    await storage.put('uploads/astronaut.jpg', photo, 'image/jpeg');
    await storage.put('uploads/junk.jpg', Buffer.from('not a picture'), 'image/jpeg');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const ctxFor = (params: Record<string, unknown>, progress: number[] = []): ProcessorContext => ({
    taskId: 't1',
    params: { inputKey: 'uploads/astronaut.jpg', ...params },
    storage,
    onProgress: (f) => progress.push(f),
    checkCancelled: async () => undefined,
  });

  it('returns a PNG the size of the input and reports progress up to 1', async () => {
    const progress: number[] = [];
    const out = await bgblurProcessor(ctxFor({ strength: 60 }, progress));
    expect(out.contentType).toBe('image/png');
    const meta = await sharp(out.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', W, H]);
    expect(progress.at(-1)).toBe(1);
  });

  it.each([[{ strength: 101 }], [{ strength: -1 }], [{ strength: 'lots' }], [{ feather: -2 }], [{ feather: 500 }], [{ feather: Number.NaN }]])(
    'rejects %j with PARAMS_INVALID',
    async (params) => {
      await expect(bgblurProcessor(ctxFor(params))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    },
  );

  it('rejects a file that is not an image with PARAMS_INVALID', async () => {
    const ctx = ctxFor({ strength: 50 });
    ctx.params.inputKey = 'uploads/junk.jpg';
    await expect(bgblurProcessor(ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });

  it("keeps the user's refined cut-out sharp (cutoutUrl): what the user took from the subject is blurred", async () => {
    // The user's refinement: the model's subject, minus its left half.
    const rgb = await sharp(photo).removeAlpha().raw().toBuffer();
    const cut = Buffer.alloc(W * H * 4);
    for (let i = 0; i < W * H; i++) cut.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], subject[i] && i % W >= W / 2 ? 255 : 0], i * 4);
    await storage.put(
      'uploads/refined.png',
      await sharp(cut, { raw: { width: W, height: H, channels: 4 } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const out = await luminance((await bgblurProcessor(ctxFor({ strength: 100, cutoutUrl: '/files/uploads/refined.png' }))).body);
    const kept = pixels((i) => subject[i] === 255 && i % W > W / 2 + 8);
    const takenAway = pixels((i) => subject[i] === 255 && i % W < W / 2 - 8);
    expect(kept.length).toBeGreaterThan(2000);
    expect(takenAway.length).toBeGreaterThan(2000);
    // The kept half keeps its detail; the half taken away loses most of it, like the background.
    expect(detail(out, kept)).toBeGreaterThan(0.9 * detail(original, kept));
    expect(detail(out, takenAway)).toBeLessThan(0.5 * detail(original, takenAway));
  });

  it('refuses a refined cut-out of another size with PARAMS_INVALID', async () => {
    await storage.put(
      'uploads/small.png',
      await sharp({ create: { width: 8, height: 8, channels: 4, background: '#000000' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    await expect(bgblurProcessor(ctxFor({ cutoutUrl: '/files/uploads/small.png' }))).rejects.toMatchObject({
      code: ResultCode.PARAMS_INVALID,
      message: `cutoutUrl must be the photo's size (${W}×${H}), not 8×8`,
    });
  });

  it('fills in defaults for missing params', () => {
    expect(parseBgblurParams({ inputKey: 'x' })).toEqual({ strength: 50, feather: 3 });
    expect(parseBgblurParams({ strength: 0, feather: 0 })).toEqual({ strength: 0, feather: 0 });
  });
});
