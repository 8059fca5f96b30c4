import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeSheet, renderSheet, sheetLayout } from './printSheet';

describe('print sheets', () => {
  it('lays 35×45 mm photos 3×2 on 4×6 in and 5×6 on A4 at 300 dpi, without overlap', () => {
    const small = sheetLayout('sheet4x6', 413, 531, 300);
    expect([small.width, small.height, small.slots.length]).toEqual([1800, 1200, 6]);
    const a4 = sheetLayout('sheetA4', 413, 531, 300);
    expect([a4.width, a4.height, a4.slots.length]).toEqual([2480, 3508, 30]);
    for (const s of a4.slots) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.x + 413).toBeLessThanOrEqual(2480);
      expect(s.y + 531).toBeLessThanOrEqual(3508);
    }
    // 2×2 in photos: two fit across a 6 in sheet once margins and gaps are kept.
    expect(sheetLayout('sheet4x6', 600, 600, 300).slots.length).toBe(2);
  });

  it('copies the photo into every slot and draws grey cut marks outside its corners', async () => {
    const w = 413,
      h = 531;
    const photo = Buffer.alloc(w * h * 3, 30); // dark photo
    const sheet = renderSheet('sheet4x6', photo, w, h, 300);
    expect(sheet.copies).toBe(6);
    const { slots } = sheetLayout('sheet4x6', w, h, 300);
    const px = (x: number, y: number) => sheet.rgb[(y * sheet.width + x) * 3];
    for (const s of slots) {
      expect(px(s.x + 5, s.y + 5)).toBe(30);
      expect(px(s.x - 5, s.y)).toBe(128); // horizontal mark left of the top-left corner
      expect(px(s.x, s.y - 5)).toBe(128); // vertical mark above it
    }
    const jpeg = await encodeSheet(sheet.rgb, sheet.width, sheet.height, 300);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([1800, 1200, 300]);
  });
});
