/**
 * Peak resident memory of one cut-out process (issue 15, item 4: ≤ 0.8 GB with the remover loaded),
 * before (main's 1024² pipeline, bench/removebg/baseline.ts) and after (removeBackground), each in
 * its own fresh Node process so one's peak does not hide the other's. Each child cuts out a 12 MP
 * photo (coffee.jpg enlarged: the upload limit's order of size) and the kite photo (small subjects,
 * so the second passes run), then prints process.resourceUsage().maxRSS.
 *
 *   node --import tsx bench/removebg/memory.ts
 *
 * The children start with the allocator the server has (server/src/config/allocator.ts: jemalloc when installed);
 * LD_PRELOAD or MALLOC_MMAP_THRESHOLD_ set in this environment replaces it (e.g. a huge threshold for glibc's default).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withAllocatorEnv } from '../../server/src/config/allocator';

const self = fileURLToPath(import.meta.url);

async function child(variant: string): Promise<void> {
  const run =
    variant === 'before' ? (await import('./baseline')).removeBackgroundBefore : (await import('../../server/src/models/removeBackground')).removeBackground;
  const big = await sharp(await readFile(path.resolve('tests/assets/photos/coffee.jpg')))
    .resize(4000, 3000)
    .jpeg({ quality: 90 })
    .toBuffer();
  const kite = await readFile(path.resolve('tests/assets/photos/kite.jpg'));
  const t = performance.now();
  await run(kite);
  const tKite = performance.now() - t;
  const t2 = performance.now();
  await run(big);
  const tBig = performance.now() - t2;
  const mib = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ variant, peakRssMiB: Math.round(mib), kiteMs: Math.round(tKite), bigMs: Math.round(tBig) }));
}

async function main(): Promise<void> {
  if (process.argv[2]) return child(process.argv[2]);
  console.log('Peak RSS of a fresh process cutting out the kite photo (0.17 MP) then a 12 MP photo; target ≤ 800 MiB');
  for (const variant of ['before', 'after']) {
    // With the allocator setting the server starts with (server/src/config/allocator.ts).
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, variant], { encoding: 'utf8', env: withAllocatorEnv(process.env) });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { peakRssMiB: number; kiteMs: number; bigMs: number };
    console.log(
      `  ${variant.padEnd(7)} peak RSS ${r.peakRssMiB} MiB ${r.peakRssMiB <= 800 ? 'ok' : 'TARGET MISSED'}   kite ${r.kiteMs} ms, 12 MP ${r.bigMs} ms`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
