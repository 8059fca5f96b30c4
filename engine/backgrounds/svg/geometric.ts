/** Geometric patterns: low-poly triangles, overlapping circles, stripes, waves, dots, blocks and arcs. */
import { between, seededRandom } from '../random';
import type { GeometricParams } from '../types';
import { frame, mix, n, paint } from './util';

type Rand = () => number;
type Draw = (p: GeometricParams, w: number, h: number, rand: Rand) => string;

const pick = (rand: Rand, list: string[]) => list[Math.floor(rand() * list.length)];

/** A palette colour along a diagonal, nudged by a little noise: smooth low-poly shading. */
function along(palette: string[], t: number): string {
  const clamped = Math.min(0.999, Math.max(0, t));
  const scaled = clamped * (palette.length - 1);
  const i = Math.floor(scaled);
  return mix(palette[i], palette[Math.min(palette.length - 1, i + 1)], scaled - i);
}

const triangles: Draw = (p, w, h, rand) => {
  const cols = Math.round(6 * (p.density ?? 1)) + 2;
  const cell = w / cols;
  const rows = Math.ceil(h / cell) + 1;
  // Jittered grid points, each cell split into two triangles.
  const pts = Array.from({ length: rows + 1 }, (_, r) =>
    Array.from({ length: cols + 1 }, (_, c) => [
      c * cell + (c > 0 && c < cols ? between(rand, -0.35, 0.35) * cell : 0),
      r * cell + (r > 0 ? between(rand, -0.35, 0.35) * cell : 0),
    ]),
  );
  let out = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [a, b, d, e] = [pts[r][c], pts[r][c + 1], pts[r + 1][c], pts[r + 1][c + 1]];
      for (const tri of [
        [a, b, e],
        [a, e, d],
      ]) {
        const cx = (tri[0][0] + tri[1][0] + tri[2][0]) / 3;
        const cy = (tri[0][1] + tri[1][1] + tri[2][1]) / 3;
        const color = along(p.palette, (cx / w) * 0.6 + (cy / h) * 0.4 + between(rand, -0.06, 0.06));
        // The stroke in the same colour closes hairline gaps between neighbours.
        out += `<polygon points="${tri.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${paint(color)} ${paint(color, 'stroke')} stroke-width="1"/>`;
      }
    }
  }
  return out;
};

const circles: Draw = (p, w, h, rand) => {
  const short = Math.min(w, h);
  let out = '';
  const count = Math.round(9 * (p.density ?? 1));
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h)}" r="${n(between(rand, 0.15, 0.55) * short)}" ${paint(pick(rand, p.palette), 'fill', between(rand, 0.35, 0.7))}/>`;
  }
  return out;
};

const stripes: Draw = (p, w, h, rand) => {
  const diag = Math.hypot(w, h);
  const count = Math.round(7 * (p.density ?? 1));
  let out = `<g transform="rotate(-30 ${n(w / 2)} ${n(h / 2)})">`;
  let x = -diag / 2 + w / 2;
  const step = diag / count;
  for (let i = 0; x < w / 2 + diag / 2; i++, x += step) {
    const width = step * between(rand, 0.25, 0.6);
    out += `<rect x="${n(x)}" y="${n(h / 2 - diag / 2)}" width="${n(width)}" height="${n(diag)}" ${paint(p.palette[i % p.palette.length], 'fill', 0.85)}/>`;
  }
  return `${out}</g>`;
};

const waves: Draw = (p, w, h, rand) => {
  let out = '';
  const layers = p.palette.length;
  for (let i = 0; i < layers; i++) {
    const base = h * (0.25 + (0.7 * (i + 1)) / (layers + 1));
    const amp = h * between(rand, 0.04, 0.09);
    const phase = rand() * Math.PI * 2;
    const freq = between(rand, 1.2, 2.2);
    let d = `M0 ${n(h)} L0 ${n(base)}`;
    for (let k = 0; k <= 48; k++) {
      const x = (w * k) / 48;
      d += ` L${n(x)} ${n(base + Math.sin((x / w) * Math.PI * 2 * freq + phase) * amp)}`;
    }
    out += `<path d="${d} L${n(w)} ${n(h)} Z" ${paint(p.palette[i])}/>`;
  }
  return out;
};

const dots: Draw = (p, w, h) => {
  // A halftone: dots grow towards the bottom right.
  const step = Math.min(w, h) / (14 * (p.density ?? 1));
  let out = '';
  for (let y = step / 2; y < h; y += step) {
    for (let x = step / 2; x < w; x += step) {
      const t = (x / w + y / h) / 2;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(step * (0.08 + 0.34 * t))}" ${paint(along(p.palette, t))}/>`;
    }
  }
  return out;
};

const blocks: Draw = (p, w, h, rand) => {
  // Overlapping rounded panels, like a paper collage.
  const short = Math.min(w, h);
  let out = '';
  for (let i = 0; i < Math.round(7 * (p.density ?? 1)); i++) {
    const bw = between(rand, 0.25, 0.6) * short;
    const bh = between(rand, 0.2, 0.55) * short;
    const x = rand() * w - bw / 2;
    const y = rand() * h - bh / 2;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(bw)}" height="${n(bh)}" rx="${n(short * 0.03)}" ${paint(pick(rand, p.palette), 'fill', 0.9)} transform="rotate(${n(between(rand, -12, 12))} ${n(x + bw / 2)} ${n(y + bh / 2)})"/>`;
  }
  return out;
};

const arcs: Draw = (p, w, h) => {
  // Concentric rings from the bottom-left corner, a calm rainbow-like sweep.
  const diag = Math.hypot(w, h);
  let out = '';
  const rings = Math.round(8 * (p.density ?? 1));
  for (let i = rings; i >= 1; i--) {
    out += `<circle cx="0" cy="${n(h)}" r="${n((diag * 1.05 * i) / rings)}" ${paint(p.palette[i % p.palette.length])}/>`;
  }
  return out;
};

const PATTERNS: Record<GeometricParams['pattern'], Draw> = { triangles, circles, stripes, waves, dots, blocks, arcs };

export function geometricSvg(p: GeometricParams, width: number, height: number): string {
  const rand = seededRandom(p.seed);
  return frame(width, height, '', `<rect width="${width}" height="${height}" ${paint(p.background)}/>${PATTERNS[p.pattern](p, width, height, rand)}`);
}
