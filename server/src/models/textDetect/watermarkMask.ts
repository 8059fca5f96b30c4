/**
 * The watermark's mask (issue 29, item 9): the text detector's mask without the lines that are the picture's own
 * lettering (watermarkLike.ts). Used by the eraser page's text detection (POST /api/detect/text) and by the
 * `removeWatermark` task when no mask is sent, so what the page shows is what the task removes.
 */
import sharp from 'sharp';
import { detectTextMask, type TextMask } from './index';
import type { TextBox } from './unclip';
import { watermarkLines } from './watermarkLike';

/** Mask pixels this far around a kept line's box are cleared too: the unclipped region reaches past the box. */
const KEEP_MARGIN_PX = 4;

export interface WatermarkMask extends TextMask {
  /** Lines found but left alone: the picture's own lettering. */
  kept: TextBox[];
}

/** The mask without the `keep` lines' boxes, except where a removed line's box is. */
export async function clearLines(maskPng: Buffer, keep: TextBox[], remove: TextBox[]): Promise<Buffer> {
  const { data, info } = await sharp(maskPng).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const m = KEEP_MARGIN_PX;
  const inside = (b: TextBox, x: number, y: number) => x >= b.x - m && x < b.x + b.w + m && y >= b.y - m && y < b.y + b.h + m;
  for (const b of keep) {
    for (let y = Math.max(0, Math.floor(b.y - m)); y < Math.min(h, Math.ceil(b.y + b.h + m)); y++) {
      for (let x = Math.max(0, Math.floor(b.x - m)); x < Math.min(w, Math.ceil(b.x + b.w + m)); x++) {
        if (!remove.some((r) => inside(r, x, y))) data[y * w + x] = 0;
      }
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Finds the text of `image` and returns the watermark's part of it: `boxes` are the lines to remove, `kept` the
 * picture's own lettering. Same errors as detectTextMask.
 */
export async function detectWatermarkMask(image: Buffer): Promise<WatermarkMask> {
  const detected = await detectTextMask(image);
  if (detected.boxes.length < 2) return { ...detected, kept: [] };
  const { data, info } = await sharp(image)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { remove, keep } = watermarkLines({ data, width: info.width, height: info.height, channels: info.channels }, detected.boxes);
  if (keep.length === 0) return { ...detected, kept: [] };
  return { mask: await clearLines(detected.mask, keep, remove), boxes: remove, kept: keep };
}
