/**
 * Writes the cut-out masks of given photos, before (main's 1024² pass) and after (the current
 * pipeline, plus any `BENCH_TRY` variants), as grey PNGs into bench/out/removebg-masks/, and prints
 * each mask's foreground share (alpha ≥ 128) and time. For looking at what a pipeline change does
 * to one photo (issue 15: the kite photo's small subjects).
 *
 *   node --import tsx bench/removebg/masks.ts photo.jpg [more.jpg…]
 *   BENCH_TRY='p2:{"secondPass":true}' node --import tsx bench/removebg/masks.ts kite.jpg
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

type Run = (jpeg: Buffer) => Promise<{ alpha: Uint8Array; width: number; height: number }>;

async function main(): Promise<void> {
  const photos = process.argv.slice(2);
  if (photos.length === 0) throw new Error('usage: masks.ts photo.jpg [more…]');
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
  const out = path.resolve('bench/out/removebg-masks');
  await mkdir(out, { recursive: true });
  for (const file of photos) {
    const jpeg = await readFile(file);
    const name = path.basename(file).replace(/\.[^.]+$/, '');
    for (const [variant, run] of variants) {
      const t = performance.now();
      const { alpha, width, height } = await run(jpeg);
      const ms = performance.now() - t;
      let fg = 0;
      for (const a of alpha) if (a >= 128) fg++;
      const target = path.join(out, `${name}.${variant}.png`);
      await sharp(Buffer.from(alpha), { raw: { width, height, channels: 1 } })
        .png()
        .toFile(target);
      const trace = variant === 'before' ? '' : ` trace=${JSON.stringify(lastCutoutTrace())}`;
      console.log(`${name} ${variant}: foreground ${((100 * fg) / alpha.length).toFixed(2)} % in ${(ms / 1000).toFixed(1)} s → ${target}${trace}`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
