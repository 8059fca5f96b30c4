/**
 * Cut-out time per photo size (issue 15, item 4: a 0.2 MP photo at most half the time of a 1.5 MP
 * one). One photo is resized to each size; every round runs each size × variant once, in turn, so
 * a loaded machine slows all of them alike. Prints the median ms per size and variant, the passes
 * each ran, and the 0.2 MP ÷ 1.5 MP ratio per variant. Compare only numbers from one run.
 *
 *   node --import tsx bench/removebg/sizeTimes.ts [photo.jpg]     (default: the rembg plants-1 fixture)
 *   BENCH_ROUNDS=3 BENCH_SIZES=0.2,0.5,1,1.5 BENCH_TRY='floor08:{"minPassPixels":786432}' node --import tsx bench/removebg/sizeTimes.ts
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CutoutOptions } from '../../server/src/models/cutoutPasses';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];

async function main(): Promise<void> {
  const photoPath = process.argv[2] ?? path.resolve('..', '..', '..', 'shared', 'fixtures', 'rembg', 'plants-1.jpg');
  const source = await readFile(photoPath);
  const meta = await sharp(source).metadata();
  const sizes = (process.env.BENCH_SIZES || '0.2,0.5,1,1.5').split(',').map(Number);
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const variants = new Map<string, Partial<CutoutOptions>>([['current', {}]]);
  for (const spec of (process.env.BENCH_TRY || '').split(';').filter(Boolean)) {
    const at = spec.indexOf(':');
    variants.set(spec.slice(0, at), JSON.parse(spec.slice(at + 1)) as Partial<CutoutOptions>);
  }
  const { removeBackground, lastCutoutTrace } = await import('../../server/src/models/removeBackground');
  const photos = await Promise.all(
    sizes.map(async (mp) => {
      const s = Math.sqrt((mp * 1e6) / (meta.width! * meta.height!));
      const width = Math.round(meta.width! * s),
        height = Math.round(meta.height! * s);
      return { mp, width, height, jpeg: await sharp(source).resize(width, height).jpeg({ quality: 92 }).toBuffer() };
    }),
  );
  console.log(
    `Cut-out time per size: ${path.basename(photoPath)}, ${rounds} rounds, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await removeBackground(photos[0].jpeg); // load the model outside the timings
  const times = new Map<string, number[]>();
  const notes = new Map<string, string>();
  for (let r = 0; r < rounds; r++) {
    for (const p of photos) {
      for (const [name, options] of variants) {
        const t0 = performance.now();
        await removeBackground(p.jpeg, undefined, options);
        const key = `${name}@${p.mp}`;
        times.set(key, [...(times.get(key) ?? []), performance.now() - t0]);
        const t = lastCutoutTrace()!;
        notes.set(key, `${t.firstPass.width}x${t.firstPass.height}${t.secondPasses.map((s) => `+${s.size.width}x${s.size.height}`).join('')}`);
      }
    }
  }
  for (const [name] of variants) {
    for (const p of photos) {
      const key = `${name}@${p.mp}`;
      console.log(
        `  ${name.padEnd(12)} ${`${p.width}x${p.height}`.padEnd(10)} ${p.mp.toFixed(2)} MP  median ${median(times.get(key)!).toFixed(0).padStart(6)} ms  [${notes.get(key)}]`,
      );
    }
    const small = median(times.get(`${name}@${sizes[0]}`)!),
      large = median(times.get(`${name}@${sizes[sizes.length - 1]}`)!);
    console.log(`  ${name}: ${sizes[0]} MP ÷ ${sizes[sizes.length - 1]} MP time = ${(small / large).toFixed(2)} (target ≤ 0.5)`);
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
    console.error('sizeTimes failed:', err);
    process.exit(1);
  },
);
