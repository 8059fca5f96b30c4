/**
 * Prints the picture statistics of illustration.ts (no model) for the issue-32 composites of one split,
 * grouped by background kind, and for photos given on the command line (e.g. the rembg fixtures:
 * anime-girl-1 is an anime picture, the others photos), with looksDrawn's verdict.
 *
 *   node --import tsx bench/removebg/heldout32/illustrationStats.ts tuning [photo.jpg …]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { looksDrawn, pictureStats, type PictureStats } from '../../../server/src/models/illustration';
import { pictureStatsOf } from '../../../server/src/models/removeBackground';
import { buildComposites32, KINDS32, type Split32 } from './build';

const f = (s: PictureStats) =>
  `flat ${s.flatShare.toFixed(3)} edge ${s.edgeShare.toFixed(3)} texture ${s.texture.toFixed(2)} colours ${s.colours.toFixed(1)} → ${looksDrawn(s) ? 'drawn' : 'photo'}`;

async function statsOf(file: Buffer): Promise<PictureStats> {
  const { data, info } = await sharp(file).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return pictureStatsOf(data, { width: info.width, height: info.height }, 3);
}

async function main(): Promise<void> {
  const split = (process.argv[2] ?? 'tuning') as Split32;
  const cs = await buildComposites32(split);
  for (const kind of KINDS32) {
    console.log(`${split} ${kind}`);
    for (const c of cs.filter((x) => x.kind === kind)) console.log(`  ${c.name.padEnd(32)} ${f(await statsOf(c.jpeg))}`);
  }
  for (const p of process.argv.slice(3)) console.log(`  ${path.basename(p).padEnd(32)} ${f(await statsOf(readFileSync(p)))}`);
  void pictureStats;
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
