/**
 * Combines the per-photo lines of several bench/erase/run.ts logs (a set run in parts, e.g. with BENCH_ONLY) into
 * the per-set, per-hole-size means (each photo's line is already the mean over its five holes, so the mean of the
 * lines is the mean over holes), and counts the photos where the default beats each other fill.
 * `--only a,b,c` keeps those photos (to compare two runs on the same photos).
 *
 *   node --import tsx bench/erase/combine.ts before.log [more.log …] [--only dog,eagle]
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1].split(',') : null;
const files = args.filter((a, i) => onlyAt < 0 || (i !== onlyAt && i !== onlyAt + 1));
const METHODS = ['default', 'fast', 'telea', 'mean'] as const;
const line =
  /^(tuning|heldout) (\S+) \d+x\d+ (\d+)px: default ([\d.]+) dB seam ([\d.]+) \| fast ([\d.]+) dB seam ([\d.]+) \| telea ([\d.]+) dB seam ([\d.]+) \| mean ([\d.]+) dB seam ([\d.]+)/;
const rows = new Map<string, { set: string; photo: string; size: number; v: Record<string, { psnr: number; seam: number }> }>();
for (const file of files) {
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    const m = line.exec(text);
    if (!m || (only && !only.includes(m[2]))) continue;
    const v: Record<string, { psnr: number; seam: number }> = {};
    METHODS.forEach((k, i) => (v[k] = { psnr: Number(m[4 + 2 * i]), seam: Number(m[5 + 2 * i]) }));
    rows.set(`${m[1]}/${m[2]}/${m[3]}`, { set: m[1], photo: m[2], size: Number(m[3]), v });
  }
}
for (const set of ['tuning', 'heldout']) {
  for (const size of [16, 48, 128]) {
    const sel = [...rows.values()].filter((r) => r.set === set && r.size === size);
    if (!sel.length) continue;
    const avg = (k: string, f: 'psnr' | 'seam') => (sel.reduce((a, r) => a + r.v[k][f], 0) / sel.length).toFixed(2);
    const wins = (k: string) => `${sel.filter((r) => r.v.default.psnr > r.v[k].psnr).length}/${sel.filter((r) => r.v.default.seam < r.v[k].seam).length}`;
    const beats = ['fast', 'telea', 'mean'].every(
      (k) => Number(avg('default', 'psnr')) > Number(avg(k, 'psnr')) && Number(avg('default', 'seam')) < Number(avg(k, 'seam')),
    );
    console.log(
      `${set} ${String(size).padStart(3)}px photos=${sel.length}: ${METHODS.map((k) => `${k} ${avg(k, 'psnr')} dB/seam ${avg(k, 'seam')}`).join(' | ')}` +
        ` | photos where default wins psnr/seam vs fast ${wins('fast')}, telea ${wins('telea')}, mean ${wins('mean')}${beats ? '  OK' : '  TARGET MISSED'}`,
    );
  }
}
