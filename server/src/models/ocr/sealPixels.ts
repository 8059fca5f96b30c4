/**
 * Pixel steps of seal (stamp) extraction, plain loops over raw RGB: the red-ink mask, finding round
 * or oval seals in it, the seal layer (red ink on transparent) and the polar unwrap of the ring
 * (models-text-fonts.md §1, "Seal extraction: measured pipeline").
 */

export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Ink strength 0..255 of a pixel: how much redder it is than its green and blue. Printed black text
 * and grey paper score 0, so a seal stamped over print comes out without the print.
 * Thresholds from the report (`r > 120 && r-g > 50 && r-b > 50`), softened into a ramp so that faint
 * or anti-aliased ink keeps a partial alpha instead of a jagged edge. The hue must be red (from a
 * little towards magenta to vermilion): orange and brown (ginger fur, wood, coffee, skin) are not ink.
 */
export function inkStrength(r: number, g: number, b: number): number {
  if (r < 90) return 0;
  const excess = Math.min(r - g, r - b);
  if (excess <= 30) return 0;
  // HSV hue in degrees for a red-dominant pixel: 60 · (g − b) / (r − min).
  const hue = (60 * (g - b)) / (r - Math.min(g, b));
  if (hue > SEAL_MAX_HUE || hue < -SEAL_MAX_MAGENTA_HUE) return 0;
  return Math.min(255, Math.round((excess - 30) * (255 / 40)));
}

/** Reddest-orange hue still counted as seal ink (vermilion stamp pads sit at about 5°). */
export const SEAL_MAX_HUE = 12;
/** How far towards magenta (negative hue) faded or pinkish ink may go. */
export const SEAL_MAX_MAGENTA_HUE = 30;
/** A round seal's border ring shows ink in at least this share of directions (a red saucer scored 0.79, the test seal 1.0). */
export const SEAL_MIN_RING_COVERAGE = 0.88;
/** A seal is strokes on paper: a region whose box is more than half ink is a red object, not a stamp. */
export const SEAL_MAX_INK_SHARE = 0.5;

/** The red-ink mask of a picture (0..255 per pixel). */
export function redInkMask(img: Rgb): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) out[p] = inkStrength(img.data[i], img.data[i + 1], img.data[i + 2]);
  return out;
}

export interface SealRegion {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Ink pixels (mask ≥ 128) inside the box. */
  inkPixels: number;
}

/** Smallest seal side, in pixels of the picture: smaller red blobs are marks or logos, not stamps. */
export const MIN_SEAL_SIDE = 60;

/**
 * Finds seal-shaped ink regions: connected components of the mask at 1/4 scale (dilated by one cell
 * so a ring's characters and its circle join), kept when roughly round (aspect 0.5..2), big enough and not solid ink.
 * Largest first.
 */
export function findSeals(mask: Uint8Array, width: number, height: number, maxSeals = 4): SealRegion[] {
  const cell = 4;
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const grid = new Uint8Array(gw * gh);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (mask[y * width + x] >= 128) grid[((y / cell) | 0) * gw + ((x / cell) | 0)] = 1;
  }
  const dilated = new Uint8Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      if (!grid[y * gw + x]) continue;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < gh && xx >= 0 && xx < gw) dilated[yy * gw + xx] = 1;
        }
    }
  }
  const label = new Int32Array(gw * gh);
  const regions: SealRegion[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < dilated.length; start++) {
    if (!dilated[start] || label[start]) continue;
    next++;
    let x0 = gw,
      y0 = gh,
      x1 = -1,
      y1 = -1;
    stack.push(start);
    label[start] = next;
    while (stack.length) {
      const p = stack.pop()!;
      const px = p % gw;
      const py = (p / gw) | 0;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      for (const q of [p - 1, p + 1, p - gw, p + gw]) {
        if (q < 0 || q >= dilated.length || label[q] || !dilated[q]) continue;
        if ((q === p - 1 && px === 0) || (q === p + 1 && px === gw - 1)) continue;
        label[q] = next;
        stack.push(q);
      }
    }
    const box = { x: x0 * cell, y: y0 * cell, w: Math.min(width, (x1 + 1) * cell) - x0 * cell, h: Math.min(height, (y1 + 1) * cell) - y0 * cell };
    if (Math.min(box.w, box.h) < MIN_SEAL_SIDE) continue;
    const aspect = box.w / box.h;
    if (aspect < 0.5 || aspect > 2) continue;
    let ink = 0;
    for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) if (mask[y * width + x] >= 128) ink++;
    if (ink > SEAL_MAX_INK_SHARE * box.w * box.h) continue;
    regions.push({ ...box, inkPixels: ink });
  }
  return regions.sort((a, b) => b.inkPixels - a.inkPixels).slice(0, maxSeals);
}

/** Tightens a box to the ink it holds (the dilation and the 4-px cells add a margin). */
export function tightBox(mask: Uint8Array, width: number, box: SealRegion): SealRegion {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      if (mask[y * width + x] < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? box : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, inkPixels: box.inkPixels };
}

/**
 * The seal layer of one region: RGBA, the ink's own colour where the mask says ink, alpha = ink
 * strength, fully transparent elsewhere (the print under the seal is gone).
 */
export function sealLayer(img: Rgb, mask: Uint8Array, box: SealRegion): Uint8Array {
  const out = new Uint8Array(box.w * box.h * 4);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const p = (box.y + y) * img.width + box.x + x;
      const o = (y * box.w + x) * 4;
      const a = mask[p];
      if (a === 0) continue;
      // Ink colour without the paper showing through: keep red, pull green/blue down with the alpha.
      out[o] = img.data[p * 3];
      out[o + 1] = Math.min(img.data[p * 3 + 1], 60);
      out[o + 2] = Math.min(img.data[p * 3 + 2], 60);
      out[o + 3] = a;
    }
  }
  return out;
}

/** Greyscale "ink on white" of a region, for the recogniser: ink dark, everything else white. */
export function inkOnWhite(mask: Uint8Array, width: number, box: SealRegion, keep: (dx: number, dy: number) => boolean = () => true): Uint8Array {
  const out = new Uint8Array(box.w * box.h).fill(255);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      if (!keep(x - box.w / 2, y - box.h / 2)) continue;
      out[y * box.w + x] = 255 - mask[(box.y + y) * width + box.x + x];
    }
  }
  return out;
}

export interface UnwrapOptions {
  /** Band of the ring to unwrap, as fractions of the radius (outer first). */
  outer?: number;
  inner?: number;
  /** Pixels of strip per pixel of arc at the band's middle. */
  scale?: number;
  /** Extra vertical stretch: seal glyphs are squashed along the radius. */
  stretch?: number;
}

/**
 * Polar unwrap of an elliptical ring (greyscale `grey`, `w`×`h`, centre in the middle): x runs along
 * the angle clockwise from 6 o'clock, y along the radius from the outer edge inwards, so text written
 * along the top of the ring (tops outwards) reads left to right and upright. Bilinear sampling.
 */
export function unwrapRing(grey: Uint8Array, w: number, h: number, options: UnwrapOptions = {}): { data: Uint8Array; width: number; height: number } {
  const outer = options.outer ?? 0.93;
  const inner = options.inner ?? 0.5;
  const scale = options.scale ?? 2;
  const stretch = options.stretch ?? 1.6;
  const cx = w / 2;
  const cy = h / 2;
  const rx = w / 2;
  const ry = h / 2;
  const mid = ((outer + inner) / 2) * ((rx + ry) / 2);
  const outW = Math.max(32, Math.round(2 * Math.PI * mid * scale));
  const outH = Math.max(16, Math.round((outer - inner) * ((rx + ry) / 2) * scale * stretch));
  const out = new Uint8Array(outW * outH);
  const sample = (x: number, y: number) => {
    if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return 255;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const fx = x - x0;
    const fy = y - y0;
    const top = grey[y0 * w + x0] * (1 - fx) + grey[y0 * w + x1] * fx;
    const bottom = grey[y1 * w + x0] * (1 - fx) + grey[y1 * w + x1] * fx;
    return top * (1 - fy) + bottom * fy;
  };
  for (let ox = 0; ox < outW; ox++) {
    const theta = (ox / outW) * 2 * Math.PI;
    const sin = Math.sin(theta);
    const cos = Math.cos(theta);
    for (let oy = 0; oy < outH; oy++) {
      const f = outer - (oy / (outH - 1)) * (outer - inner);
      out[oy * outW + ox] = Math.round(sample(cx - rx * f * sin, cy + ry * f * cos));
    }
  }
  return { data: out, width: outW, height: outH };
}

/**
 * Share of directions (of 180) from the box's centre in which the outer band (85-100 % of the
 * elliptical radius) holds ink: a round or oval seal's border ring covers nearly all of them; a red
 * object or a scatter of red marks does not.
 */
export function ringCoverage(mask: Uint8Array, width: number, box: SealRegion): number {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const rx = box.w / 2;
  const ry = box.h / 2;
  let covered = 0;
  const steps = 180;
  for (let k = 0; k < steps; k++) {
    const a = (k / steps) * 2 * Math.PI;
    for (let f = 0.85; f <= 1.0001; f += 0.025) {
      const x = Math.min(box.x + box.w - 1, Math.max(box.x, Math.round(cx + rx * f * Math.cos(a))));
      const y = Math.min(box.y + box.h - 1, Math.max(box.y, Math.round(cy + ry * f * Math.sin(a))));
      if (mask[y * width + x] >= 128) {
        covered++;
        break;
      }
    }
  }
  return covered / steps;
}
