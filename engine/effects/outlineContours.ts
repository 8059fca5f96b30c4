/**
 * Contours of a layer's alpha for the outline (SPEC §9: contour interpolation scale 0.2, area limit 250,000 px,
 * texture cap 4096): the mask is box-downscaled, traced with marching squares (edge crossings linearly interpolated,
 * saddles resolved by the cell's mean), smoothed with Chaikin and optionally offset outward.
 */

export interface ContourPoint {
  x: number;
  y: number;
}
export interface ContourOptions {
  /** Alpha level 0..255 of the edge (default 128). */
  threshold?: number;
  /** Downscale factor of the mask before tracing (default 0.2, SPEC §9). */
  scale?: number;
  /** Chaikin iterations 0..8 (default 0). */
  smooth?: number;
  /** Outward offset in source pixels (default 0; negative moves inward). */
  distance?: number;
  /** Smallest long side of the traced grid, so small layers still get a usable contour (default 64). */
  minGridSide?: number;
}

const AREA_LIMIT = 250_000;
const TEXTURE_CAP = 4096;
/** Chaikin doubles the points each pass; past this many in all, further passes average neighbours instead. */
const MAX_POINTS = 200_000;

/** Grid scale for a w×h mask: `scale`, raised for tiny masks, lowered to the area limit and the texture cap. */
function gridScale(w: number, h: number, scale: number, minSide: number): number {
  const long = Math.max(w, h);
  let s = Math.min(1, Math.max(scale, minSide / long));
  if (w * s * h * s > AREA_LIMIT) s = Math.sqrt(AREA_LIMIT / (w * h));
  return Math.min(s, TEXTURE_CAP / long);
}

/** Box-averaged downscale into a grid padded with one empty cell on every side (so every contour closes). */
function paddedGrid(alpha: ArrayLike<number>, w: number, h: number, dw: number, dh: number): Float32Array {
  const W = dw + 2;
  const sum = new Float32Array(W * (dh + 2));
  const count = new Float32Array(W * (dh + 2));
  for (let y = 0; y < h; y++) {
    const gy = Math.min(dh - 1, Math.floor((y * dh) / h)) + 1;
    for (let x = 0; x < w; x++) {
      const g = gy * W + Math.min(dw - 1, Math.floor((x * dw) / w)) + 1;
      sum[g] += alpha[y * w + x];
      count[g] += 1;
    }
  }
  for (let i = 0; i < sum.length; i++) if (count[i] > 0) sum[i] /= count[i];
  return sum;
}

// Segments per marching-squares case (corner bits tl 8, tr 4, br 2, bl 1) as pairs of edges 0 T, 1 R, 2 B, 3 L.
const CASES: Array<number[]> = [[], [3, 2], [2, 1], [3, 1], [0, 1], [], [0, 2], [3, 0], [3, 0], [0, 2], [], [0, 1], [3, 1], [2, 1], [3, 2], []];

/** Marching squares on the padded grid: closed loops in grid coordinates. */
function march(v: Float32Array, W: number, H: number, thr: number): ContourPoint[][] {
  const pointOf = new Int32Array(W * H * 2).fill(-1);
  const px: number[] = [];
  const py: number[] = [];
  const nb: number[] = [];
  const point = (key: number, x: number, y: number) => {
    if (pointOf[key] < 0) {
      pointOf[key] = px.length;
      px.push(x);
      py.push(y);
      nb.push(-1, -1);
    }
    return pointOf[key];
  };
  const edgePoint = (i: number, j: number, e: number) => {
    if (e === 0 || e === 2) {
      // horizontal edge between (i, jj) and (i+1, jj)
      const jj = e === 0 ? j : j + 1;
      const a = v[jj * W + i];
      return point((jj * W + i) * 2, i + (thr - a) / (v[jj * W + i + 1] - a), jj);
    }
    const ii = e === 3 ? i : i + 1; // vertical edge between (ii, j) and (ii, j+1)
    const a = v[j * W + ii];
    return point((j * W + ii) * 2 + 1, ii, j + (thr - a) / (v[(j + 1) * W + ii] - a));
  };
  const link = (p: number, q: number) => {
    nb[p * 2 + (nb[p * 2] < 0 ? 0 : 1)] = q;
    nb[q * 2 + (nb[q * 2] < 0 ? 0 : 1)] = p;
  };
  for (let j = 0; j < H - 1; j++) {
    for (let i = 0; i < W - 1; i++) {
      const tl = v[j * W + i],
        tr = v[j * W + i + 1],
        br = v[(j + 1) * W + i + 1],
        bl = v[(j + 1) * W + i];
      const c = (tl >= thr ? 8 : 0) | (tr >= thr ? 4 : 0) | (br >= thr ? 2 : 0) | (bl >= thr ? 1 : 0);
      let segs = CASES[c];
      if (c === 5 || c === 10) {
        const centreIn = (tl + tr + br + bl) / 4 >= thr;
        segs = (c === 5) === centreIn ? [3, 0, 2, 1] : [0, 1, 3, 2];
      }
      for (let s = 0; s < segs.length; s += 2) link(edgePoint(i, j, segs[s]), edgePoint(i, j, segs[s + 1]));
    }
  }
  const seen = new Uint8Array(px.length);
  const loops: ContourPoint[][] = [];
  for (let start = 0; start < px.length; start++) {
    if (seen[start]) continue;
    const loop: ContourPoint[] = [];
    let prev = -1;
    let cur = start;
    while (cur >= 0 && !seen[cur]) {
      seen[cur] = 1;
      loop.push({ x: px[cur], y: py[cur] });
      const next = nb[cur * 2] === prev ? nb[cur * 2 + 1] : nb[cur * 2];
      prev = cur;
      cur = next;
    }
    loops.push(loop);
  }
  return loops;
}

/** Shoelace area in y-down coordinates: positive for a loop running clockwise on screen. */
export function signedArea(p: readonly ContourPoint[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    a += p[i].x * q.y - q.x * p[i].y;
  }
  return a / 2;
}

function inside(pt: ContourPoint, poly: readonly ContourPoint[]): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i],
      b = poly[j];
    if (a.y > pt.y !== b.y > pt.y && pt.x < ((b.x - a.x) * (pt.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

/** One Chaikin corner-cutting pass over a closed loop. */
function chaikin(p: readonly ContourPoint[]): ContourPoint[] {
  const out: ContourPoint[] = [];
  for (let i = 0; i < p.length; i++) {
    const a = p[i],
      b = p[(i + 1) % p.length];
    out.push({ x: 0.75 * a.x + 0.25 * b.x, y: 0.75 * a.y + 0.25 * b.y }, { x: 0.25 * a.x + 0.75 * b.x, y: 0.25 * a.y + 0.75 * b.y });
  }
  return out;
}

/** Neighbour averaging (¼, ½, ¼) of a closed loop: smooths without adding points. */
function relax(p: readonly ContourPoint[]): ContourPoint[] {
  const n = p.length;
  return p.map((c, i) => {
    const a = p[(i + n - 1) % n],
      b = p[(i + 1) % n];
    return { x: 0.25 * a.x + 0.5 * c.x + 0.25 * b.x, y: 0.25 * a.y + 0.5 * c.y + 0.25 * b.y };
  });
}

/** `iterations` Chaikin passes over closed loops (neighbour averaging once the points would pass 200,000). */
export function smoothContours(loops: ContourPoint[][], iterations: number): ContourPoint[][] {
  let out = loops;
  for (let k = 0; k < Math.round(Math.min(8, Math.max(0, iterations))); k++) {
    const total = out.reduce((n, l) => n + l.length, 0);
    out = out.map(total * 2 > MAX_POINTS ? relax : chaikin);
  }
  return out;
}

/**
 * Moves each point of a closed loop by `distance` along its outward normal (the mean of its two edges' normals).
 * "Outward" assumes the traceAlphaContours orientation: shape outlines clockwise on screen, holes anticlockwise.
 */
export function offsetContour(loop: readonly ContourPoint[], distance: number): ContourPoint[] {
  if (!distance) return loop.map((p) => ({ ...p }));
  const n = loop.length;
  const normal = (a: ContourPoint, b: ContourPoint) => {
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    return { x: dy / len, y: -dx / len };
  };
  return loop.map((p, i) => {
    const n1 = normal(loop[(i + n - 1) % n], p);
    const n2 = normal(p, loop[(i + 1) % n]);
    const nx = n1.x + n2.x,
      ny = n1.y + n2.y;
    const len = Math.hypot(nx, ny) || 1;
    return { x: p.x + (nx / len) * distance, y: p.y + (ny / len) * distance };
  });
}

/**
 * Closed polylines (the last point joins the first) around the pixels of `alpha` (one byte per pixel, w×h) at or above
 * `threshold`, in source pixel coordinates (pixel centres at x + 0.5). Shape outlines run clockwise on screen, holes
 * anticlockwise; loops smaller than one traced cell are dropped. The mask is traced at `scale` (0.2), raised so the grid
 * is at least `minGridSide` (64) on its long side, and lowered to at most 250,000 cells and 4096 per side.
 */
export function traceAlphaContours(alpha: Uint8Array | Uint8ClampedArray, w: number, h: number, options: ContourOptions = {}): ContourPoint[][] {
  if (!(w > 0 && h > 0) || alpha.length !== w * h) throw new Error(`Expected a ${w}×${h} alpha mask, got ${alpha.length} bytes`);
  const { threshold = 128, scale = 0.2, smooth = 0, distance = 0, minGridSide = 64 } = options;
  const s = gridScale(w, h, scale > 0 ? scale : 0.2, minGridSide);
  const dw = Math.max(1, Math.round(w * s));
  const dh = Math.max(1, Math.round(h * s));
  const sx = dw / w,
    sy = dh / h;
  const thr = Math.min(255, Math.max(1e-3, threshold));
  const grid = paddedGrid(alpha, w, h, dw, dh);
  const minArea = 1 / (sx * sy);
  let loops = march(grid, dw + 2, dh + 2, thr)
    .map((loop) => loop.map((p) => ({ x: (p.x - 0.5) / sx, y: (p.y - 0.5) / sy })))
    .filter((loop) => loop.length >= 3 && Math.abs(signedArea(loop)) >= minArea);
  // Orientation by nesting depth: even depth = a shape's outline (clockwise), odd = a hole.
  loops = loops.map((loop, i) => {
    const depth = loops.reduce((d, other, j) => (j !== i && inside(loop[0], other) ? d + 1 : d), 0);
    const clockwise = signedArea(loop) > 0;
    return clockwise === (depth % 2 === 0) ? loop : loop.reverse();
  });
  loops = smoothContours(loops, smooth);
  return distance ? loops.map((l) => offsetContour(l, distance)) : loops;
}
