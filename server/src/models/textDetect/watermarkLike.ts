/**
 * Which detected text lines are a watermark and which are the picture's own lettering (issue 29, item 9: watermark
 * removal selected a poster's title too). The text detector finds every line of text; a watermark differs from
 * lettering that belongs to the artwork in ways that can be read off the photo:
 * - translucent: the photo shows through the glyphs (their inside carries the background's texture, where painted or
 *   printed letters are one flat colour; the ink is told from the ground by colours the ground around the line lacks);
 * - at the edge: a small line in the outer band of the frame (a credit, a URL, a stock agency's name);
 * - repeated: three or more lines of the same size (a tiled watermark).
 * The rule only removes lines when it can tell the two apart: when some lines look like a watermark, the others are
 * left alone; when none does, every line is kept, as before (the user asked to remove text, and that is the text).
 */
import type { TextBox } from './unclip';

/** Glyph interiors whose luminance spread is at least this share of the surrounding background's are see-through. */
export const TRANSLUCENT_SPREAD = 0.3;
/** Below this background spread (0..255) the background is too flat to see through anything: no verdict. */
const MIN_BACKGROUND_SPREAD = 6;
/** Interior glyph pixels needed for a verdict. */
const MIN_INTERIOR = 24;
/** The outer band of the frame, as a share of each side, and the largest line height (share of the short side) in it. */
export const EDGE_BAND = 0.06;
export const EDGE_MAX_HEIGHT = 0.08;
/** Lines of the same size (within this share) counted as a tiled watermark from REPEAT_COUNT on. */
const REPEAT_TOLERANCE = 0.2;
const REPEAT_COUNT = 3;

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface TextLineVerdict {
  box: TextBox;
  translucent: boolean;
  atEdge: boolean;
  repeated: boolean;
  watermark: boolean;
}

function std(values: number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((a, v) => a + v, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) * (v - mean), 0) / values.length);
}

/** Colour cells of RING_STEP levels per channel: a box pixel whose cell (or a neighbouring one) never occurs around the box is ink. */
const RING_STEP = 8;
const CELLS = 256 / RING_STEP;
/** The ground is read in a band this wide around the box. */
const RING_PX = 6;

function meanChannelStd(pixels: number[][]): number {
  if (pixels.length === 0) return 0;
  let s = 0;
  for (let k = 0; k < 3; k++) s += std(pixels.map((p) => p[k]));
  return s / 3;
}

/**
 * Whether the photo shows through the glyphs of `box`. The ground is what surrounds the box (a band of RING_PX); ink
 * is every pixel of the box in a colour the ground does not have, and only its inside counts (pixels whose 8
 * neighbours are ink too: anti-aliased edges are a mix of both). Painted or printed letters are one colour: their
 * inside hardly varies. A see-through watermark carries the ground's texture: its inside varies by a good share of
 * what the ground does. Null when it cannot tell (too little ink inside, or a flat ground).
 */
export function translucentInk(img: RgbImage, box: TextBox): boolean | null {
  const { width: W, height: H, channels: c, data } = img;
  const x0 = Math.max(0, Math.floor(box.x)),
    y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(W, Math.ceil(box.x + box.w)),
    y1 = Math.min(H, Math.ceil(box.y + box.h));
  const w = x1 - x0,
    h = y1 - y0;
  if (w < 3 || h < 3) return null;
  const cell = (i: number) => ((data[i] >> 3) * CELLS + (data[i + 1] >> 3)) * CELLS + (data[i + 2] >> 3);
  const seen = new Uint8Array(CELLS * CELLS * CELLS);
  const ground: number[][] = [];
  for (let y = Math.max(0, y0 - RING_PX); y < Math.min(H, y1 + RING_PX); y++) {
    for (let x = Math.max(0, x0 - RING_PX); x < Math.min(W, x1 + RING_PX); x++) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      const i = (y * W + x) * c;
      ground.push([data[i], data[i + 1], data[i + 2]]);
      const r = data[i] >> 3,
        g = data[i + 1] >> 3,
        b = data[i + 2] >> 3;
      for (let dr = -1; dr <= 1; dr++)
        for (let dg = -1; dg <= 1; dg++)
          for (let db = -1; db <= 1; db++) {
            const rr = r + dr,
              gg = g + dg,
              bb = b + db;
            if (rr >= 0 && gg >= 0 && bb >= 0 && rr < CELLS && gg < CELLS && bb < CELLS) seen[(rr * CELLS + gg) * CELLS + bb] = 1;
          }
    }
  }
  const groundSpread = meanChannelStd(ground);
  if (ground.length === 0 || groundSpread < MIN_BACKGROUND_SPREAD) return null;
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) ink[y * w + x] = seen[cell(((y0 + y) * W + x0 + x) * c)] ? 0 : 1;
  const inside: number[][] = [];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!ink[i]) continue;
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++)
        for (let dx = -1; dx <= 1; dx++)
          if (!ink[i + dy * w + dx]) {
            all = false;
            break;
          }
      if (!all) continue;
      const j = ((y0 + y) * W + x0 + x) * c;
      inside.push([data[j], data[j + 1], data[j + 2]]);
    }
  if (inside.length < MIN_INTERIOR) return null;
  return meanChannelStd(inside) >= TRANSLUCENT_SPREAD * groundSpread;
}

/** A small line in the outer band of the frame. */
export function atEdge(box: TextBox, width: number, height: number): boolean {
  const bx = EDGE_BAND * width,
    by = EDGE_BAND * height;
  const near = box.x < bx || box.y < by || box.x + box.w > width - bx || box.y + box.h > height - by;
  return near && box.h <= EDGE_MAX_HEIGHT * Math.min(width, height);
}

/** Indices of lines with at least REPEAT_COUNT − 1 others of the same size. */
function repeatedLines(boxes: TextBox[]): Set<number> {
  const out = new Set<number>();
  const same = (a: number, b: number) => Math.abs(a - b) <= REPEAT_TOLERANCE * Math.max(a, b);
  boxes.forEach((a, i) => {
    const twins = boxes.filter((b, j) => j !== i && same(a.w, b.w) && same(a.h, b.h)).length;
    if (twins + 1 >= REPEAT_COUNT) out.add(i);
  });
  return out;
}

/** Each detected line with the reasons it looks like a watermark (see the file comment). */
export function classifyTextLines(img: RgbImage, boxes: TextBox[]): TextLineVerdict[] {
  const repeated = repeatedLines(boxes);
  return boxes.map((box, i) => {
    const translucent = translucentInk(img, box) === true;
    const edge = atEdge(box, img.width, img.height);
    const rep = repeated.has(i);
    return { box, translucent, atEdge: edge, repeated: rep, watermark: translucent || edge || rep };
  });
}

/**
 * The lines to remove: the watermark-like ones when there are any besides lines that are not, else all of them.
 * Returns the lines to leave alone as well, so the caller can clear them from the detector's mask.
 */
export function watermarkLines(img: RgbImage, boxes: TextBox[]): { remove: TextBox[]; keep: TextBox[] } {
  const verdicts = classifyTextLines(img, boxes);
  const marks = verdicts.filter((v) => v.watermark);
  if (marks.length === 0 || marks.length === verdicts.length) return { remove: boxes, keep: [] };
  return { remove: marks.map((v) => v.box), keep: verdicts.filter((v) => !v.watermark).map((v) => v.box) };
}
