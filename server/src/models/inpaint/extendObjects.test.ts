import { describe, expect, it } from 'vitest';
import { extendFill } from './extendFill';
import { cutObjects } from './extendObjects';

/**
 * A photo of a calm, slightly noisy grey-green wall with a red ball (the subject) whose top the photo's upper edge
 * cuts, on a canvas with a border above and below.
 */
function ballPhoto(opts: { ballRadius: number } = { ballRadius: 18 }) {
  const pw = 120;
  const ph = 80;
  const top = 40;
  const w = pw;
  const h = ph + 2 * top;
  const canvas = Buffer.alloc(w * h * 3);
  const mask = new Uint8Array(w * h).fill(255);
  const subject = new Uint8Array(w * h);
  let seed = 11;
  const noise = (a: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % (2 * a + 1)) - a;
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      const i = (y + top) * w + x;
      const ball = (x - 60) ** 2 + (y - 6) ** 2 <= opts.ballRadius ** 2;
      canvas[i * 3] = ball ? 220 + noise(4) : 120 + noise(6);
      canvas[i * 3 + 1] = ball ? 30 + noise(4) : 130 + noise(6);
      canvas[i * 3 + 2] = ball ? 30 + noise(4) : 110 + noise(6);
      subject[i] = ball ? 1 : 0;
    }
    mask.fill(0, (y + top) * w, (y + top) * w + pw);
  }
  return { canvas, mask, subject, w, h, rect: { left: 0, top, width: pw, height: ph } };
}

const isRed = (out: Buffer, i: number) => out[i * 3] > out[i * 3 + 1] + 40;

describe('extender: objects cut by the photo edge', () => {
  it('does not continue a subject the edge cuts: the border above the ball is wall, and the photo is untouched', async () => {
    const p = ballPhoto();
    const fill = (subject: Uint8Array | null) =>
      extendFill({ data: p.canvas, width: p.w, height: p.h, channels: 3 }, { data: p.mask, width: p.w, height: p.h }, p.rect, { subject });
    const redAbove = (out: Buffer, from: number) => {
      let red = 0;
      for (let y = 0; y < p.rect.top - from; y++) for (let x = 0; x < p.w; x++) red += isRed(out, y * p.w + x) ? 1 : 0;
      return red;
    };
    const without = await fill(null);
    const withSubject = await fill(p.subject);
    // Without the subject mask the ball is mirrored upward (what the issue saw); with it, beyond the 10 px soft end,
    // no red at all.
    expect(redAbove(without, 10)).toBeGreaterThan(200);
    expect(redAbove(withSubject, 10)).toBe(0);
    const photoBytes = (out: Buffer) => out.subarray(p.rect.top * p.w * 3, (p.rect.top + p.rect.height) * p.w * 3);
    expect(photoBytes(withSubject).equals(photoBytes(p.canvas))).toBe(true);
  });

  it('replaces the object in the strip by the wall on either side, and leaves a side that is mostly subject as it was', () => {
    const p = ballPhoto();
    const img = { data: Float32Array.from(p.canvas), width: p.w, height: p.h, channels: 3 };
    const cut = cutObjects(img, p.rect, p.subject);
    expect(cut.count).toBeGreaterThan(300);
    for (let i = 0; i < cut.mask.length; i++) if (cut.mask[i]) expect(cut.cleaned.data[i * 3]).toBeLessThan(140);
    // A ball wider than the photo: the edge line is all subject, nothing beside it to take.
    const big = ballPhoto({ ballRadius: 200 });
    const none = cutObjects({ data: Float32Array.from(big.canvas), width: big.w, height: big.h, channels: 3 }, big.rect, big.subject);
    expect(none.count).toBe(0);
  });
});
