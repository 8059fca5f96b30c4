/**
 * Print sheets: as many copies of the ID photo as fit on 4×6 in (landscape) or A4 (portrait) at the
 * photo's DPI, 2 mm apart, each with grey cut marks at its corners, on white.
 */
import sharp from 'sharp';
import { mmToPx } from '../../../engine/idphoto/template';

export const SHEETS = {
  sheet4x6: { widthMm: 152.4, heightMm: 101.6 },
  sheetA4: { widthMm: 210, heightMm: 297 },
} as const;
export type SheetName = keyof typeof SHEETS;

const GAP_MM = 2;
const MARGIN_MM = 4;
const MARK_MM = 1.5;
const MARK_GREY = 128;

/** How the copies are laid out (pixel positions of each photo's top-left corner). */
export function sheetLayout(
  sheet: SheetName,
  photoW: number,
  photoH: number,
  dpi: number,
): { width: number; height: number; slots: { x: number; y: number }[] } {
  const width = mmToPx(SHEETS[sheet].widthMm, dpi);
  const height = mmToPx(SHEETS[sheet].heightMm, dpi);
  const gap = mmToPx(GAP_MM, dpi);
  const margin = mmToPx(MARGIN_MM, dpi);
  const cols = Math.max(0, Math.floor((width - 2 * margin + gap) / (photoW + gap)));
  const rows = Math.max(0, Math.floor((height - 2 * margin + gap) / (photoH + gap)));
  // Centre the block of copies on the sheet.
  const x0 = Math.round((width - (cols * photoW + (cols - 1) * gap)) / 2);
  const y0 = Math.round((height - (rows * photoH + (rows - 1) * gap)) / 2);
  const slots = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) slots.push({ x: x0 + c * (photoW + gap), y: y0 + r * (photoH + gap) });
  return { width, height, slots };
}

/** The sheet as raw RGB. */
export function renderSheet(
  sheet: SheetName,
  photo: Buffer,
  photoW: number,
  photoH: number,
  dpi: number,
): { rgb: Buffer; width: number; height: number; copies: number } {
  const { width, height, slots } = sheetLayout(sheet, photoW, photoH, dpi);
  const rgb = Buffer.alloc(width * height * 3, 255);
  const mark = mmToPx(MARK_MM, dpi);
  const set = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const o = (y * width + x) * 3;
    rgb[o] = rgb[o + 1] = rgb[o + 2] = MARK_GREY;
  };
  for (const { x, y } of slots) {
    for (let row = 0; row < photoH; row++) photo.copy(rgb, ((y + row) * width + x) * 3, row * photoW * 3, (row + 1) * photoW * 3);
    // Cut marks: short lines continuing each edge outwards from the four corners.
    for (const [cx, cy, sx, sy] of [
      [x, y, -1, -1],
      [x + photoW - 1, y, 1, -1],
      [x, y + photoH - 1, -1, 1],
      [x + photoW - 1, y + photoH - 1, 1, 1],
    ]) {
      for (let i = 2; i <= mark; i++) {
        set(cx + sx * i, cy);
        set(cx, cy + sy * i);
      }
    }
  }
  return { rgb, width, height, copies: slots.length };
}

/** Encodes a sheet as JPEG with its DPI. */
export function encodeSheet(rgb: Buffer, width: number, height: number, dpi: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .withMetadata({ density: dpi })
    .jpeg({ quality: 92 })
    .toBuffer();
}
