/**
 * Cut-out accuracy on the issue-32 composites (build.ts), per background kind — flat, gradient,
 * saturated, busy photo, illustration — for, in one run:
 * - product: removeBackground's rules today (guarded second passes, illustration rule) on the cached passes;
 * - unguarded: the second passes merged without the guard (the pipeline before issue 32);
 * - single: the first pass alone;
 * - library: @imgly/background-removal-node's own removeBackground (cached, held-out split only);
 * and, where cached, stretched (one 1024² pass, the library's framing, on our session).
 * IoU of the alphas thresholded at 128 against the exact alpha; mean and worst subject per kind.
 * The passes come from cachePasses.ts (run it first); the rules on top run here, so a rule change is
 * measured without running IS-Net again. `BENCH_LIVE=1` instead runs removeBackground itself on
 * every composite and checks it matches the cached product exactly.
 *
 *   node --import tsx bench/removebg/heldout32/quality.ts tuning      (the split the rules were chosen on)
 *   node --import tsx bench/removebg/heldout32/quality.ts heldout     (measured, never tuned on)
 *   BENCH_GUARD='{"minAgreement":0.7}' …   (guard options over the defaults)
 */
import sharp from 'sharp';
import { DEFAULT_CUTOUT_OPTIONS, type CutoutOptions } from '../../../server/src/models/cutoutPasses';
import { DEFAULT_GUARD } from '../../../server/src/models/cutoutGuard';
import { looksDrawn } from '../../../server/src/models/illustration';
import { combinePasses, decodeUpright, pictureStatsOf, removeBackground, resizeMask } from '../../../server/src/models/removeBackground';
import { maskIoU } from '../metrics';
import { buildComposites32, KINDS32, type Split32 } from './build';
import { readCached } from './cachePasses';

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

async function main(): Promise<void> {
  const split = (process.argv[2] ?? 'tuning') as Split32;
  const guard = { ...DEFAULT_GUARD, ...(JSON.parse(process.env.BENCH_GUARD || '{}') as object) };
  const o: CutoutOptions = { ...DEFAULT_CUTOUT_OPTIONS, guard };
  const unguarded: CutoutOptions = { ...DEFAULT_CUTOUT_OPTIONS, guard: null };
  const composites = await buildComposites32(split);
  const rows: Array<{ name: string; kind: string; subject: string; iou: Record<string, number>; note: string }> = [];
  for (const c of composites) {
    let cached;
    try {
      cached = readCached(split, c.name);
    } catch {
      console.log(`  ${c.name}: not cached yet, left out`);
      continue;
    }
    const { rgba, photo } = await decodeUpright(c.jpeg);
    const { meta, firstMask, cropMasks } = cached;
    const drawn = looksDrawn(pictureStatsOf(rgba, photo, 4));
    const verdicts: string[] = [];
    // The product's rule (removeBackground.ts): a drawn picture keeps the single pass.
    const productPlans = drawn && o.illustrationSinglePass ? [] : meta.plans;
    const product = await combinePasses(firstMask, meta.first, photo, productPlans, productPlans.length ? cropMasks : [], o, verdicts);
    const iou: Record<string, number> = {
      product: maskIoU(product, c.alpha),
      unguarded: maskIoU(await combinePasses(firstMask, meta.first, photo, meta.plans, cropMasks, unguarded), c.alpha),
      single: maskIoU(await resizeMask(firstMask, meta.first, photo), c.alpha),
    };
    if (!o.illustrationSinglePass) iou.drawnSingle = drawn ? iou.single : iou.product; // the illustration rule, were it on
    if (cached.library.length) iou.library = maskIoU(cached.library, c.alpha);
    if (cached.stretched.length) iou.stretched = maskIoU(await resizeMask(cached.stretched, { width: 1024, height: 1024 }, photo), c.alpha);
    if (process.env.BENCH_LIVE) {
      const live = await removeBackground(c.jpeg);
      iou.live = maskIoU(live.alpha, c.alpha);
    }
    const note = `${meta.first.width}x${meta.first.height}${meta.plans.map((p, k) => `+${p.size.width}x${p.size.height}:${verdicts[k] ?? 'skipped'}`).join('')}${verdicts.includes('fallback') ? ' fallback' : ''}${drawn ? ' drawn' : ''}`;
    rows.push({ name: c.name, kind: c.kind, subject: c.subject, iou, note });
    console.log(
      `  ${c.name.padEnd(30)} ${Object.entries(iou)
        .map(([k, v]) => `${k} ${v.toFixed(3)}`)
        .join('  ')}  [${note}]`,
    );
  }
  const variants = Object.keys(rows[0]?.iou ?? {});
  console.log(`\n${split}: mean IoU (worst subject) per background kind, ${rows.length} composites`);
  console.log(`  ${'kind'.padEnd(13)} n  ${variants.map((v) => v.padEnd(29)).join('')}`);
  for (const kind of [...KINDS32, 'all']) {
    const rs = rows.filter((r) => kind === 'all' || r.kind === kind);
    if (!rs.length) continue;
    const cells = variants.map((v) => {
      const worst = rs.reduce((a, b) => (b.iou[v] < a.iou[v] ? b : a));
      return `${mean(rs.map((r) => r.iou[v])).toFixed(3)} (${worst.iou[v].toFixed(3)} ${worst.name.split('@')[0]})`.padEnd(29);
    });
    console.log(`  ${kind.padEnd(13)} ${String(rs.length).padEnd(2)} ${cells.join('')}`);
  }
  const lostBy = (v: string) => rows.filter((r) => r.iou[v] < 0.5).map((r) => r.name);
  for (const v of variants) console.log(`  ${v}: subjects below IoU 0.5: ${lostBy(v).join(', ') || 'none'}`);
  const below = rows.filter((r) => r.iou.product < r.iou.single - 0.005).map((r) => `${r.name} ${r.iou.product.toFixed(3)} < ${r.iou.single.toFixed(3)}`);
  console.log(`  product below single pass by > 0.005: ${below.join(', ') || 'none'}`);
  void sharp;
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
