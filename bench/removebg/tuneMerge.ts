/**
 * Tunes how the second passes of a cut-out are chosen and merged (issue 15), cheaply: IS-Net runs
 * once per composite (first pass, and every second pass any variant could want, cached under
 * bench/out/removebg-passes/), then each variant's alpha is only arithmetic on those masks
 * (combinePasses in removeBackground.ts, the server's own code). Prints mean / min IoU and the
 * edge-band error per group × variant, and how many second passes each variant ran.
 *
 *   BENCH_SPLIT=tuning node --import tsx bench/removebg/tuneMerge.ts
 *   BENCH_SPLIT=heldout BENCH_CACHE_ONLY=1 node --import tsx bench/removebg/tuneMerge.ts   (run the passes, print no scores)
 *   BENCH_SPLIT=tuning BENCH_MERGE='u:{"mergeMode":"unsure","minUnsureShare":0.1}' node --import tsx bench/removebg/tuneMerge.ts
 *
 * Tune on the tuning split only; the held-out split is for bench/removebg/quality.ts at the end.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CUTOUT_OPTIONS, firstPassPixels, passSize, type CutoutOptions, type SecondPassPlan, type Size } from '../../server/src/models/cutoutPasses';
import { backgroundBusyness } from '../../server/src/models/cutoutMerge';
import {
  combinePasses,
  cropUnsureShare,
  decodeUpright,
  isnetPass,
  planCutoutPasses,
  resizeMask,
  secondPassWanted,
} from '../../server/src/models/removeBackground';
import { buildComposites, groupOf, type Composite } from './composites/build';
import { edgeBandError, maskIoU } from './metrics';

interface Passes {
  first: Size;
  firstMask: Uint8Array;
  /** Every second pass the widest variant would run (gating off, up to 4 groups). */
  plans: SecondPassPlan[];
  cropMasks: Uint8Array[];
  rgba: Buffer;
}

const cacheDir = path.resolve('bench/out/removebg-passes');

/** IS-Net passes of one composite, from the cache when this first-pass size was run before. */
async function passesOf(c: Composite, o: CutoutOptions): Promise<Passes> {
  const { rgba, photo } = await decodeUpright(c.jpeg);
  const first = passSize(photo.width, photo.height, firstPassPixels(photo, o));
  const key = path.join(cacheDir, `${c.name}-${first.width}x${first.height}-g${o.groupGap}-s${o.maxCropShare}`);
  if (existsSync(`${key}.json`)) {
    const meta = JSON.parse(readFileSync(`${key}.json`, 'utf8')) as { plans: SecondPassPlan[] };
    const firstMask = new Uint8Array(readFileSync(`${key}.first`));
    const cropMasks = meta.plans.map((_, k) => new Uint8Array(readFileSync(`${key}.${k}`)));
    return { first, firstMask, plans: meta.plans, cropMasks, rgba };
  }
  const firstMask = await isnetPass(rgba, photo, null, first);
  const plans = await planCutoutPasses(rgba, firstMask, first, photo, { ...o, minUnsureShare: 0, maxSecondPasses: 4 });
  const cropMasks: Uint8Array[] = [];
  for (const p of plans) cropMasks.push(await isnetPass(rgba, photo, p.crop, p.size));
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${key}.first`, firstMask);
  cropMasks.forEach((m, k) => writeFileSync(`${key}.${k}`, m));
  writeFileSync(`${key}.json`, JSON.stringify({ plans }));
  return { first, firstMask, plans, cropMasks, rgba };
}

const VARIANTS: Record<string, Partial<CutoutOptions>> = {
  first: { secondPass: false },
  replace: { mergeMode: 'replace' },
  max: { mergeMode: 'max' },
  'u-e2': { mergeMode: 'unsure', edgeBand: 2 },
  'u-e3': { mergeMode: 'unsure', edgeBand: 3 },
  'u-e3-w05': { mergeMode: 'unsure', edgeBand: 3, secondPassWeight: 0.5 },
  'r-b4': { mergeMode: 'replace', minUnsureShare: 2, minBackgroundBusyness: 4 },
  'r-b8': { mergeMode: 'replace', minUnsureShare: 2, minBackgroundBusyness: 8 },
  'u2-b4': { mergeMode: 'unsure', edgeBand: 2, minUnsureShare: 2, minBackgroundBusyness: 4 },
  'u3-b4': { mergeMode: 'unsure', edgeBand: 3, minUnsureShare: 2, minBackgroundBusyness: 4 },
  'r-b4-s45': { mergeMode: 'replace', minUnsureShare: 0.45, minBackgroundBusyness: 4 },
};

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

async function main(): Promise<void> {
  const split = (process.env.BENCH_SPLIT || 'tuning') as 'tuning' | 'heldout';
  const variants: Record<string, Partial<CutoutOptions>> = { ...VARIANTS };
  for (const spec of (process.env.BENCH_MERGE || '').split(';').filter(Boolean)) {
    const at = spec.indexOf(':');
    variants[spec.slice(0, at)] = JSON.parse(spec.slice(at + 1)) as Partial<CutoutOptions>;
  }
  const only = process.env.BENCH_VARIANTS?.split(',');
  const names = Object.keys(variants).filter((v) => !only || only.includes(v));
  const composites = await buildComposites({ split });
  const rows: Array<{ group: string; variant: string; iou: number; edge: number; passes: number }> = [];
  for (const c of composites) {
    const base = DEFAULT_CUTOUT_OPTIONS;
    const p = await passesOf(c, base);
    if (process.env.BENCH_CACHE_ONLY === '1') continue; // fill the cache without looking at the scores
    const photo = { width: c.width, height: c.height };
    const firstAlpha = await resizeMask(p.firstMask, p.first, photo);
    const line: string[] = [];
    for (const v of names) {
      const o: CutoutOptions = { ...base, ...variants[v] };
      const gated = o.minUnsureShare > 0 && o.minBackgroundBusyness > 0;
      const keep = o.secondPass
        ? p.plans
            .map((plan, k) => ({ plan, k }))
            .filter(({ plan }) => !gated || secondPassWanted(p.rgba, firstAlpha, p.firstMask, p.first, photo, plan.crop, o))
            .slice(0, o.maxSecondPasses)
        : [];
      const alpha = await combinePasses(
        p.firstMask,
        p.first,
        photo,
        keep.map((x) => x.plan),
        keep.map((x) => p.cropMasks[x.k]),
        o,
      );
      const row = { group: groupOf(c), variant: v, iou: maskIoU(alpha, c.alpha), edge: edgeBandError(alpha, c.alpha, c.width, c.height), passes: keep.length };
      rows.push(row);
      line.push(`${v} ${row.iou.toFixed(3)}${row.passes ? `+${row.passes}` : ''}`);
    }
    const shares = p.plans
      .map(
        (plan) =>
          `${cropUnsureShare(p.firstMask, p.first, photo, plan.crop, base).toFixed(2)}/${backgroundBusyness(p.rgba, firstAlpha, photo, plan.crop, base.unsureLo).toFixed(1)}`,
      )
      .join(',');
    console.log(`  ${c.name.padEnd(36)} ${(100 * c.share).toFixed(1).padStart(5)}% unsure/busy[${shares}]  ${line.join(' ')}`);
  }
  console.log('\ngroup       variant     n   mean IoU  min IoU  edge err  passes');
  for (const group of [...new Set(rows.map((r) => r.group)), 'all']) {
    for (const v of names) {
      const rs = rows.filter((r) => r.variant === v && (group === 'all' || r.group === group));
      console.log(
        `${group.padEnd(11)} ${v.padEnd(11)} ${String(rs.length).padEnd(3)} ${mean(rs.map((r) => r.iou))
          .toFixed(4)
          .padEnd(9)} ${Math.min(...rs.map((r) => r.iou))
          .toFixed(3)
          .padEnd(8)} ${mean(rs.map((r) => r.edge))
          .toFixed(4)
          .padEnd(9)} ${rs.reduce((a, r) => a + r.passes, 0)}`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('tuneMerge failed:', err);
    process.exit(1);
  },
);
