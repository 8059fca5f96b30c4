/**
 * Crop geometry of an image layer (SPEC §3 `cropRect`, in source-image pixels). A crop changes
 * which part of the picture shows; the part that stays keeps its place and scale on the canvas,
 * so the layer's box shrinks or grows around it (rotation and flips included).
 */
import type { Rect } from './types';

export interface CropBox {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Size {
  w: number;
  h: number;
}

/** The crop ratios offered in the editor: free, the picture's own, and common formats. */
export const CROP_RATIOS = ['free', 'original', '1:1', '4:5', '4:3', '3:4', '16:9', '9:16'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];

/** Width ÷ height of a ratio, or null for a free crop. */
export function ratioValue(ratio: CropRatio, natural: Size): number | null {
  if (ratio === 'free') return null;
  if (ratio === 'original') return natural.w / natural.h;
  const [w, h] = ratio.split(':').map(Number);
  return w / h;
}

/** The crop in effect: the stored one, or the whole picture. */
export function effectiveCrop(crop: CropBox | null, natural: Size): CropBox {
  return crop ?? { x: 0, y: 0, w: natural.w, h: natural.h };
}

/** A crop kept inside the picture, at least 1 px, in whole pixels. */
export function clampCrop(crop: CropBox, natural: Size): CropBox {
  const w = Math.max(1, Math.min(natural.w, Math.round(crop.w)));
  const h = Math.max(1, Math.min(natural.h, Math.round(crop.h)));
  const x = Math.max(0, Math.min(natural.w - w, Math.round(crop.x)));
  const y = Math.max(0, Math.min(natural.h - h, Math.round(crop.y)));
  return { x, y, w, h };
}

/**
 * The largest crop of `ratio` centred on `around` (default: the picture's centre) inside the picture.
 * @example ratioCrop(1, { w: 400, h: 300 }) // { x: 50, y: 0, w: 300, h: 300 }
 */
export function ratioCrop(ratio: number, natural: Size, around?: CropBox): CropBox {
  let w = natural.w;
  let h = w / ratio;
  if (h > natural.h) {
    h = natural.h;
    w = h * ratio;
  }
  const cx = around ? around.x + around.w / 2 : natural.w / 2;
  const cy = around ? around.y + around.h / 2 : natural.h / 2;
  return clampCrop({ x: cx - w / 2, y: cy - h / 2, w, h }, natural);
}

/** Whether a crop shows the whole picture (then it is stored as null). */
export function isWholePicture(crop: CropBox, natural: Size): boolean {
  return crop.x === 0 && crop.y === 0 && crop.w === natural.w && crop.h === natural.h;
}

/**
 * The layer box after changing the crop from `before` to `after`: the picture keeps its scale,
 * position, angle and flips on the canvas; only the visible window changes.
 */
export function rectForCrop(rect: Rect, before: CropBox, after: CropBox, flip: { flipH: boolean; flipV: boolean }): Rect {
  const sx = rect.w / before.w;
  const sy = rect.h / before.h;
  const w = after.w * sx;
  const h = after.h * sy;
  // The new window's centre relative to the old one, in the layer's own (unrotated) frame.
  let dx = (after.x + after.w / 2 - (before.x + before.w / 2)) * sx;
  let dy = (after.y + after.h / 2 - (before.y + before.h / 2)) * sy;
  if (flip.flipH) dx = -dx;
  if (flip.flipV) dy = -dy;
  const radians = (rect.angle * Math.PI) / 180;
  const cx = rect.x + rect.w / 2 + dx * Math.cos(radians) - dy * Math.sin(radians);
  const cy = rect.y + rect.h / 2 + dx * Math.sin(radians) + dy * Math.cos(radians);
  return { x: cx - w / 2, y: cy - h / 2, w, h, angle: rect.angle };
}
