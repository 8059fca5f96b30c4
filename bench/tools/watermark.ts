/**
 * Watermark and scratch removal benchmark, on the test photos (tests/assets/photos/*.jpg) resized to about 1 MP:
 *
 * - watermark: a semi-transparent bold caption and a small dark URL drawn with SVG text; detectTextMask() time
 *   (PP-OCRv4 det + unclip), share of inked pixels inside the mask, Telea ('fast') and G'MIC ('best') fill times,
 *   PSNR against the clean photo before and after;
 * - scratches: four synthetic scratches (typicalScratches); detectScratchMask() time, recall and false-positive
 *   rate, Telea fill time and PSNR with the suggested mask and with the exact mask (a user's careful brush).
 *
 * Times are medians of BENCH_RUNS (default 1) after one warm-up (model and wasm loading excluded; printed apart).
 * BENCH_GMIC=0 skips G'MIC (5–10 s per photo). Last line: `BENCH_JSON {...}`.
 *
 *   node --import tsx bench/tools/watermark.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { inpaintGmic, inpaintTelea } from '../../server/src/models/inpaint';
import { psnr } from '../../server/src/models/inpaint/testSupport';
import { detectScratchMask } from '../../server/src/models/scratchDetect';
import { addScratches, typicalScratches } from '../../server/src/models/scratchDetect/syntheticScratches';
import { detectTextMask } from '../../server/src/models/textDetect';
import { addTextWatermark, type WatermarkLine } from '../../server/src/models/textDetect/syntheticWatermark';
import { megapixelPhoto, timed } from '../shared/photos';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const photosDir = path.join(repoRoot, 'tests', 'assets', 'photos');
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
const withGmic = process.env.BENCH_GMIC !== '0';

const round = (v: number, d = 2) => Number(v.toFixed(d));

/** White pixels of a mask PNG over the pixels where `alpha` > `min`: the share covered. */
async function covered(mask: Buffer, alpha: Uint8Array, min: number): Promise<{ recall: number; fpRate: number }> {
  const m = await sharp(mask).extractChannel(0).raw().toBuffer();
  let ink = 0, hit = 0, bg = 0, fp = 0;
  for (let i = 0; i < m.length; i++) {
    if (alpha[i] > min) { ink++; if (m[i] > 127) hit++; } else if (alpha[i] === 0) { bg++; if (m[i] > 127) fp++; }
  }
  return { recall: round(ink ? hit / ink : 0, 3), fpRate: round(fp / bg, 4) };
}

function captionLines(width: number, height: number): WatermarkLine[] {
  return [
    { text: 'SAMPLE PREVIEW', x: Math.round(width * 0.07), y: Math.round(height * 0.3), size: Math.round(width / 11), bold: true, opacity: 0.6 },
    { text: 'www.stockphoto.example', x: Math.round(width * 0.55), y: Math.round(height * 0.96), size: Math.round(width / 30), fill: '#202020' },
  ];
}

const files = readdirSync(photosDir).filter((f) => /\.jpe?g$/i.test(f)).sort();
if (files.length === 0) {
  console.error(`bench:watermark: no photos in ${photosDir}`);
  process.exit(1);
}

// Warm-up: model session and opencv-js wasm (reported, excluded from the timings).
const warm = await megapixelPhoto(path.join(photosDir, files[0]));
let start = performance.now();
await detectTextMask(warm.buf);
const textLoadMs = Math.round(performance.now() - start);
start = performance.now();
await detectScratchMask(warm.buf);
const scratchLoadMs = Math.round(performance.now() - start);
console.log(`first call (model/wasm load + one image): text ${textLoadMs} ms, scratches ${scratchLoadMs} ms`);

const watermark: Record<string, unknown>[] = [];
const scratches: Record<string, unknown>[] = [];
for (const file of files) {
  const { buf, width, height } = await megapixelPhoto(path.join(photosDir, file));
  const wm = await addTextWatermark(buf, captionLines(width, height));
  const det = await timed(() => detectTextMask(wm.marked), runs);
  const cover = await covered(det.value.mask, wm.textAlpha, 64);
  const before = await psnr(wm.marked, wm.clean);
  const telea = await timed(() => inpaintTelea(wm.marked, det.value.mask), runs);
  const gmic = withGmic ? await timed(() => inpaintGmic(wm.marked, det.value.mask, { dilatePx: 2 }), runs) : null;
  const row = {
    photo: file, size: `${width}×${height}`, detectMs: det.ms, boxes: det.value.boxes.length, inkCovered: cover.recall,
    teleaMs: telea.ms, gmicMs: gmic?.ms ?? null,
    psnrBefore: round(before), psnrTelea: round(await psnr(telea.value, wm.clean)), psnrGmic: gmic ? round(await psnr(gmic.value, wm.clean)) : null,
  };
  watermark.push(row);
  console.log(`watermark ${file} ${row.size}: detect ${row.detectMs} ms (${row.boxes} boxes, ${(100 * row.inkCovered).toFixed(1)} % of ink covered); `
    + `Telea ${row.teleaMs} ms ${row.psnrBefore} → ${row.psnrTelea} dB; G'MIC ${row.gmicMs ?? '-'} ms → ${row.psnrGmic ?? '-'} dB`);

  const sc = await addScratches(buf, typicalScratches(width, height));
  const sd = await timed(() => detectScratchMask(sc.scratched), runs);
  const sCover = await covered(sd.value.mask, sc.scratchAlpha, 128);
  const exactMask = await sharp(Buffer.from(sc.scratchAlpha.map((v) => (v > 0 ? 255 : 0))), { raw: { width, height, channels: 1 } }).png().toBuffer();
  const auto = await timed(() => inpaintTelea(sc.scratched, sd.value.mask), runs);
  const exact = await timed(() => inpaintTelea(sc.scratched, exactMask), runs);
  const sRow = {
    photo: file, detectMs: sd.ms, recall: sCover.recall, fpRate: sCover.fpRate, teleaMs: auto.ms, teleaExactMs: exact.ms,
    psnrBefore: round(await psnr(sc.scratched, sc.clean)), psnrAuto: round(await psnr(auto.value, sc.clean)), psnrExactMask: round(await psnr(exact.value, sc.clean)),
  };
  scratches.push(sRow);
  console.log(`scratches ${file}: detect ${sRow.detectMs} ms (recall ${sRow.recall}, false positives ${(100 * sRow.fpRate).toFixed(2)} %); `
    + `Telea ${sRow.teleaMs} ms ${sRow.psnrBefore} → ${sRow.psnrAuto} dB (suggested mask), ${sRow.psnrExactMask} dB (exact mask)`);
}

const avg = (rows: Record<string, unknown>[], key: string) => {
  const v = rows.map((r) => r[key]).filter((x): x is number => typeof x === 'number');
  return v.length ? round(v.reduce((a, b) => a + b, 0) / v.length) : null;
};
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(`peak RSS ${peakRssMb} MB`);
console.log(`BENCH_JSON ${JSON.stringify({
  tool: 'removeWatermark+descratch', runs, textLoadMs, scratchLoadMs, peakRssMb,
  watermark: { detectMs: avg(watermark, 'detectMs'), teleaMs: avg(watermark, 'teleaMs'), gmicMs: avg(watermark, 'gmicMs'), inkCovered: avg(watermark, 'inkCovered'),
    psnrBefore: avg(watermark, 'psnrBefore'), psnrTelea: avg(watermark, 'psnrTelea'), psnrGmic: avg(watermark, 'psnrGmic'), photos: watermark },
  scratches: { detectMs: avg(scratches, 'detectMs'), recall: avg(scratches, 'recall'), fpRate: avg(scratches, 'fpRate'), teleaMs: avg(scratches, 'teleaMs'),
    psnrBefore: avg(scratches, 'psnrBefore'), psnrAuto: avg(scratches, 'psnrAuto'), psnrExactMask: avg(scratches, 'psnrExactMask'), photos: scratches },
})}`);
