/**
 * How small may the first IS-Net pass of a small photo be (issue 15, item 4)? The composites
 * (normal-size subjects) are shrunk to BENCH_MP megapixels, like a small upload, and cut out by
 * the whole pipeline with the first pass at several pixel budgets; prints IoU per composite and
 * mean / min per background kind, plus the mean time of each budget (same run, same load).
 *
 *   BENCH_SPLIT=tuning BENCH_MP=0.2 BENCH_FLOORS=0.2,0.45,0.8,adaptive node --import tsx bench/removebg/floorQuality.ts
 *
 * A budget is in megapixels (fixed, no fallback); 'adaptive' is the server's rule (firstPassUpscale, and
 * the fallback to minPassPixels when that pass is unsure). The pass keeps the photo's shape. Tune on the tuning split only.
 */
import os from 'node:os';
import sharp from 'sharp';
import { lastCutoutTrace, removeBackground } from '../../server/src/models/removeBackground';
import { buildComposites } from './composites/build';
import { maskIoU } from './metrics';

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

async function main(): Promise<void> {
  const split = (process.env.BENCH_SPLIT || 'tuning') as 'tuning' | 'heldout';
  const mp = Number(process.env.BENCH_MP || 0.2);
  // A number is a fixed first-pass budget in MP (no fallback); 'adaptive' is the server's default rule.
  const floors = (process.env.BENCH_FLOORS || '0.2,0.45,0.8,adaptive').split(',');
  const kinds = (process.env.BENCH_GROUPS || 'flat,busy').split(',');
  const composites = (await buildComposites({ split })).filter((c) => c.size === 'normal' && kinds.includes(c.kind));
  console.log(
    `First-pass budget on ${composites.length} ${split} composites shrunk to ${mp} MP; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows: Array<{ kind: string; floor: string; iou: number; ms: number; pass: string }> = [];
  for (const c of composites) {
    const s = Math.sqrt((mp * 1e6) / (c.width * c.height));
    const width = Math.round(c.width * s),
      height = Math.round(c.height * s);
    const jpeg = await sharp(c.jpeg).resize(width, height).jpeg({ quality: 92 }).toBuffer();
    const truth = new Uint8Array(
      await sharp(Buffer.from(c.alpha), { raw: { width: c.width, height: c.height, channels: 1 } })
        .resize(width, height)
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
    const line: string[] = [];
    for (const floor of floors) {
      const px = Number(floor) * 1e6;
      const t0 = performance.now();
      // Budget fixed at `floor` (the photo is smaller than every budget tried here), or the default rule.
      const options =
        floor === 'adaptive' ? {} : { minPassPixels: px, maxPassPixels: Math.max(px, 1024 * 1024), firstPassUpscale: 100, firstPassFallbackShare: 2 };
      const out = await removeBackground(jpeg, undefined, options);
      const ms = performance.now() - t0;
      const iou = maskIoU(out.alpha, truth);
      const t = lastCutoutTrace()!;
      const pass = `${t.firstPass.width}x${t.firstPass.height}${t.secondPasses.map((p) => `+${p.size.width}x${p.size.height}`).join('')}`;
      rows.push({ kind: c.kind, floor, iou, ms, pass });
      line.push(`${floor} ${iou.toFixed(3)} ${ms.toFixed(0)} ms [${pass}]`);
    }
    console.log(`  ${c.name.padEnd(34)} ${`${width}x${height}`.padEnd(9)} ${line.join(' | ')}`);
  }
  console.log('\nkind   floor MP  n   mean IoU  min IoU  mean ms');
  for (const kind of [...kinds, 'all']) {
    for (const floor of floors) {
      const rs = rows.filter((r) => r.floor === floor && (kind === 'all' || r.kind === kind));
      console.log(
        `${kind.padEnd(6)} ${String(floor).padEnd(9)} ${String(rs.length).padEnd(3)} ${mean(rs.map((r) => r.iou))
          .toFixed(4)
          .padEnd(9)} ${Math.min(...rs.map((r) => r.iou))
          .toFixed(3)
          .padEnd(8)} ${mean(rs.map((r) => r.ms)).toFixed(0)}`,
      );
    }
  }
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('floorQuality failed:', err);
    process.exit(1);
  },
);
