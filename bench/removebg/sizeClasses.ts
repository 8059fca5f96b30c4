/**
 * Cut-out time per photo against the library's own API, per size class (issue 32, item 2), in one run:
 * ≤ 0.5 MP, 0.5–3 MP, 3–12 MP and one of 24+ MP. Per photo, ours (removeBackground) and the library
 * (@imgly/background-removal-node's removeBackground, "medium", PNG) run back to back, the order alternating
 * from photo to photo, so a loaded machine slows both alike; each is timed by wall clock and by the process's
 * CPU time (process.cpuUsage: every thread, user + system), which moves much less with the machine's load.
 * Prints per photo and per class the median ratio ours/library of both, and the process's peak RSS
 * (both pipelines' models are loaded in it: the server's own peak is bench:removebg-server's).
 *
 *   bash scripts/with-allocator.sh node --import tsx bench/removebg/sizeClasses.ts
 *   BENCH_PHOTOS=/dir …            (photos of any size; each goes to its class)
 *   BENCH_CLASSES=small,medium …   (some classes only: small, medium, large, huge)
 *
 * Photos by default: real photos of Debian `mate-backgrounds` (nature/*.jpg, 2560×1600; abstract/
 * Elephants_5640x3172.jpg), resized to 0.25/0.35/0.45, 0.8/1.5/2.5, 4/8/11.5 and 24 MP (JPEG q90); extract
 * them with bench/removebg/heldout32/fetch-sources.sh. Target: median ratio ≤ 0.5 in every class.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { SOURCES32_DIR } from './heldout32/build';

const CLASSES = [
  { id: 'small', label: '≤ 0.5 MP', max: 0.5e6 },
  { id: 'medium', label: '0.5–3 MP', max: 3e6 },
  { id: 'large', label: '3–12 MP', max: 12e6 },
  { id: 'huge', label: '24+ MP', max: Infinity },
] as const;
const classOf = (pixels: number) => CLASSES.find((c) => pixels <= c.max)!.id;
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function defaultPhotos(): Promise<Array<{ name: string; jpeg: Buffer }>> {
  const mate = path.join(SOURCES32_DIR, 'mate-backgrounds', 'usr', 'share', 'backgrounds', 'mate');
  const nature = ['Garden', 'Wood', 'GreenMeadow', 'LadyBird', 'Storm', 'FreshFlower', 'Aqua', 'TwoWings', 'YellowFlower'].map((n) =>
    path.join(mate, 'nature', `${n}.jpg`),
  );
  const sizes = [0.25, 0.35, 0.45, 0.8, 1.5, 2.5, 4, 8, 11.5];
  // 11.5, not 12: rounding the sides of a 12 MP resize lands a few pixels over the large class (≤ 12 MP) into "huge".
  sharp.cache(false);
  const out = [];
  for (const [k, mp] of sizes.entries()) {
    const file = mp > 4 ? path.join(mate, 'abstract', 'Elephants_5640x3172.jpg') : nature[k];
    const src = sharp(readFileSync(file));
    const meta = await src.metadata();
    const s = Math.sqrt((mp * 1e6) / (meta.width! * meta.height!));
    out.push({
      name: `${path.basename(file, '.jpg')}@${mp}MP`,
      jpeg: await sharp(readFileSync(file))
        .resize(Math.round(meta.width! * s), Math.round(meta.height! * s))
        .jpeg({ quality: 90 })
        .toBuffer(),
    });
  }
  const big = path.join(mate, 'abstract', 'Elephants_5640x3172.jpg');
  out.push({ name: 'Elephants@24MP', jpeg: await sharp(readFileSync(big)).resize(6536, 3676).jpeg({ quality: 90 }).toBuffer() });
  return out;
}

async function main(): Promise<void> {
  const dir = process.env.BENCH_PHOTOS;
  const photos = dir
    ? readdirSync(dir)
        .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
        .map((f) => ({ name: f, jpeg: readFileSync(path.join(dir, f)) }))
    : await defaultPhotos();
  const wanted = process.env.BENCH_CLASSES?.split(',');
  const require = createRequire(import.meta.url);
  const imglyDist = path.dirname(require.resolve('@imgly/background-removal-node'));
  const imgly = await import('@imgly/background-removal-node');
  const imglyConfig = { publicPath: pathToFileURL(imglyDist).href + '/', model: 'medium' as const, output: { format: 'image/png' as const } };
  const { removeBackground } = await import('../../server/src/models/removeBackground');
  const ours = (j: Buffer) => removeBackground(j);
  const library = async (j: Buffer) => (await imgly.removeBackground(new Blob([new Uint8Array(j)], { type: 'image/jpeg' }), imglyConfig)).arrayBuffer();
  const timed = async (fn: () => Promise<unknown>) => {
    const c0 = process.cpuUsage(),
      t0 = performance.now();
    await fn();
    const c = process.cpuUsage(c0);
    return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
  };
  console.log(
    `Cut-out time per size class, ours vs the library's own API, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Model loads outside the timings.
  await ours(photos[0].jpeg);
  await library(photos[0].jpeg);
  const rows: Array<{ cls: string; wall: number; cpu: number }> = [];
  for (const [k, p] of photos.entries()) {
    const meta = await sharp(p.jpeg).metadata();
    const cls = classOf(meta.width! * meta.height!);
    if (wanted && !wanted.includes(cls)) continue;
    const [a, b] =
      k % 2 === 0
        ? [await timed(() => ours(p.jpeg)), await timed(() => library(p.jpeg))]
        : (([y, x]) => [x, y])([await timed(() => library(p.jpeg)), await timed(() => ours(p.jpeg))]);
    rows.push({ cls, wall: a.wall / b.wall, cpu: a.cpu / b.cpu });
    console.log(
      `  ${p.name.padEnd(24)} ${`${meta.width}x${meta.height}`.padEnd(11)} ${cls.padEnd(7)} ours ${a.wall.toFixed(0).padStart(6)} ms (CPU ${a.cpu.toFixed(0).padStart(6)})  library ${b.wall.toFixed(0).padStart(6)} ms (CPU ${b.cpu.toFixed(0).padStart(6)})  ratio wall ${(a.wall / b.wall).toFixed(2)} CPU ${(a.cpu / b.cpu).toFixed(2)}`,
    );
  }
  const summary: Record<string, { n: number; wall: number; cpu: number }> = {};
  console.log('\nPer size class: median ratio ours/library (target ≤ 0.5)');
  for (const c of CLASSES) {
    const rs = rows.filter((r) => r.cls === c.id);
    if (!rs.length) continue;
    summary[c.id] = { n: rs.length, wall: +median(rs.map((r) => r.wall)).toFixed(3), cpu: +median(rs.map((r) => r.cpu)).toFixed(3) };
    const s = summary[c.id];
    console.log(
      `  ${c.label.padEnd(9)} n=${s.n}  wall ${s.wall.toFixed(2)}  CPU ${s.cpu.toFixed(2)}  ${Math.max(s.wall, s.cpu) <= 0.5 ? 'ok' : s.cpu <= 0.5 ? 'ok on CPU time' : 'TARGET MISSED'}`,
    );
  }
  console.log(
    `  peak RSS of this process (both pipelines loaded): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`BENCH_JSON ${JSON.stringify(summary)}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
