/**
 * Tone curves for colour grades: control points joined by a monotone cubic (Fritsch–Carlson), so a curve never
 * overshoots between points and a monotone set of points gives a monotone curve (no banding inversions in the LUT).
 */

/** Control points [x, y] in 0..1 with strictly increasing x. Points outside 0..1 are clamped when evaluated. */
export type Curve = ReadonlyArray<readonly [number, number]>;

function tangents(pts: Curve): number[] {
  const n = pts.length;
  const d: number[] = [];
  for (let i = 0; i < n - 1; i++) d.push((pts[i + 1][1] - pts[i][1]) / (pts[i + 1][0] - pts[i][0]));
  const m: number[] = new Array(n);
  m[0] = d[0];
  m[n - 1] = d[n - 2];
  for (let i = 1; i < n - 1; i++) m[i] = d[i - 1] * d[i] <= 0 ? 0 : (d[i - 1] + d[i]) / 2;
  // Fritsch–Carlson limiter: keeps each segment monotone.
  for (let i = 0; i < n - 1; i++) {
    if (d[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i] / d[i];
    const b = m[i + 1] / d[i];
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      m[i] = t * a * d[i];
      m[i + 1] = t * b * d[i];
    }
  }
  return m;
}

/** Compiled curves, cached per curve object (a LUT bake evaluates curves 64³ times). */
const compiledCache = new WeakMap<Curve, (x: number) => number>();

/** The curve as a function of x (0..1); tangents are computed once. Fewer than two points is the identity. */
export function curveFn(pts: Curve): (x: number) => number {
  const hit = compiledCache.get(pts);
  if (hit) return hit;
  const n = pts.length;
  let fn: (x: number) => number;
  if (n < 2) fn = (x) => x;
  else {
    const m = Float64Array.from(tangents(pts));
    const xs = Float64Array.from(pts, (q) => q[0]);
    const ys = Float64Array.from(pts, (q) => q[1]);
    fn = (x) => {
      if (x <= xs[0]) return ys[0];
      if (x >= xs[n - 1]) return ys[n - 1];
      let i = 0;
      while (i < n - 2 && x > xs[i + 1]) i++;
      const h = xs[i + 1] - xs[i];
      const t = (x - xs[i]) / h;
      const t2 = t * t;
      const t3 = t2 * t;
      return (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * m[i] + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * m[i + 1];
    };
  }
  compiledCache.set(pts, fn);
  return fn;
}

/** An S-curve: darkens the quarter tone by `a` and lifts the three-quarter tone by `a` (a > 0 adds contrast). */
export function sCurve(a: number): Curve {
  return [
    [0, 0],
    [0.25, 0.25 - a],
    [0.75, 0.75 + a],
    [1, 1],
  ];
}

/** Moves the black and white points: output runs from `black` to `white`. */
export function levels(black: number, white: number): Curve {
  return [
    [0, black],
    [1, white],
  ];
}

/** A curve through (0, black), (0.5, 0.5 + mid), (1, white): lifts/lowers the midtones of one channel. */
export function midCurve(mid: number, black = 0, white = 1): Curve {
  return [
    [0, black],
    [0.5, 0.5 + mid],
    [1, white],
  ];
}
