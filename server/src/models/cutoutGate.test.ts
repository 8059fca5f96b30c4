/**
 * The held-out gate of the cut-out (issue 32, item 4): on a small committed set of composites with exact
 * alpha (tests/assets/cutout-gate, built by bench/removebg/heldout32/buildGateSet.ts from Debian packages no
 * rule was tuned on), the product's mean IoU per background kind may not fall more than 0.01 below the
 * single pass's figure committed in gate.json. A pipeline change that helps the tuning composites and hurts
 * these does not land. Real IS-Net, ten 320×240 photos.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { removeBackground } from './removeBackground';

const GATE_DIR = path.join(PROJECT_ROOT, 'tests', 'assets', 'cutout-gate');
interface Gate {
  kinds: Record<string, { single: number; product: number }>;
  composites: Record<string, { kind: string; single: number; product: number }>;
}
const gate = JSON.parse(readFileSync(path.join(GATE_DIR, 'gate.json'), 'utf8')) as Gate;

/** IoU of two alphas thresholded at 128. */
function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i] >= 128,
      q = b[i] >= 128;
    if (p && q) inter++;
    if (p || q) union++;
  }
  return union === 0 ? 1 : inter / union;
}

describe('cut-out held-out gate (issue 32)', () => {
  const got: Record<string, number[]> = {};
  beforeAll(async () => {
    for (const [name, c] of Object.entries(gate.composites)) {
      const truth = new Uint8Array(
        await sharp(readFileSync(path.join(GATE_DIR, `${name}.alpha.png`)))
          .extractChannel(0)
          .raw()
          .toBuffer(),
      );
      const { alpha } = await removeBackground(readFileSync(path.join(GATE_DIR, `${name}.jpg`)));
      (got[c.kind] ??= []).push(iou(alpha, truth));
    }
  }, 600_000);
  const meanOf = (kind: string) => got[kind].reduce((a, b) => a + b, 0) / got[kind].length;

  for (const kind of ['flat', 'gradient', 'saturated', 'illustration']) {
    it(`${kind}: mean IoU within 0.01 of the committed single pass, no subject lost`, () => {
      expect(Math.min(...got[kind])).toBeGreaterThan(0.5);
      expect(meanOf(kind)).toBeGreaterThanOrEqual(gate.kinds[kind].single - 0.01);
    });
  }

  // Found by this gate when it was built: on headphones@busy a second pass that agreed with the first at only
  // 0.715 IoU in its crop took the composite from 0.955 to 0.711; the guard now asks for 0.8 agreement.
  it('busy photo: mean IoU within 0.01 of the committed single pass, no subject lost', () => {
    expect(Math.min(...got.busy)).toBeGreaterThan(0.5);
    expect(meanOf('busy')).toBeGreaterThanOrEqual(gate.kinds.busy.single - 0.01);
  });
});
