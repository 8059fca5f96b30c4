/**
 * Summarises the per-composite lines of bench:removebg-quality logs (mean / min IoU, mean edge-band
 * error, mean ms per split × group × variant), for runs cut short on a loaded machine before their
 * own summary. The split comes from the cut-out's id (tp- tuning, gc- held out).
 *
 *   node --import tsx bench/removebg/summarizeLog.ts bench/out/final-tuning.log bench/out/final-heldout.log
 */
import { readFileSync } from 'node:fs';

const stats = new Map<string, { iou: number[]; edge: number[]; ms: number[] }>();
for (const file of process.argv.slice(2)) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s+(\S+)@(\S+)\s+\d+x\d+\s+s=[\d.]+ [\d.]+%\s+(.*)$/.exec(line);
    if (!m) continue;
    const split = m[1].startsWith('tp-') ? 'tuning' : 'heldout';
    for (const part of m[3].split(' | ')) {
      const v = /^(\S+) IoU ([\d.]+) edge ([\d.]+) (\d+) ms/.exec(part);
      if (!v) continue;
      for (const group of [m[2], 'all']) {
        const key = `${split} ${group} ${v[1]}`;
        const s = stats.get(key) ?? { iou: [], edge: [], ms: [] };
        s.iou.push(+v[2]);
        s.edge.push(+v[3]);
        s.ms.push(+v[4]);
        stats.set(key, s);
      }
    }
  }
}
const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
console.log('split    group       variant  n   mean IoU  min IoU  edge err  mean ms');
for (const key of [...stats.keys()].sort()) {
  const [split, group, variant] = key.split(' ');
  const s = stats.get(key)!;
  console.log(
    `${split.padEnd(8)} ${group.padEnd(11)} ${variant.padEnd(8)} ${String(s.iou.length).padEnd(3)} ${mean(s.iou).toFixed(3).padEnd(9)} ${Math.min(...s.iou)
      .toFixed(3)
      .padEnd(8)} ${mean(s.edge).toFixed(3).padEnd(9)} ${Math.round(mean(s.ms))}`,
  );
}
