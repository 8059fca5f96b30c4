/**
 * Magic eraser benchmark: the default fill against the fast fill and a mean-colour fill, on real photos scaled to
 * about 1 MP (BENCH_PIXELS), in two sets (photoSets.ts): the 3 tuning photos and 20 held-out photos.
 *
 * For each photo and each hole size (16, 48, 128 px) one mask holds five holes: three size×size rectangles and two
 * brush strokes size px wide, at fixed spots. The mask is filled by
 *   - default: the eraser task as a user runs it (`eliminationProcessor`, no quality param);
 *   - fast:    the same task with quality 'fast' (as shipped: Telea on the mask grown by 2 px);
 *   - telea:   Telea on exactly the mask (the fast fill without its growth, the stronger baseline);
 *   - mean:    each hole painted the mean colour of the ring around it.
 * Per hole: PSNR over the hole's pixels and the seam step across the border of the area the fill changed (the hole,
 * or the grown hole for a fill that grows the mask; measures.ts); per call: pixels changed
 * outside the mask (the default must change none). Printed per set and hole size, with the share of holes where the
 * default beats each other fill; `BENCH_JSON {...}` last.
 *
 * Then the final fill at 1 MP of an object-sized ellipse and of two blobs in opposite corners (time, target ≤ 10 s),
 * on the first tuning photo (BENCH_TIMING=0 skips it).
 *
 *   npm run bench:erase                       # all 23 photos
 *   BENCH_SET=tuning npm run bench:erase      # the tuning photos only (heldout: the 20 others)
 */
import sharp from 'sharp';
import { inpaintTelea } from '../../server/src/models/inpaint';
import { makeTestContext } from '../../server/src/models/inpaint/inpaint.testkit';
import { eliminationProcessor } from '../../server/src/processors/elimination';
import { megapixelPhoto, timed } from '../shared/photos';
import { brushHole, changedArea, changedOutside, type Hole, holePsnr, meanFill, rectHole, type Rgb, seam } from './measures';
import { benchPhotos } from './photoSets';

const PIXELS = Number(process.env.BENCH_PIXELS) || 1_000_000;
const HOLE_SIZES = [16, 48, 128];
const FILL_TARGET_MS = 10_000;
const METHODS = ['default', 'fast', 'telea', 'mean'] as const;
type Method = (typeof METHODS)[number];
const round = (v: number, d = 2) => Number(v.toFixed(d));

/** Three rectangles and two strokes, spread over the photo so their fill regions rarely meet. */
function holesFor(width: number, height: number, size: number): Hole[] {
  return [
    rectHole(width, height, width * 0.22, height * 0.28, size),
    rectHole(width, height, width * 0.75, height * 0.3, size),
    rectHole(width, height, width * 0.5, height * 0.75, size),
    brushHole(width, height, width * 0.08, height * 0.62, width * 0.08 + size * 2.5, height * 0.62 + size * 0.8, size),
    brushHole(width, height, width * 0.62, height * 0.55, width * 0.62 + size * 2.5, height * 0.55 - size * 0.6, size),
  ];
}

async function rgb(png: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function runTask(png: Buffer, mask: Buffer, quality?: 'fast'): Promise<{ out: Buffer; ms: number }> {
  const t = await makeTestContext(png);
  try {
    t.ctx.params.maskUrl = await t.upload('mask.png', mask);
    if (quality) t.ctx.params.quality = quality;
    const r = await timed(() => eliminationProcessor(t.ctx), 1);
    return { out: r.value.body as Buffer, ms: r.ms };
  } finally {
    await t.cleanup();
  }
}

interface Row {
  set: string;
  photo: string;
  size: number;
  kind: string;
  method: Method;
  psnr: number;
  seam: number;
  truthSeam: number;
}

async function main(): Promise<void> {
  // BENCH_ONLY=dog,eagle: only these photos (to re-run part of a set).
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const photos = benchPhotos().filter((p) => !only || only.includes(p.name));
  const rows: Row[] = [];
  const changed: Record<string, number> = { default: 0, fast: 0, telea: 0 };
  const ms: Record<string, number[]> = { default: [], fast: [], telea: [] };
  for (const photo of photos) {
    const { buf: png, width, height } = await megapixelPhoto(photo.file, 'png', PIXELS);
    const input = await rgb(png);
    for (const size of HOLE_SIZES) {
      const holes = holesFor(width, height, size);
      const union = new Uint8Array(width * height);
      for (const h of holes) for (let i = 0; i < union.length; i++) union[i] |= h.map[i];
      const mask = await sharp(Buffer.from(union.map((v) => v * 255)), { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
      const def = await runTask(png, mask);
      const fast = await runTask(png, mask, 'fast');
      const telea = await timed(() => inpaintTelea(png, mask), 1);
      const results: Record<Method, Rgb> = {
        default: await rgb(def.out),
        fast: await rgb(fast.out),
        telea: await rgb(telea.value),
        mean: meanFill(input, holes),
      };
      ms.default.push(def.ms);
      ms.fast.push(fast.ms);
      ms.telea.push(telea.ms);
      for (const m of ['default', 'fast', 'telea'] as const) changed[m] += changedOutside(input, results[m], union);
      const line: string[] = [];
      for (const m of METHODS) {
        let p = 0;
        let s = 0;
        for (const hole of holes) {
          const row = {
            set: photo.set,
            photo: photo.name,
            size,
            kind: hole.kind,
            method: m,
            psnr: holePsnr(input, results[m], hole),
            seam: seam(results[m], m === 'mean' ? hole : changedArea(input, results[m], hole)),
            truthSeam: seam(input, hole),
          };
          rows.push(row);
          p += row.psnr / holes.length;
          s += row.seam / holes.length;
        }
        line.push(`${m} ${round(p)} dB seam ${round(s)}`);
      }
      console.log(`${photo.set} ${photo.name} ${width}x${height} ${size}px: ${line.join(' | ')} (default ${def.ms} ms)`);
    }
  }

  const summary: Record<string, Record<string, unknown>> = {};
  console.log('\nper set and hole size (mean over holes; wins = share of holes where default has the higher PSNR / the lower seam):');
  for (const set of ['tuning', 'heldout']) {
    for (const size of HOLE_SIZES) {
      for (const kind of ['all', 'rect', 'brush']) {
        const sel = rows.filter((r) => r.set === set && r.size === size && (kind === 'all' || r.kind === kind));
        if (sel.length === 0) continue;
        const of = (m: Method) => sel.filter((r) => r.method === m);
        const avg = (rs: Row[], k: 'psnr' | 'seam' | 'truthSeam') => round(rs.reduce((a, r) => a + r[k], 0) / rs.length);
        const def = of('default');
        const entry: Record<string, unknown> = { holes: def.length, truth_seam: avg(def, 'truthSeam') };
        for (const m of METHODS) entry[m] = { psnr: avg(of(m), 'psnr'), seam: avg(of(m), 'seam') };
        for (const m of ['fast', 'telea', 'mean'] as const) {
          const other = of(m);
          entry[`wins_psnr_vs_${m}`] = round(def.filter((r, i) => r.psnr > other[i].psnr).length / def.length, 3);
          entry[`wins_seam_vs_${m}`] = round(def.filter((r, i) => r.seam < other[i].seam).length / def.length, 3);
        }
        summary[`${set}_${size}_${kind}`] = entry;
        const beats = METHODS.slice(1).every(
          (m) =>
            (entry.default as { psnr: number }).psnr > (entry[m] as { psnr: number }).psnr &&
            (entry.default as { seam: number }).seam < (entry[m] as { seam: number }).seam,
        );
        const cell = (m: Method) => `${m} ${(entry[m] as { psnr: number }).psnr} dB/${(entry[m] as { seam: number }).seam}`;
        console.log(
          `${set.padEnd(7)} ${String(size).padStart(3)}px ${kind.padEnd(5)} n=${def.length}: ${METHODS.map(cell).join(' | ')} | photo seam ${entry.truth_seam}` +
            ` | wins psnr vs fast/telea/mean ${entry.wins_psnr_vs_fast}/${entry.wins_psnr_vs_telea}/${entry.wins_psnr_vs_mean}${kind === 'all' ? (beats ? '  OK' : '  TARGET MISSED') : ''}`,
        );
      }
    }
  }
  console.log(`pixels changed outside the mask: ${JSON.stringify(changed)}${changed.default === 0 ? '' : '  TARGET MISSED (default must change none)'}`);
  const medianMs = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[v.length >> 1] : 0);
  console.log(`median time per 5-hole mask: default ${medianMs(ms.default)} ms, fast ${medianMs(ms.fast)} ms, telea ${medianMs(ms.telea)} ms`);

  let finalFill: Record<string, number> | null = null;
  if (process.env.BENCH_TIMING !== '0' && photos.length) {
    const { buf: png, width, height } = await megapixelPhoto(photos[0].file, 'png');
    const ellipse = (blobs: Array<[number, number, number, number]>) => {
      const data = Buffer.alloc(width * height);
      for (const [cx, cy, rx, ry] of blobs) {
        for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) data[y * width + x] = 255;
      }
      return sharp(data, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
    };
    const object = await ellipse([[width * 0.5, height * 0.55, width * 0.1, height * 0.16]]);
    const spread = await ellipse([
      [width * 0.12, height * 0.15, width * 0.06, height * 0.08],
      [width * 0.88, height * 0.85, width * 0.06, height * 0.08],
    ]);
    finalFill = { object_ms: (await runTask(png, object)).ms, spread_ms: (await runTask(png, spread)).ms };
    const worst = Math.max(finalFill.object_ms, finalFill.spread_ms);
    console.log(
      `final fill at 1 MP (${photos[0].name}): object ${finalFill.object_ms} ms, spread ${finalFill.spread_ms} ms` +
        (worst <= FILL_TARGET_MS ? '  OK' : `  TARGET MISSED (> ${FILL_TARGET_MS} ms)`),
    );
  }
  console.log(
    `\nBENCH_JSON ${JSON.stringify({ photos: photos.map((p) => `${p.set}:${p.name} (${p.source})`), pixels: PIXELS, summary, changed_outside: changed, final_fill_ms: finalFill })}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
