/**
 * Cut-out accuracy on composites with exactly known alpha (issue 15, item 3), before and after,
 * in one run: "before" is the pipeline as it was on main (bench/removebg/baseline.ts: one 1024²
 * pass), "after" is server/src/models/removeBackground.ts. Composites are built at run time from
 * bench/removebg/composites/manifest.json (sources: run composites/fetch-sources.sh once).
 *
 * Prints per composite and per split (tuning: tuxpaint-stamps-default cut-outs; held-out:
 * gcompris-qt-data cut-outs) × background kind (flat, gradient, busy): mean and minimum IoU
 * (alphas thresholded at 128), mean edge-band alpha error (0..1, see metrics.ts) and mean time.
 * Ends with `BENCH_JSON {...}`.
 *
 *   npm run bench:removebg-quality
 *   BENCH_SPLIT=tuning BENCH_VARIANTS=before,after npm run bench:removebg-quality
 *   BENCH_ONLY=tp-tree336@flat,tp-squirrel@busy npm run bench:removebg-quality   (named composites only)
 *   BENCH_GROUPS=busy,busy-small npm run bench:removebg-quality   (groups: flat, gradient, busy, flat-small, busy-small)
 *   BENCH_TRY='p2:{"secondPass":true}' BENCH_SPLIT=tuning npm run bench:removebg-quality   (second pass on)
 *
 * Targets: held-out and tuning mean IoU ≥ 0.90 on busy backgrounds; flat no worse than before.
 */
import { BACKGROUND_KINDS, buildComposites, groupOf, type Composite } from './composites/build';
import { edgeBandError, maskIoU } from './metrics';

type Run = (jpeg: Buffer) => Promise<{ alpha: Uint8Array; width: number; height: number }>;

interface Row {
  composite: Composite;
  variant: string;
  iou: number;
  edge: number;
  ms: number;
  note: string;
}

const fmt = (v: number, d = 3) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

async function main(): Promise<void> {
  const split = (process.env.BENCH_SPLIT || 'all') as 'all' | 'tuning' | 'heldout';
  if (!['all', 'tuning', 'heldout'].includes(split)) throw new Error(`BENCH_SPLIT must be all, tuning or heldout`);
  const { removeBackgroundBefore } = await import('./baseline');
  const { removeBackground, lastCutoutTrace } = await import('../../server/src/models/removeBackground');
  const variants = new Map<string, Run>([
    ['before', (j) => removeBackgroundBefore(j)],
    ['after', (j) => removeBackground(j)],
  ]);
  for (const spec of (process.env.BENCH_TRY || '').split(';').filter(Boolean)) {
    const at = spec.indexOf(':');
    const options = JSON.parse(spec.slice(at + 1)) as Record<string, unknown>;
    variants.set(spec.slice(0, at), (j) => removeBackground(j, undefined, options));
  }
  const chosen = (process.env.BENCH_VARIANTS || [...variants.keys()].join(',')).split(',');
  for (const v of chosen) if (!variants.has(v)) throw new Error(`unknown variant ${v}`);

  const t0 = performance.now();
  const only = process.env.BENCH_ONLY?.split(',');
  const groups = process.env.BENCH_GROUPS?.split(',');
  const composites = (await buildComposites({ split: split === 'all' ? undefined : split })).filter(
    (c) => (!only || only.includes(c.name)) && (!groups || groups.includes(groupOf(c))),
  );
  console.log(`Cut-out quality on ${composites.length} composites (${split}), built in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  console.log(`  variants: ${chosen.join(', ')}; the machine may be shared: compare timings only within this run`);
  // Warm the model up once, so the first composite's time is not the model load.
  await variants.get(chosen[0])!(composites[0].jpeg);

  const rows: Row[] = [];
  for (const c of composites) {
    const line: string[] = [];
    for (const v of chosen) {
      const start = performance.now();
      const out = await variants.get(v)!(c.jpeg);
      const ms = performance.now() - start;
      if (out.width !== c.width || out.height !== c.height) throw new Error(`${c.name}: ${v} returned ${out.width}×${out.height}`);
      const trace = v === 'before' ? null : lastCutoutTrace();
      const note = trace
        ? `${trace.firstPass.width}x${trace.firstPass.height}${trace.secondPasses.map((p) => `+${p.size.width}x${p.size.height}`).join('')}`
        : '1024x1024';
      const row = { composite: c, variant: v, iou: maskIoU(out.alpha, c.alpha), edge: edgeBandError(out.alpha, c.alpha, c.width, c.height), ms, note };
      rows.push(row);
      line.push(`${v} IoU ${fmt(row.iou)} edge ${fmt(row.edge)} ${fmt(ms, 0)} ms [${note}]`);
    }
    console.log(`  ${c.name.padEnd(40)} ${`${c.width}x${c.height}`.padEnd(10)} s=${c.subjectScale} ${(100 * c.share).toFixed(1)}%  ${line.join(' | ')}`);
  }

  const summary: Record<string, unknown> = {};
  console.log('\nSummary: mean IoU / min IoU / mean edge-band error / mean ms');
  for (const s of split === 'all' ? (['tuning', 'heldout'] as const) : [split]) {
    for (const kind of [...BACKGROUND_KINDS, 'flat-small', 'busy-small', 'all']) {
      const parts = chosen.map((v) => {
        const rs = rows.filter((r) => r.variant === v && r.composite.split === s && (kind === 'all' || groupOf(r.composite) === kind));
        const stats = {
          n: rs.length,
          mean_iou: +fmt(mean(rs.map((r) => r.iou)), 4),
          min_iou: +fmt(Math.min(...rs.map((r) => r.iou)), 4),
          edge_error: +fmt(mean(rs.map((r) => r.edge)), 4),
          mean_ms: Math.round(mean(rs.map((r) => r.ms))),
        };
        summary[`${s}.${kind}.${v}`] = stats;
        return `${v}: ${fmt(stats.mean_iou)} / ${fmt(stats.min_iou)} / ${fmt(stats.edge_error)} / ${stats.mean_ms}`;
      });
      const n = rows.filter((r) => r.variant === chosen[0] && r.composite.split === s && (kind === 'all' || groupOf(r.composite) === kind)).length;
      if (n === 0) continue;
      console.log(`  ${s.padEnd(8)} ${kind.padEnd(10)} n=${String(n).padEnd(3)} ${parts.join('   ')}`);
    }
  }
  if (chosen.includes('after')) {
    console.log('\nTargets');
    for (const s of split === 'all' ? (['tuning', 'heldout'] as const) : [split]) {
      const busy = summary[`${s}.busy.after`] as { mean_iou: number; n: number };
      if (!busy.n) continue;
      console.log(`  ${busy.mean_iou >= 0.9 ? 'ok    ' : 'TARGET MISSED:'} ${s} busy mean IoU ${fmt(busy.mean_iou)} (target ≥ 0.90)`);
      if (chosen.includes('before')) {
        const a = summary[`${s}.flat.after`] as { mean_iou: number; n: number };
        const b = summary[`${s}.flat.before`] as { mean_iou: number };
        if (a.n)
          console.log(
            `  ${a.mean_iou >= b.mean_iou - 0.002 ? 'ok    ' : 'TARGET MISSED:'} ${s} flat mean IoU ${fmt(a.mean_iou)} vs before ${fmt(b.mean_iou)} (no regression)`,
          );
      }
    }
  }
  console.log(`\nBENCH_JSON ${JSON.stringify(summary)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench:removebg-quality failed:', err);
    process.exit(1);
  },
);
