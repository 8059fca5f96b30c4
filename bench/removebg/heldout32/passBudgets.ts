/**
 * What a smaller IS-Net pass would cost in accuracy (issue 32, item 2: the speed target asks for half the library's
 * time, and the model's pixels are the time). Runs `removeBackground` itself on every composite of the issue-32 splits
 * with today's pass budgets and with each variant of `BENCH_TRY`, one after the other per composite, and prints per
 * composite the IoU (alphas at 128 against the exact alpha), wall time and pass sizes, then per background kind the
 * mean IoU (worst subject) and mean time.
 *
 *   BENCH_TRY='p05:{"minPassPixels":524288,"maxPassPixels":524288};p065:{"minPassPixels":655360,"maxPassPixels":786432}' \
 *     bash scripts/with-allocator.sh node --import tsx bench/removebg/heldout32/passBudgets.ts
 *   SPLITS=heldout …      (one split; default both: tuning, then held-out)
 *
 * Needs the sources (fetch-sources.sh). Figures: bench/README.md, "The remaining lever is fewer pixels per pass".
 */
import type { CutoutOptions } from '../../../server/src/models/cutoutPasses';
import { lastCutoutTrace, removeBackground } from '../../../server/src/models/removeBackground';
import { maskIoU } from '../metrics';
import { buildComposites32, KINDS32, type Split32 } from './build';

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

function variants(): Map<string, Partial<CutoutOptions>> {
  const out = new Map<string, Partial<CutoutOptions>>([['current', {}]]);
  for (const spec of (process.env.BENCH_TRY || '').split(';').filter(Boolean)) {
    const at = spec.indexOf(':');
    out.set(spec.slice(0, at), JSON.parse(spec.slice(at + 1)) as Partial<CutoutOptions>);
  }
  return out;
}

async function main(): Promise<void> {
  const tries = variants();
  const names = [...tries.keys()];
  for (const split of (process.env.SPLITS || 'tuning,heldout').split(',') as Split32[]) {
    const rows: Array<{ kind: string; iou: Record<string, number>; ms: Record<string, number> }> = [];
    for (const c of await buildComposites32(split)) {
      const iou: Record<string, number> = {};
      const ms: Record<string, number> = {};
      const passes: string[] = [];
      for (const [name, options] of tries) {
        const t0 = performance.now();
        const result = await removeBackground(c.jpeg, undefined, options);
        ms[name] = performance.now() - t0;
        iou[name] = maskIoU(result.alpha, c.alpha);
        const trace = lastCutoutTrace()!;
        passes.push(`${name}:${trace.firstPass.width}x${trace.firstPass.height}+${trace.secondPasses.length}`);
      }
      rows.push({ kind: c.kind, iou, ms });
      console.log(`  ${c.name.padEnd(30)} ${names.map((v) => `${v} ${iou[v].toFixed(3)} ${ms[v].toFixed(0)} ms`).join('  ')} [${passes.join(' ')}]`);
    }
    console.log(`${split}: mean IoU (worst subject) and mean time per background kind`);
    for (const kind of [...KINDS32, 'all']) {
      const rs = rows.filter((r) => kind === 'all' || r.kind === kind);
      if (!rs.length) continue;
      const cells = names.map(
        (v) =>
          `${v} ${mean(rs.map((r) => r.iou[v])).toFixed(3)} (${Math.min(...rs.map((r) => r.iou[v])).toFixed(3)}) ${mean(rs.map((r) => r.ms[v])).toFixed(0)} ms`,
      );
      console.log(`  ${kind.padEnd(13)} ${cells.join('   ')}`);
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('passBudgets failed:', err);
    process.exit(1);
  },
);
