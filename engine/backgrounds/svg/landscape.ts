/** Abstract landscapes: a sky gradient, an optional glowing sun and silhouette layers (hills, peaks, waves). */
import { between, seededRandom } from '../random';
import type { LandLayer, LandscapeParams } from '../types';
import { frame, glow, linearRect, n, paint } from './util';

/** The top edge of one layer as points: smooth sines for hills and waves, jagged ridges for peaks. */
function ridge(layer: LandLayer, width: number, height: number, rand: () => number): Array<[number, number]> {
  const steps = 64;
  const phases = [rand(), rand(), rand()].map((v) => v * Math.PI * 2);
  const base = layer.y * height;
  const amp = layer.amp * height;
  const points: Array<[number, number]> = [];
  let jag = 0;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = t * Math.PI * 2 * layer.freq;
    let y: number;
    if (layer.shape === 'peaks') {
      // Triangle-ish waves plus a random walk give mountain ridges.
      jag = jag * 0.7 + between(rand, -1, 1) * 0.3;
      const tri = Math.abs(((t * layer.freq + phases[0] / 6.28) % 1) * 2 - 1);
      y = base - amp * (tri * 0.8 + jag * 0.25);
    } else if (layer.shape === 'waves') {
      y = base - amp * (Math.sin(a * 2 + phases[0]) * 0.6 + Math.sin(a * 3.7 + phases[1]) * 0.25);
    } else {
      y = base - amp * (Math.sin(a + phases[0]) * 0.65 + Math.sin(a * 2.3 + phases[1]) * 0.25 + Math.sin(a * 5.1 + phases[2]) * 0.1);
    }
    points.push([t * width, y]);
  }
  return points;
}

/** Catmull-Rom through the points as cubic Béziers, so hills are round rather than polygonal. */
function smoothPath(points: Array<[number, number]>): string {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const [p1, p2] = [points[i], points[i + 1]];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

export function landscapeSvg(p: LandscapeParams, width: number, height: number): string {
  const rand = seededRandom(p.seed);
  const sky = linearRect('sky', p.sky, 180, width, height);
  let defs = sky.defs;
  let body = sky.body;
  if (p.sun) {
    const short = Math.min(width, height);
    const halo = glow('halo', p.sun.x * width, p.sun.y * height, p.sun.r * short * 4, p.sun.color, p.sun.glow ?? 0.45);
    defs += halo.defs;
    body += `${halo.body}<circle cx="${n(p.sun.x * width)}" cy="${n(p.sun.y * height)}" r="${n(p.sun.r * short)}" ${paint(p.sun.color)}/>`;
  }
  for (const layer of p.layers) {
    const points = ridge(layer, width, height, rand);
    const top = layer.shape === 'peaks' ? `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join(' L')}` : smoothPath(points);
    body += `<path d="${top} L${n(width)} ${n(height)} L0 ${n(height)} Z" ${paint(layer.color, 'fill', layer.opacity ?? 1)}/>`;
  }
  return frame(width, height, defs, body);
}
