/**
 * Object removal where the truth is known (issue 26, item 2). Each composite is a background photo with two copies of
 * one cut-out of exact alpha pasted on it, side by side: the right one is erased, the left one stays (the "car parked
 * beside another car" case). The clean plate is the background with the left copy only, so every pixel the erase
 * should produce is known.
 *
 * Sets, kept apart by source:
 * - tuning: cut-outs of Debian `tuxpaint-stamps-default` on the repository's test photos (astronaut, chelsea, coffee);
 * - held-out: cut-outs of Debian `gcompris-qt-data` on 12 photos of Debian `darknet` and `python3-skimage` (the eraser
 *   bench's held-out photos, photoSets.ts), never looked at while tuning the fill.
 * The cut-outs are bench/removebg/composites/manifest.json's (fetch-sources.sh extracts them into .data/).
 *
 * Hole-size classes (the erased copy's long side ÷ the photo's short side): small 0.2, medium 0.35, large 0.55, on
 * photos scaled to 512 px long (BENCH_LONG_SIDE). The mask is the erased copy's alpha (> 0) grown by 1 % of the short side.
 *
 * Fills: mean (each hole the mean colour of its ring), fast (the eraser's quality 'fast': Telea), before (the eraser's
 * default fill at main's commit, `BENCH_BEFORE_ROOT`, default /tmp/ee-before made with `git archive`), after (the eraser
 * task as shipped now). (G'MIC's inpaint_matchpatch was measured here too, at the commit before its removal: bench/README.)
 * Per composite: PSNR and SSIM inside the hole against the clean plate, the hole's gradient energy
 * ÷ the ring's (8 px around the hole; the clean plate's own ratio printed beside it), and "object still there": the
 * product's subject detector (IS-Net, detectSubjectMask, as the eraser's "detect subject" button) run on the filled
 * photo; the object counts as still there when the detector marks at least 25 % more of the hole than it marks on
 * the clean plate. The detector's rate on the unerased composite is printed as a check that it sees the objects.
 *
 *   node --import tsx bench/erase/objects.ts                 # both sets
 *   BENCH_SET=heldout BENCH_FILLS=mean,fast,after node --import tsx bench/erase/objects.ts
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { makeTestContext } from '../../server/src/models/inpaint/inpaint.testkit';
import { detectSubjectMask } from '../../server/src/models/subjectMask';
import { decodeMask } from '../../server/src/models/inpaint/raster';
import { eliminationProcessor } from '../../server/src/processors/elimination';
import { grown as grow, psnrOver, ringMeanFill } from '../../server/src/processors/eliminationGate.testkit';
import type { Processor } from '../../server/src/tasks/processor';
import { DEFAULT_SOURCES, readManifest, readSource } from '../removebg/composites/build';
import { heldOutPhotos, tuningPhotos } from './photoSets';

const LONG_SIDE = Number(process.env.BENCH_LONG_SIDE) || 512;
export const CLASSES = [
  { name: 'small', scale: 0.2 },
  { name: 'medium', scale: 0.35 },
  { name: 'large', scale: 0.55 },
] as const;
const HELD_OUT_BACKGROUNDS = ['dog', 'eagle', 'giraffe', 'horses', 'kite', 'person', 'scream', 'rocket', 'motorcycle_left', 'brick', 'grass', 'gravel'];
const STILL_THERE_EXCESS = 0.25;
const RING_PX = 8;
type Fill = 'mean' | 'fast' | 'before' | 'after';
const ALL_FILLS: Fill[] = ['mean', 'fast', 'before', 'after'];

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

export interface ObjectComposite {
  name: string;
  set: 'tuning' | 'heldout';
  cls: string;
  width: number;
  height: number;
  /** With both copies (PNG, what the user erases from). */
  photo: Buffer;
  /** With the left copy only: the truth. */
  plate: Rgb;
  /** 1 = hole (the right copy's alpha > 0, grown). */
  hole: Uint8Array;
  maskPng: Buffer;
}

/** Pastes `fg` (RGBA, fw×fh) at (left, top) into `rgb` (I = αF + (1−α)B); returns the placed alpha. */
function paste(rgb: Buffer, width: number, height: number, fg: Buffer, fw: number, fh: number, left: number, top: number): Uint8Array {
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < fh; y++) {
    for (let x = 0; x < fw; x++) {
      const px = left + x,
        py = top + y;
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      const f = (y * fw + x) * 4;
      const a = fg[f + 3];
      if (!a) continue;
      const p = py * width + px;
      alpha[p] = a;
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((fg[f + c] * a + rgb[p * 3 + c] * (255 - a)) / 255);
    }
  }
  return alpha;
}

/** The composites of one set: every cut-out of the set in every size class, backgrounds taken in turn. */
export async function buildObjectComposites(set: 'tuning' | 'heldout', longSide = LONG_SIDE): Promise<ObjectComposite[]> {
  const m = readManifest();
  const sources = process.env.REMOVEBG_SOURCES ?? DEFAULT_SOURCES;
  const cuts = m.cutouts.filter((c) => c.split === set);
  const photos = set === 'tuning' ? tuningPhotos() : heldOutPhotos().filter((p) => HELD_OUT_BACKGROUNDS.includes(p.name));
  const out: ObjectComposite[] = [];
  let k = 0;
  for (const cut of cuts) {
    const trimmed = await sharp(readSource(sources, cut)).ensureAlpha().trim({ threshold: 0 }).png().toBuffer();
    const meta = await sharp(trimmed).metadata();
    for (const cls of CLASSES) {
      const bgPhoto = photos[k++ % photos.length];
      const { data: bg, info } = await sharp(bgPhoto.file)
        .toColourspace('srgb')
        .removeAlpha()
        .resize(longSide, longSide, { fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const width = info.width,
        height = info.height;
      const s = (cls.scale * Math.min(width, height)) / Math.max(meta.width!, meta.height!);
      const fw = Math.max(1, Math.round(meta.width! * s)),
        fh = Math.max(1, Math.round(meta.height! * s));
      // Two copies side by side in the middle row, a small gap between; the left one a little smaller and mirrored.
      const gap = Math.round(0.04 * width);
      const total = 2 * fw + gap;
      const x0 = Math.max(0, Math.round((width - total) / 2));
      const top = Math.max(0, Math.min(height - fh, Math.round(height * 0.55 - fh / 2)));
      const fg = await sharp(trimmed).resize(fw, fh, { fit: 'fill' }).raw().toBuffer();
      const twinW = Math.round(fw * 0.9),
        twinH = Math.round(fh * 0.9);
      const twin = await sharp(trimmed).resize(twinW, twinH, { fit: 'fill' }).flop().raw().toBuffer();
      const plateRgb = Buffer.from(bg);
      paste(plateRgb, width, height, twin, twinW, twinH, x0 + fw - twinW, top + fh - twinH);
      const photoRgb = Buffer.from(plateRgb);
      const alpha = paste(photoRgb, width, height, fg, fw, fh, Math.min(width - fw, x0 + fw + gap), top);
      const hole = grow(alpha, width, height, Math.max(2, Math.round(0.01 * Math.min(width, height))));
      const maskRaw = Buffer.alloc(width * height);
      for (let i = 0; i < hole.length; i++) maskRaw[i] = hole[i] ? 255 : 0;
      out.push({
        name: `${cut.id}@${bgPhoto.name}`,
        set,
        cls: cls.name,
        width,
        height,
        photo: await sharp(photoRgb, { raw: { width, height, channels: 3 } })
          .png()
          .toBuffer(),
        plate: { data: plateRgb, width, height },
        hole,
        maskPng: await sharp(maskRaw, { raw: { width, height, channels: 1 } })
          .png()
          .toBuffer(),
      });
    }
  }
  return out;
}

async function rgbOf(png: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function ringOf(hole: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const g = grow(hole, w, h, r);
  for (let i = 0; i < g.length; i++) if (hole[i]) g[i] = 0;
  return g;
}

function meanFill(c: ObjectComposite, photo: Rgb): Rgb {
  return { data: ringMeanFill(photo.data, c.hole, c.width, c.height), width: c.width, height: c.height };
}

export function psnrIn(a: Rgb, b: Rgb, map: Uint8Array): number {
  return psnrOver(a.data, b.data, map);
}

const lum = (img: Rgb) => {
  const l = new Float32Array(img.width * img.height);
  for (let i = 0; i < l.length; i++) l[i] = 0.299 * img.data[i * 3] + 0.587 * img.data[i * 3 + 1] + 0.114 * img.data[i * 3 + 2];
  return l;
};

/** Mean SSIM (luminance, 7×7 windows) over the windows centred on hole pixels (every 2nd pixel). */
export function ssimIn(a: Rgb, b: Rgb, map: Uint8Array): number {
  const la = lum(a),
    lb = lum(b),
    w = a.width,
    h = a.height,
    r = 3;
  const C1 = (0.01 * 255) ** 2,
    C2 = (0.03 * 255) ** 2;
  let total = 0,
    n = 0;
  for (let y = r; y < h - r; y += 2) {
    for (let x = r; x < w - r; x += 2) {
      if (!map[y * w + x]) continue;
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0,
        m = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const i = (y + dy) * w + x + dx;
          const va = la[i],
            vb = lb[i];
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
          m++;
        }
      const ma = sa / m,
        mb = sb / m,
        va = saa / m - ma * ma,
        vb = sbb / m - mb * mb,
        cov = sab / m - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      n++;
    }
  }
  return n ? total / n : 1;
}

/** Mean gradient magnitude of the luminance over `map`. */
function gradEnergy(img: Rgb, map: Uint8Array): number {
  const l = lum(img),
    w = img.width,
    h = img.height;
  let s = 0,
    n = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!map[i]) continue;
      s += Math.hypot(l[i + 1] - l[i - 1], l[i + w] - l[i - w]) / 2;
      n++;
    }
  return n ? s / n : 0;
}

/** Share of hole pixels the subject detector marks on `png`. */
async function detectedShare(png: Buffer, hole: Uint8Array): Promise<number> {
  const found = await detectSubjectMask(png);
  if (!found.png) return 0;
  const m = await decodeMask(found.png);
  let inHole = 0,
    n = 0;
  for (let i = 0; i < hole.length; i++)
    if (hole[i]) {
      n++;
      if (m.data[i]) inHole++;
    }
  return n ? inHole / n : 0;
}

async function runEraser(processor: Processor, c: ObjectComposite, quality?: 'fast'): Promise<{ png: Buffer; fill: string; ms: number }> {
  const t = await makeTestContext(c.photo);
  try {
    t.ctx.params.maskUrl = await t.upload('mask.png', c.maskPng);
    if (quality) t.ctx.params.quality = quality;
    const t0 = performance.now();
    const out = await processor(t.ctx);
    return { png: out.body, fill: out.resultQuery?.fill ?? '-', ms: performance.now() - t0 };
  } finally {
    await t.cleanup();
  }
}

interface Row {
  name: string;
  set: string;
  cls: string;
  fill: Fill;
  psnr: number;
  ssim: number;
  grad: number;
  still: boolean;
  ms: number;
}

async function main() {
  const set = process.env.BENCH_SET ?? 'all';
  const fills = (process.env.BENCH_FILLS?.split(',') as Fill[] | undefined) ?? ALL_FILLS;
  const beforeRoot = process.env.BENCH_BEFORE_ROOT ?? '/tmp/ee-before';
  let before: Processor | null = null;
  if (fills.includes('before')) {
    // server/src/processors/ since stop 39, server/src/tasks/processors/ before.
    const file =
      ['server/src/processors/elimination.ts', 'server/src/tasks/processors/elimination.ts'].map((f) => path.join(beforeRoot, f)).find((f) => existsSync(f)) ??
      path.join(beforeRoot, 'server/src/processors/elimination.ts');
    if (!existsSync(file)) throw new Error(`${file} is missing: git archive <main commit> server/src engine package.json | tar -x -C ${beforeRoot}`);
    before = ((await import(file)) as { eliminationProcessor: Processor }).eliminationProcessor;
  }
  const sets = (set === 'all' ? ['tuning', 'heldout'] : [set]) as Array<'tuning' | 'heldout'>;
  const only = process.env.BENCH_ONLY?.split(',');
  const rows: Row[] = [];
  const seen: Record<string, { n: number; found: number }> = {};
  for (const s of sets) {
    for (const c of await buildObjectComposites(s)) {
      if (only && !only.some((o) => c.name.includes(o))) continue;
      const photoRgb = await rgbOf(c.photo);
      const ring = ringOf(c.hole, c.width, c.height, RING_PX);
      // BENCH_DETECT=0: quality figures only (no detector runs: a quick comparison of fills).
      const detect = process.env.BENCH_DETECT !== '0';
      const plateShare = detect
        ? await detectedShare(
            await sharp(c.plate.data, { raw: { width: c.width, height: c.height, channels: 3 } })
              .png()
              .toBuffer(),
            c.hole,
          )
        : 0;
      const origShare = detect ? await detectedShare(c.photo, c.hole) : 1;
      const key = `${s}`;
      seen[key] ??= { n: 0, found: 0 };
      seen[key].n++;
      if (origShare - plateShare >= STILL_THERE_EXCESS) seen[key].found++;
      const plateRatio = gradEnergy(c.plate, c.hole) / Math.max(1e-6, gradEnergy(c.plate, ring));
      const parts: string[] = [];
      for (const fill of fills) {
        if (process.env.BENCH_VERBOSE) console.error(`${c.name} ${c.cls}: ${fill}…`);
        let png: Buffer;
        let ms = 0;
        let made = '';
        if (fill === 'mean')
          png = await sharp(meanFill(c, photoRgb).data, { raw: { width: c.width, height: c.height, channels: 3 } })
            .png()
            .toBuffer();
        else {
          const r = await runEraser(fill === 'before' ? before! : eliminationProcessor, c, fill === 'fast' ? 'fast' : undefined);
          png = r.png;
          ms = r.ms;
          made = r.fill;
        }
        const res = await rgbOf(png);
        // The detector is run on the fills the targets are about (and on before, to compare); mean and fast are measured only.
        const still = !detect || fill === 'mean' || fill === 'fast' ? false : (await detectedShare(png, c.hole)) - plateShare >= STILL_THERE_EXCESS;
        const row: Row = {
          name: c.name,
          set: s,
          cls: c.cls,
          fill,
          psnr: psnrIn(c.plate, res, c.hole),
          ssim: ssimIn(c.plate, res, c.hole),
          grad: gradEnergy(res, c.hole) / Math.max(1e-6, gradEnergy(res, ring)),
          still,
          ms,
        };
        rows.push(row);
        parts.push(
          `${fill}${made && made !== '-' ? `(${made})` : ''} ${row.psnr.toFixed(2)} dB ssim ${row.ssim.toFixed(3)} grad ${row.grad.toFixed(2)}${still ? ' STILL' : ''}${ms ? ` ${Math.round(ms)} ms` : ''}`,
        );
      }
      console.log(`${s} ${c.cls.padEnd(6)} ${c.name.padEnd(40)} plate grad ${plateRatio.toFixed(2)} | ${parts.join(' | ')}`);
    }
  }
  console.log(
    '\nDetector check: the unerased object is found in',
    Object.entries(seen)
      .map(([k, v]) => `${k} ${v.found}/${v.n}`)
      .join(', '),
  );
  const summary: Record<string, unknown> = {};
  for (const s of sets) {
    console.log(`\n== ${s} ==`);
    for (const cls of CLASSES.map((c) => c.name)) {
      const line: string[] = [];
      for (const fill of fills) {
        const r = rows.filter((x) => x.set === s && x.cls === cls && x.fill === fill);
        if (!r.length) continue;
        const mean = (f: (x: Row) => number) => r.reduce((a, x) => a + f(x), 0) / r.length;
        const worst = Math.min(...r.map((x) => x.psnr));
        const stillN = r.filter((x) => x.still).length;
        const gone = fill === 'mean' || fill === 'fast' ? '' : ` object gone ${r.length - stillN}/${r.length}`;
        line.push(
          `${fill}: ${mean((x) => x.psnr).toFixed(2)} dB (worst ${worst.toFixed(2)}) ssim ${mean((x) => x.ssim).toFixed(3)} (worst ${Math.min(...r.map((x) => x.ssim)).toFixed(3)}) grad ${mean((x) => x.grad).toFixed(2)}${gone}`,
        );
        summary[`${s}.${cls}.${fill}`] = {
          psnr: mean((x) => x.psnr),
          worst,
          ssim: mean((x) => x.ssim),
          grad: mean((x) => x.grad),
          gone: (r.length - stillN) / r.length,
          n: r.length,
        };
      }
      console.log(`${cls.padEnd(6)} ${line.join(' | ')}`);
    }
    const after = rows.filter((x) => x.set === s && x.fill === 'after');
    if (after.length) {
      const gone = after.filter((x) => !x.still).length / after.length;
      for (const metric of ['psnr', 'ssim'] as const) {
        const beats = CLASSES.map((cl) => {
          const m = (f: Fill) => {
            const r = rows.filter((x) => x.set === s && x.cls === cl.name && x.fill === f);
            return r.length ? r.reduce((a, x) => a + x[metric], 0) / r.length : -Infinity;
          };
          return m('after') > m('mean') && m('after') > m('fast');
        });
        console.log(
          `target (${metric}): after beats mean and fast on every class: ${beats.every(Boolean) ? 'yes' : `NO (${beats.map((b, i) => `${CLASSES[i].name} ${b ? 'yes' : 'no'}`).join(', ')})`}`,
        );
      }
      console.log(`target: object gone after the erase in ${(gone * 100).toFixed(1)} % (≥ 90 %)${gone >= 0.9 ? '' : ' TARGET MISSED'}`);
    }
  }
  console.log(`BENCH_JSON ${JSON.stringify(summary)}`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
