/**
 * The background changer on a real photo (coffee.jpg at 320 × 213): IS-Net runs once, the cut-out cache
 * serves the other cases, as it does for a user re-running with new options.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { cutoutOf } from '../backgrounds/cutoutCache';
import { ApiError } from '../envelope';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { readPhoto } from '../testing/testPhotos';
import type { ProcessorContext } from '../tasks/processor';
import { changebgProcessor } from './changebg';

const W = 320;
let dir: string;
let storage: LocalDiskStorage;
let photo: Buffer;
let H: number;
let original: Buffer; // RGB of the photo as decoded
let subjectPx: number[]; // pixel indices where the cut-out is fully opaque (well inside the cup)
let backgroundPx: number[]; // fully transparent in the cut-out
let bottom: { x: number; y: number }; // the lowest solid pixel of the subject, centre column

function context(params: Record<string, unknown>): ProcessorContext {
  return {
    taskId: 't1',
    storage,
    params: { inputKey: 'uploads/test/coffee.jpg', ...params },
    onProgress: () => undefined,
    checkCancelled: async () => undefined,
  };
}

/** Runs the processor and decodes the result PNG to RGBA. */
async function run(params: Record<string, unknown>) {
  const out = await changebgProcessor(context(params));
  expect(out.contentType).toBe('image/png');
  const meta = await sharp(out.body).metadata();
  const { data, info } = await sharp(out.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([W, H]);
  return { rgba: data, channels: meta.channels };
}

const px = (rgba: Buffer, i: number) => [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]];
const sample = (list: number[], count = 40) => list.filter((_, k) => k % Math.max(1, Math.floor(list.length / count)) === 0);

async function failure(params: Record<string, unknown>): Promise<ApiError> {
  const err = await changebgProcessor(context(params)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'changebg-'));
  storage = new LocalDiskStorage(dir);
  photo = await sharp(await readPhoto('coffee'))
    .resize(W)
    .jpeg({ quality: 92 })
    .toBuffer();
  await storage.put('uploads/test/coffee.jpg', photo);
  const decoded = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  original = decoded.data;
  H = decoded.info.height;
  const cut = await cutoutOf(photo); // the one IS-Net run of this file
  const alpha = (i: number) => cut.data[i * 4 + 3];
  const solid = (x: number, y: number) =>
    x > 2 && y > 2 && x < W - 3 && y < H - 3 && [-3, 0, 3].every((d) => alpha((y + d) * W + x) === 255 && alpha(y * W + x + d) === 255);
  subjectPx = [];
  backgroundPx = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (solid(x, y)) subjectPx.push(y * W + x);
      if (alpha(y * W + x) === 0) backgroundPx.push(y * W + x);
    }
  let low = 0;
  for (let y = 0; y < H; y++) if (alpha(y * W + W / 2) >= 128) low = y;
  bottom = { x: W / 2, y: low };
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('changebg processor (real photo)', () => {
  it('finds a subject and a background to test with', () => {
    expect(subjectPx.length).toBeGreaterThan(2000);
    expect(backgroundPx.length).toBeGreaterThan(5000);
  });

  it('puts the subject, unchanged, on a solid colour', async () => {
    const { rgba, channels } = await run({ bgType: 'color', color: '#00b140' });
    expect(channels).toBe(3); // opaque: no alpha channel in the file
    for (const i of sample(backgroundPx)) expect(px(rgba, i)).toEqual([0x00, 0xb1, 0x40, 255]);
    for (const i of sample(subjectPx)) {
      const [r, g, b] = px(rgba, i);
      expect(Math.abs(r - original[i * 3]) + Math.abs(g - original[i * 3 + 1]) + Math.abs(b - original[i * 3 + 2])).toBeLessThanOrEqual(6);
    }
  });

  it('keeps the background transparent when asked', async () => {
    const { rgba, channels } = await run({ bgType: 'transparent' });
    expect(channels).toBe(4);
    for (const i of sample(backgroundPx)) expect(px(rgba, i)[3]).toBe(0);
    for (const i of sample(subjectPx)) expect(px(rgba, i)[3]).toBe(255);
  });

  it('renders a library background behind the subject', async () => {
    const { rgba } = await run({ bgType: 'library', bgId: 'gradient-ocean' });
    const blue = sample(backgroundPx).filter((i) => {
      const [r, , b] = px(rgba, i);
      return b > r + 40;
    });
    expect(blue.length).toBe(sample(backgroundPx).length);
  });

  it('draws a gradient in the requested direction', async () => {
    const { rgba } = await run({ bgType: 'gradient', gradient: { from: '#FF0000', to: '#0000FF', angle: 90 } });
    const leftmost = backgroundPx.find((i) => i % W < 10)!;
    const rightmost = backgroundPx.find((i) => i % W > W - 10)!;
    expect(px(rgba, leftmost)[0]).toBeGreaterThan(200); // red on the left
    expect(px(rgba, rightmost)[2]).toBeGreaterThan(200); // blue on the right
  });

  it('uses the uploaded background image, scaled to cover', async () => {
    const bg = await sharp({ create: { width: 40, height: 90, channels: 3, background: '#C03080' } })
      .png()
      .toBuffer();
    await storage.put('uploads/test/bg.png', bg);
    const { rgba } = await run({ bgType: 'image', bgUrl: '/files/uploads/test/bg.png' });
    for (const i of sample(backgroundPx)) expect(px(rgba, i)).toEqual([0xc0, 0x30, 0x80, 255]);
  });

  it('moves and scales the subject', async () => {
    const { rgba } = await run({ bgType: 'color', color: '#00FF00', subject: { x: 0.25, y: 0.5, scale: 0.5 } });
    // Where the cup was, now plain green (at half size, centred at a quarter width, it lies further left).
    const rightOfCentre = subjectPx.filter((i) => i % W > W * 0.6);
    expect(rightOfCentre.length).toBeGreaterThan(50);
    for (const i of sample(rightOfCentre)) expect(px(rgba, i)).toEqual([0, 255, 0, 255]);
    // Half size, centred at (W/4, H/2): the layer now spans x 0..W/2 and y H/4..3H/4.
    const centre = subjectPx[Math.floor(subjectPx.length / 2)];
    const [cx, cy] = [centre % W, Math.floor(centre / W)];
    const moved = Math.round(cy * 0.5 + H / 4) * W + Math.round(cx * 0.5);
    const [r, g, b] = px(rgba, moved);
    // Downscaling averages neighbours: compare with the mean of the 2 × 2 block it came from.
    const block = [centre, centre + 1, centre + W, centre + W + 1];
    const mean = (c: number) => block.reduce((s, i) => s + original[i * 3 + c], 0) / 4;
    expect(Math.abs(r - mean(0)) + Math.abs(g - mean(1)) + Math.abs(b - mean(2))).toBeLessThan(60);
    expect(r + (255 - g) + b).toBeGreaterThan(200); // far from the green background
  });

  it('lays a soft contact shadow below the subject', async () => {
    const placement = { x: 0.5, y: 0.4, scale: 0.6 };
    const plain = (await run({ bgType: 'color', color: '#FFFFFF', subject: placement })).rgba;
    const shaded = (await run({ bgType: 'color', color: '#FFFFFF', subject: placement, shadow: true })).rgba;
    // The subject's bottom after placement: scaled about the layer centre, moved to (0.5 W, 0.4 H).
    const y = Math.round((bottom.y - H / 2) * 0.6 + 0.4 * H) + 3;
    const below = y * W + W / 2;
    // Without the shadow the point is background white (the matte's soft edge may leave a trace of 1-2 levels).
    expect(px(plain, below)[0]).toBeGreaterThan(250);
    expect(px(shaded, below)[0]).toBeLessThan(225);
    // Far from the subject nothing changes.
    expect(px(shaded, 2 * W + 2)).toEqual([255, 255, 255, 255]);
  });
});

describe("changebg with the user's refined cut-out (cutoutUrl)", () => {
  it("composites the refined cut-out instead of the model's: what the user took away shows the background", async () => {
    // The user's refinement: the photo kept only in its left half.
    const rgba = Buffer.alloc(W * H * 4);
    for (let i = 0; i < W * H; i++) {
      rgba.set([original[i * 3], original[i * 3 + 1], original[i * 3 + 2], i % W < W / 2 ? 255 : 0], i * 4);
    }
    await storage.put(
      'uploads/test/refined.png',
      await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const { rgba: out } = await run({ bgType: 'color', color: '#0000FF', cutoutUrl: '/files/uploads/test/refined.png' });
    const left = subjectPx.filter((i) => i % W < W / 2 - 2);
    const right = subjectPx.filter((i) => i % W > W / 2 + 2);
    expect(left.length).toBeGreaterThan(100);
    expect(right.length).toBeGreaterThan(100);
    // The subject's right half, which the model kept, is background now; the left keeps the photo, and so does
    // the model's background on the left, which the user kept.
    for (const i of sample(right)) expect(px(out, i)).toEqual([0, 0, 255, 255]);
    for (const i of sample([...left, ...backgroundPx.filter((j) => j % W < W / 2 - 2)])) {
      const [r, g, b] = px(out, i);
      expect(Math.abs(r - original[i * 3]) + Math.abs(g - original[i * 3 + 1]) + Math.abs(b - original[i * 3 + 2])).toBeLessThanOrEqual(6);
    }
  });

  it('refuses a cut-out of another size, and one that is not a picture', async () => {
    await storage.put(
      'uploads/test/small.png',
      await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000000' } })
        .png()
        .toBuffer(),
    );
    const wrong = await failure({ bgType: 'transparent', cutoutUrl: '/files/uploads/test/small.png' });
    expect(wrong.code).toBe(ResultCode.PARAMS_INVALID);
    expect(wrong.message).toBe(`cutoutUrl must be the photo's size (${W}×${H}), not 10×10`);
    await storage.put('uploads/test/junk.png', Buffer.from('not a png'));
    expect((await failure({ bgType: 'transparent', cutoutUrl: '/files/uploads/test/junk.png' })).message).toBe('cutoutUrl must be a PNG cut-out of the photo');
  });
});

describe('changebg params (fail before any model work)', () => {
  it('rejects a bad colour with the SPEC §5 message', async () => {
    const bad = await failure({ bgType: 'color', color: 'green' });
    expect(bad.code).toBe(ResultCode.PARAMS_INVALID);
    expect(bad.message).toBe('color: Invalid color format. Expected format: #RRGGBB / #RRGGBBAA');
    expect((await failure({ bgType: 'color', color: '#FFF' })).message).toBe('color: Invalid hex color');
  });

  it('rejects other bad params with clear messages', async () => {
    expect((await failure({})).message).toBe('bgType must be one of color, gradient, library, image, transparent');
    expect((await failure({ bgType: 'library', bgId: 'nope' })).message).toBe('bgId: there is no library background "nope"');
    expect((await failure({ bgType: 'color', color: '#FFFFFF', subject: { scale: 3 } })).message).toBe('subject.scale must be between 0.1 and 2');
    expect((await failure({ bgType: 'image' })).message).toBe('bgUrl is required: upload the background image first');
    expect((await failure({ bgType: 'image', bgUrl: 'https://elsewhere.example/x.png' })).code).toBe(ResultCode.PARAMS_INVALID);
  });

  it('rejects a background file that is not an image', async () => {
    await storage.put('uploads/test/not-an-image.png', Buffer.from('hello'));
    const err = await failure({ bgType: 'image', bgUrl: '/files/uploads/test/not-an-image.png' });
    expect(err.code).toBe(ResultCode.PARAMS_INVALID);
    expect(err.message).toMatch(/not an image/);
  });
});
