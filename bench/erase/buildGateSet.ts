/**
 * Builds the eraser's held-out gate set (tests/assets/erase-gate/, test server/src/processors/eliminationGate.test.ts):
 * the first GATE_COUNT large-hole composites of objects.ts's held-out split (gcompris cut-outs beside their twin on
 * darknet/skimage photos, nothing tuned on them), at GATE_LONG_SIDE px, each as the photo the user erases from (JPEG),
 * the clean plate (JPEG, the truth) and the mask (PNG); gate.json holds the PSNR inside the hole of the mean-colour
 * fill, the fast fill (Telea) and the eraser's default fill when the set was built.
 *
 *   bench/removebg/composites/fetch-sources.sh && node --import tsx bench/erase/buildGateSet.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { gateFills, psnrInHole } from '../../server/src/processors/eliminationGate.testkit';
import { buildObjectComposites } from './objects';

const GATE_LONG_SIDE = 320;
const GATE_COUNT = 4;
const OUT = path.resolve('tests', 'assets', 'erase-gate');

async function main(): Promise<void> {
  const large = (await buildObjectComposites('heldout', GATE_LONG_SIDE)).filter((c) => c.cls === 'large').slice(0, GATE_COUNT);
  mkdirSync(OUT, { recursive: true });
  const composites: Record<string, { mean: number; fast: number; best: number }> = {};
  for (const c of large) {
    const name = c.name.replace(/[^a-z0-9@_-]/gi, '_');
    const photo = await sharp(c.photo).jpeg({ quality: 92 }).toBuffer();
    const plate = await sharp(c.plate.data, { raw: { width: c.width, height: c.height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    writeFileSync(path.join(OUT, `${name}.jpg`), photo);
    writeFileSync(path.join(OUT, `${name}.plate.jpg`), plate);
    writeFileSync(path.join(OUT, `${name}.mask.png`), c.maskPng);
    const fills = await gateFills(photo, c.maskPng);
    const figures = { mean: 0, fast: 0, best: 0 };
    for (const fill of ['mean', 'fast', 'best'] as const) figures[fill] = +(await psnrInHole(fills[fill], plate, c.maskPng)).toFixed(2);
    composites[name] = figures;
    console.log(`${name}: ${JSON.stringify(figures)}`);
  }
  writeFileSync(path.join(OUT, 'gate.json'), `${JSON.stringify({ longSide: GATE_LONG_SIDE, composites }, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('buildGateSet failed:', err);
    process.exit(1);
  },
);
