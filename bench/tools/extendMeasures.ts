/**
 * Seam and fill measures of one extension (bench/tools/extend.ts), each compared with the photo's own statistics next
 * to the same side, so that a value of 1 (or 0 for the colour measure) means "looks like more of the photo":
 *
 * - band step: the colour step between the 16 px of border next to the photo and the photo's own 16 px next to it
 *   (means over 16 px segments along the side, RGB distance), divided by the photo's step between its first and
 *   second 16 px band. Measured over bands, not single pixels, so a fade of a few pixels (aiextend's 4 px mirror
 *   feather) cannot hide a step that sits just behind it; a hard seam or a colour shift gives well above 1;
 * - worst 1 px step: the largest gradient energy across any of the first 16 border rows (parallel to the side),
 *   divided by the median of the same energy over the photo's 32 rows next to the side: a step hidden behind the
 *   feather shows here too;
 * - texture: the gradient energy of the first 32 px of border divided by that of the photo's first 32 px (a flat grey
 *   border is near 0, the photo's own texture continued is near 1);
 * - foreign colour: the share of the side's border pixels whose colour (8 levels per channel, one level of tolerance)
 *   does not occur in the photo's 64 px band along that side: orange blobs copied from a subject in the middle of
 *   the photo into a grey border count here.
 *
 * Sides narrower than 16 px of border are skipped.
 */
import type { ExtendLayout } from '../../server/src/processors/aiextendLayout';

export interface ExtendMeasures {
  bandStep: number;
  worstRowStep: number;
  texture: number;
  foreignColour: number;
  sides: number;
}

type Side = 'left' | 'right' | 'top' | 'bottom';

/**
 * The measures of `rgb` (the extended frame, 3 channels) whose photo (`pw`×`ph`) sits at `l`; averages over the
 * measured sides (texture: the side furthest from 1 in log terms is kept apart as well).
 */
export function extendMeasures(rgb: Buffer, width: number, height: number, l: ExtendLayout, pw: number, ph: number): ExtendMeasures & { textureWorst: number } {
  const px = (x: number, y: number, k: number) => rgb[(y * width + x) * 3 + k];
  const sides: Side[] = ['left', 'right', 'top', 'bottom'];
  const borderOf: Record<Side, number> = { left: l.left, right: width - l.left - pw, top: l.top, bottom: height - l.top - ph };
  const res = { bandStep: 0, worstRowStep: 0, texture: 0, foreignColour: 0, sides: 0, textureWorst: 1 };
  for (const side of sides) {
    const border = borderOf[side];
    if (border < 16) continue;
    const vertical = side === 'left' || side === 'right';
    const along = vertical ? ph : pw;
    const depthIn = vertical ? pw : ph;
    // (a, o) → canvas x, y: a along the side (0..along-1), o across it: o ≥ 0 in the border (0 next to the photo),
    // o < 0 in the photo (−1 the photo's edge pixel).
    const at = (a: number, o: number): [number, number] => {
      if (side === 'left') return [l.left - 1 - o, l.top + a];
      if (side === 'right') return [l.left + pw + o, l.top + a];
      if (side === 'top') return [l.left + a, l.top - 1 - o];
      return [l.left + a, l.top + ph + o];
    };
    const colour = (a: number, o: number, k: number) => {
      const [x, y] = at(a, o);
      return px(x, y, k);
    };
    // Band step, 16 px segments along the side.
    const bandMean = (a0: number, a1: number, o0: number, o1: number) => {
      const m = [0, 0, 0];
      let n = 0;
      for (let a = a0; a < a1; a++)
        for (let o = o0; o < o1; o++) {
          for (let k = 0; k < 3; k++) m[k] += colour(a, o, k);
          n++;
        }
      return m.map((v) => v / Math.max(1, n));
    };
    const dist = (p: number[], q: number[]) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    let across = 0;
    let inside = 0;
    const inBand = Math.min(16, Math.floor(depthIn / 4));
    for (let a0 = 0; a0 + 16 <= along; a0 += 16) {
      const out1 = bandMean(a0, a0 + 16, 0, 16);
      const in1 = bandMean(a0, a0 + 16, -inBand, 0);
      const in2 = bandMean(a0, a0 + 16, -2 * inBand, -inBand);
      across += dist(out1, in1);
      inside += dist(in1, in2);
    }
    res.bandStep += across / Math.max(1e-3, inside);
    // Row steps: energy between row o and o+1, photo rows −32..−2, border rows −1 (the seam) .. 15.
    const rowEnergy = (o: number) => {
      let s = 0;
      for (let a = 0; a < along; a++) for (let k = 0; k < 3; k++) s += (colour(a, o + 1, k) - colour(a, o, k)) ** 2;
      return s / (3 * along);
    };
    const photoRows: number[] = [];
    for (let o = -Math.min(33, depthIn - 1); o <= -2; o++) photoRows.push(rowEnergy(o));
    photoRows.sort((p, q) => p - q);
    const ref = Math.max(1e-3, photoRows[photoRows.length >> 1] ?? 1);
    let worst = 0;
    for (let o = -1; o < Math.min(16, border - 1); o++) worst = Math.max(worst, rowEnergy(o) / ref);
    res.worstRowStep += worst;
    // Texture: gradient energy (both directions) in the first 32 px of border vs the photo's first 32 px.
    const grad = (o0: number, o1: number) => {
      let s = 0;
      let n = 0;
      for (let a = 0; a + 1 < along; a++) {
        for (let o = o0; o < o1; o++) {
          for (let k = 0; k < 3; k++) s += (colour(a + 1, o, k) - colour(a, o, k)) ** 2 + (colour(a, o + 1, k) - colour(a, o, k)) ** 2;
          n++;
        }
      }
      return s / Math.max(1, 3 * n);
    };
    const depthOut = Math.min(32, border - 1);
    const tex = grad(0, depthOut) / Math.max(1e-3, grad(-Math.min(32, depthIn - 1), -1));
    res.texture += tex;
    if (Math.abs(Math.log(tex)) > Math.abs(Math.log(res.textureWorst))) res.textureWorst = tex;
    // Foreign colour: 8 levels per channel, the photo's 64 px band along the side.
    const bin = (a: number, o: number) => (colour(a, o, 0) >> 5) * 64 + (colour(a, o, 1) >> 5) * 8 + (colour(a, o, 2) >> 5);
    const hist = new Int32Array(512);
    const bandDepth = Math.min(64, depthIn);
    for (let a = 0; a < along; a++) for (let o = -bandDepth; o < 0; o++) hist[bin(a, o)]++;
    const present = new Uint8Array(512);
    const minCount = Math.max(2, Math.round(0.001 * along * bandDepth));
    for (let b = 0; b < 512; b++) {
      if (hist[b] < minCount) continue;
      const r = b >> 6;
      const g = (b >> 3) & 7;
      const bl = b & 7;
      for (let dr = -1; dr <= 1; dr++)
        for (let dg = -1; dg <= 1; dg++)
          for (let db = -1; db <= 1; db++) {
            const r2 = r + dr;
            const g2 = g + dg;
            const b2 = bl + db;
            if (r2 >= 0 && r2 < 8 && g2 >= 0 && g2 < 8 && b2 >= 0 && b2 < 8) present[r2 * 64 + g2 * 8 + b2] = 1;
          }
    }
    let foreign = 0;
    let n = 0;
    for (let a = 0; a < along; a++)
      for (let o = 0; o < border; o++) {
        if (!present[bin(a, o)]) foreign++;
        n++;
      }
    res.foreignColour += foreign / Math.max(1, n);
    res.sides++;
  }
  const s = Math.max(1, res.sides);
  return {
    bandStep: res.bandStep / s,
    worstRowStep: res.worstRowStep / s,
    texture: res.texture / s,
    foreignColour: res.foreignColour / s,
    sides: res.sides,
    textureWorst: res.textureWorst,
  };
}
