/**
 * The compliance findings (issue 26 item 4, issue 29 item 5) on real portraits: the tuning portraits
 * raise no refusing finding (no sunglasses, no raised hands), the same portrait with dark lenses painted
 * over its eyes is found wearing sunglasses (refused for a passport, advice for a résumé photo), and the
 * matte and detector rules are pinned on planes and boxes built for them.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adviceAction, refusingAdvice } from '../../../engine/idphoto/checks';
import { findIdPhotoTemplate } from '../../../engine/idphoto/templates';
import { analysePortrait, findFaces } from './analysePortrait';
import { objectInFront, raisedHands } from './compliance';
import { PORTRAITS } from './portraits';
import { Upright } from './upright';

/** The portrait with opaque dark ellipses over both eyes, like sunglasses. */
async function withDarkLenses(file: string): Promise<Buffer> {
  const input = await readFile(file);
  const { faces, width, height } = await findFaces(input);
  const m = faces[0].mesh;
  const lens = (a: number, b: number) => {
    const cx = (m[a].x + m[b].x) / 2;
    const cy = (m[a].y + m[b].y) / 2;
    const r = Math.hypot(m[a].x - m[b].x, m[a].y - m[b].y) * 0.85;
    return `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.7}" fill="#141414"/>`;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lens(33, 133)}${lens(263, 362)}</svg>`;
  return sharp(input)
    .rotate()
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('compliance findings on real portraits', () => {
  it('the tuning portraits raise nothing a passport would refuse', async () => {
    for (const [name, file] of Object.entries(PORTRAITS)) {
      const a = await analysePortrait(await readFile(file), { checkPose: false });
      expect(a.advice, name).not.toContain('sunglasses');
      expect(a.advice, name).not.toContain('raisedHands');
    }
  }, 600_000);

  it('dark lenses over the eyes are sunglasses: refused for a passport, advice for a résumé photo', async () => {
    const a = await analysePortrait(await withDarkLenses(PORTRAITS['portrait-d']), { checkPose: false });
    expect(a.advice).toContain('sunglasses');
    expect(refusingAdvice(findIdPhotoTemplate('us-passport')!, a.advice)).toBe('sunglasses');
    expect(adviceAction(findIdPhotoTemplate('jp-resume')!, 'sunglasses')).toBe('advise');
  }, 300_000);
});

describe('raised hands from the person matte', () => {
  const W = 400;
  const H = 400;
  const head = { crownY: 100, chinY: 220, centreX: 200, eyeY: 160 };
  const plane = (arms: boolean) => {
    const data = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inHead = ((x - 200) / 55) ** 2 + ((y - 160) / 62) ** 2 <= 1;
        const body = y > 230 && Math.abs(x - 200) < 120;
        // Forearms raised beside the head: two upright bars from the shoulders to above the crown.
        const arm = arms && y > 70 && y < 240 && Math.abs(Math.abs(x - 200) - 130) < 18;
        data[y * W + x] = inHead || body || arm ? 255 : 0;
      }
    }
    return { data, width: W, height: H };
  };
  const upright = new Upright({ x: 200, y: 160 }, 0);
  it('finds arms raised beside the head', () => expect(raisedHands(plane(true), upright, head, 100)).toBe(true));
  it('does not call head and shoulders raised hands', () => expect(raisedHands(plane(false), upright, head, 100)).toBe(false));
});

describe('objects in front of the face', () => {
  const face: [number, number, number, number] = [100, 120, 100, 80];
  it('a held object over the mouth counts', () => expect(objectInFront([{ label: 'remote', score: 0.5, box: [130, 150, 30, 90] }], face)).toBe(true));
  it('a glass held at the chest does not', () => expect(objectInFront([{ label: 'wine glass', score: 0.8, box: [90, 260, 40, 60] }], face)).toBe(false));
  it('a weak or unrelated detection does not', () => {
    expect(objectInFront([{ label: 'cup', score: 0.1, box: [130, 150, 30, 40] }], face)).toBe(false);
    expect(objectInFront([{ label: 'tie', score: 0.9, box: [130, 150, 30, 40] }], face)).toBe(false);
  });
});
