/**
 * Image-extender benchmark: extendImage() of server/src/processors/aiextend.ts on real photos scaled to about
 * BENCH_PIXELS (default 0.5 MP), each extended to 16:9 and to 1:1 (photo centred; a ratio the photo already has is
 * skipped). Photos: the sets of extendPhotos.ts (BENCH_SET=tuning|seen|heldout|all, default all): tuning, seen (the
 * darknet photos, once held out) and held-out (python3-skimage photos with their own ratios).
 *
 * Measures, per extension: the band step, worst row step, texture and foreign colour of extendMeasures.ts (each against
 * the photo's own statistics next to the same side), and the first (flattering) seam measure, kept for comparison:
 * 1 px seam ratio: the gradient energy (mean squared step, RGB averaged) across the photo's border
 * (each pair: the photo's edge pixel and the new pixel beside it), divided by the mean of the same energy one pixel
 * inside the photo and one pixel outside it. 1 means the border cannot be told from its neighbourhood; a hard seam
 * or a colour step gives a ratio well above 1.
 *
 * Prints per extension the frame, ms, seam ratio and raw energies; then the mean and worst ratio, peak RSS and a last
 * line `BENCH_JSON {...}`. BENCH_SHOTS=1 also writes small JPEG screenshots of the first five extensions to
 * bench/tools/screenshots/ (for the closing note); BENCH_SHOTS=all of every extension, BENCH_SHOTS_DIR=dir as PNG there.
 * BENCH_ONLY=chelsea,dog picks photos; BENCH_RATIOS=16:9,1:1,9:16 the ratios (default 16:9,1:1).
 *
 * BENCH_CASES=issue26 instead runs issue 26's three cases on every photo of the set: the photo cropped (centre) to 4:3
 * and extended to 16:9, cropped to 1:1 and extended to 9:16, and extended 2× all round (a custom frame of twice the
 * width and height, the photo centred), and prints the issue's targets per case: texture ≥ 0.6 on the weakest side,
 * band step ≤ 1 (the step across the join within the photo's own).
 *
 *   node --import tsx bench/tools/extend.ts
 *   BENCH_CASES=issue26 BENCH_SET=heldout node --import tsx bench/tools/extend.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { EXTEND_FILL_MAX_PIXELS, extendImage } from '../../server/src/processors/aiextend';
import type { ExtendLayout, ExtendRatio } from '../../server/src/processors/aiextendLayout';
import { megapixelPhoto } from '../shared/photos';
import { extendMeasures } from './extendMeasures';
import { extendPhotos } from './extendPhotos';

const here = path.dirname(fileURLToPath(import.meta.url));
const PIXELS = Number(process.env.BENCH_PIXELS) || 500_000;
// BENCH_SHOTS=1: screenshots of the first five extensions; BENCH_SHOTS=all: of every extension.
const shots = process.env.BENCH_SHOTS === '1' || process.env.BENCH_SHOTS === 'all';
const shotLimit = process.env.BENCH_SHOTS === 'all' ? Infinity : 5;
const RATIOS = (process.env.BENCH_RATIOS ?? '16:9,1:1').split(',') as Array<Exclude<ExtendRatio, 'custom'>>;
// BENCH_SHOTS_DIR: write them there as PNG instead (for viewing; the committed ones are small JPEGs).
const shotDir = process.env.BENCH_SHOTS_DIR ?? path.join(here, 'screenshots');
const shotExt = process.env.BENCH_SHOTS_DIR ? 'png' : 'jpg';
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;

/** Gradient energies across the photo's border, one pixel inside and one outside, and their ratio. */
export function seamEnergy(rgb: Buffer, width: number, height: number, l: ExtendLayout, pw: number, ph: number) {
  const at = (x: number, y: number, k: number) => rgb[(y * width + x) * 3 + k];
  const e = (x0: number, y0: number, x1: number, y1: number) => {
    let s = 0;
    for (let k = 0; k < 3; k++) s += (at(x0, y0, k) - at(x1, y1, k)) ** 2;
    return s / 3;
  };
  const sums = { across: 0, inside: 0, outside: 0, n: 0 };
  const add = (a: [number, number], b: [number, number], dx: number, dy: number) => {
    // a: the photo's edge pixel, b: the new pixel beside it; (dx, dy) points outwards.
    sums.across += e(a[0], a[1], b[0], b[1]);
    sums.inside += e(a[0] - dx, a[1] - dy, a[0], a[1]);
    sums.outside += e(b[0], b[1], b[0] + dx, b[1] + dy);
    sums.n++;
  };
  const x0 = l.left;
  const y0 = l.top;
  const x1 = l.left + pw - 1;
  const y1 = l.top + ph - 1;
  for (let y = y0; y <= y1; y++) {
    if (x0 >= 2) add([x0, y], [x0 - 1, y], -1, 0);
    if (x1 <= width - 3) add([x1, y], [x1 + 1, y], 1, 0);
  }
  for (let x = x0; x <= x1; x++) {
    if (y0 >= 2) add([x, y0], [x, y0 - 1], 0, -1);
    if (y1 <= height - 3) add([x, y1], [x, y1 + 1], 0, 1);
  }
  const n = Math.max(1, sums.n);
  const across = sums.across / n;
  const neighbours = (sums.inside + sums.outside) / (2 * n);
  return { across, inside: sums.inside / n, outside: sums.outside / n, ratio: across / Math.max(1e-6, neighbours) };
}

const photos = extendPhotos(process.env.BENCH_SET ?? 'all').filter((p) => !only || only.includes(p.name));
const rows: Array<{
  set: string;
  photo: string;
  ratio: string;
  frame: string;
  ms: number;
  seamRatio: number;
  across: number;
  inside: number;
  outside: number;
  bandStep: number;
  worstRowStep: number;
  texture: number;
  textureWorst: number;
  foreignColour: number;
}> = [];
let shotCount = 0;
if (shots) mkdirSync(shotDir, { recursive: true });
const issue26 = process.env.BENCH_CASES === 'issue26';
type Case = { label: string; crop: [number, number] | null; params: Parameters<typeof extendImage>[1] };
/** The cases of one photo: the default ratios, or issue 26's three. */
function casesFor(photo: (typeof photos)[number], width: number, height: number): Case[] {
  if (!issue26) return (photo.ratios ?? RATIOS).map((ratio) => ({ label: ratio, crop: null, params: { ratio, position: { x: 0.5, y: 0.5 } } }));
  return [
    { label: '4:3→16:9', crop: [4, 3], params: { ratio: '16:9', position: { x: 0.5, y: 0.5 } } },
    { label: '1:1→9:16', crop: [1, 1], params: { ratio: '9:16', position: { x: 0.5, y: 0.5 } } },
    { label: '2× all round', crop: null, params: { ratio: 'custom', width: 2 * width, height: 2 * height, position: { x: 0.5, y: 0.5 } } },
  ];
}
/** The centre of a photo cropped to a:b. */
async function cropTo(buf: Buffer, width: number, height: number, [a, b]: [number, number]) {
  const w = Math.min(width, Math.round((height * a) / b));
  const h = Math.min(height, Math.round((w * b) / a));
  const out = await sharp(buf)
    .extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { buf: out, width: w, height: h };
}
for (const photo of photos) {
  const full = await megapixelPhoto(photo.file, 'jpeg', PIXELS);
  for (const c of casesFor(photo, full.width, full.height)) {
    const { buf, width, height } = c.crop ? await cropTo(full.buf, full.width, full.height, c.crop) : full;
    const ratio = c.label;
    let result;
    const start = performance.now();
    try {
      result = await extendImage(buf, c.params);
    } catch {
      continue; // the photo already has this ratio
    }
    const ms = Math.round(performance.now() - start);
    const { data, info } = await sharp(result.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const s = seamEnergy(data, info.width, info.height, result.layout, width, height);
    const m = extendMeasures(data, info.width, info.height, result.layout, width, height);
    rows.push({
      set: photo.set,
      photo: photo.name,
      ratio,
      frame: `${info.width}×${info.height}`,
      ms,
      seamRatio: s.ratio,
      across: s.across,
      inside: s.inside,
      outside: s.outside,
      bandStep: m.bandStep,
      worstRowStep: m.worstRowStep,
      texture: m.texture,
      textureWorst: m.textureWorst,
      foreignColour: m.foreignColour,
    });
    console.log(
      `${photo.set} ${photo.name} ${width}×${height} → ${ratio} ${info.width}×${info.height}: ${ms} ms; 1 px seam ratio ${s.ratio.toFixed(2)} ` +
        `(across ${s.across.toFixed(1)}, inside ${s.inside.toFixed(1)}, outside ${s.outside.toFixed(1)}); band step ${m.bandStep.toFixed(2)}, ` +
        `worst row step ${m.worstRowStep.toFixed(2)}, texture ${m.texture.toFixed(2)} (worst side ${m.textureWorst.toFixed(2)}), foreign colour ${(100 * m.foreignColour).toFixed(1)} %`,
    );
    if (shots && shotCount < shotLimit) {
      shotCount++;
      await sharp(result.png)
        .resize({ width: 480, height: 480, fit: 'inside' })
        .toFormat(shotExt === 'png' ? 'png' : 'jpeg', { quality: 70 })
        .toFile(path.join(shotDir, `${photo.name}-${ratio.replace(/[^0-9a-z]+/gi, '_')}.${shotExt}`));
    }
  }
}

const summary: Record<string, unknown> = {};
for (const set of ['tuning', 'seen', 'heldout']) {
  const sel = rows.filter((r) => r.set === set);
  if (!sel.length) continue;
  const mean = sel.reduce((a, r) => a + r.seamRatio, 0) / sel.length;
  const worst = Math.max(...sel.map((r) => r.seamRatio));
  const ms = sel.reduce((a, r) => a + r.ms, 0) / sel.length;
  const avg = (key: 'bandStep' | 'worstRowStep' | 'texture' | 'foreignColour') => sel.reduce((a, r) => a + r[key], 0) / sel.length;
  const max = (key: 'bandStep' | 'worstRowStep' | 'foreignColour') => Math.max(...sel.map((r) => r[key]));
  const texLow = Math.min(...sel.map((r) => r.textureWorst));
  const r3 = (v: number) => Number(v.toFixed(3));
  summary[set] = {
    extensions: sel.length,
    meanSeamRatio: r3(mean),
    worstSeamRatio: r3(worst),
    meanMs: Math.round(ms),
    meanBandStep: r3(avg('bandStep')),
    worstBandStep: r3(max('bandStep')),
    meanWorstRowStep: r3(avg('worstRowStep')),
    worstRowStep: r3(max('worstRowStep')),
    meanTexture: r3(avg('texture')),
    lowestSideTexture: r3(texLow),
    meanForeignColour: r3(avg('foreignColour')),
    worstForeignColour: r3(max('foreignColour')),
  };
  console.log(
    `${set}: ${sel.length} extensions, 1 px seam ratio mean ${mean.toFixed(2)}, worst ${worst.toFixed(2)}; band step mean ${avg('bandStep').toFixed(2)}, worst ${max('bandStep').toFixed(2)}; ` +
      `worst row step mean ${avg('worstRowStep').toFixed(2)}, worst ${max('worstRowStep').toFixed(2)}; texture mean ${avg('texture').toFixed(2)}, lowest side ${texLow.toFixed(2)}; ` +
      `foreign colour mean ${(100 * avg('foreignColour')).toFixed(1)} %, worst ${(100 * max('foreignColour')).toFixed(1)} %; mean ${Math.round(ms)} ms`,
  );
}
if (issue26) {
  for (const label of ['4:3→16:9', '1:1→9:16', '2× all round']) {
    for (const set of ['tuning', 'seen', 'heldout']) {
      const sel = rows.filter((r) => r.set === set && r.ratio === label);
      if (!sel.length) continue;
      const texOk = sel.filter((r) => r.textureWorst >= 0.6).length;
      const seamOk = sel.filter((r) => r.bandStep <= 1).length;
      console.log(
        `${set} ${label}: texture ≥ 0.6 on the weakest side ${texOk}/${sel.length} (lowest ${Math.min(...sel.map((r) => r.textureWorst)).toFixed(2)}, mean ${(sel.reduce((a, r) => a + r.texture, 0) / sel.length).toFixed(2)}); ` +
          `band step ≤ 1 ${seamOk}/${sel.length} (worst ${Math.max(...sel.map((r) => r.bandStep)).toFixed(2)})`,
      );
    }
  }
}
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(`peak RSS ${peakRssMb} MB`);
console.log(`BENCH_JSON ${JSON.stringify({ tool: 'aiextend', pixels: PIXELS, fillMaxPixels: EXTEND_FILL_MAX_PIXELS, peakRssMb, summary, rows })}`);
