import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhoto } from '../../testing/testPhotos';
import {
  exactLines,
  japaneseFixtures,
  koreanFixtures,
  SEAL_CENTRE_TEXT,
  SEAL_RING_TEXT,
  sealDocument,
  textFixtures,
  traditionalFixtures,
} from './ocrFixtures.testkit';
import { joinWords, tidyCjkSpacing } from './tesseract';
import { readingOrder, readText, textTilt, type OcrLine } from './ocrEngine';
import { extractSeals } from './seal';
import { findSeals, inkStrength, redInkMask, unwrapRing } from './sealPixels';

describe('text extraction on photos with rendered lines (PP-OCRv4)', () => {
  it('reads at least 12 of the 14 English and Chinese lines exactly, each with a box on its text', async () => {
    const fixtures = await textFixtures();
    let exact = 0;
    let total = 0;
    for (const fixture of fixtures) {
      const lines = await readText(fixture.image);
      const found = exactLines(
        fixture.lines,
        lines.map((l) => l.text),
      );
      exact += found.length;
      total += fixture.lines.length;
      const { width, height } = await sharp(fixture.image).metadata();
      for (const line of lines) {
        expect(line.confidence).toBeGreaterThan(0.5);
        for (const [x, y] of line.box) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(width!);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(height!);
        }
      }
    }
    expect(total).toBe(14);
    expect(exact).toBeGreaterThanOrEqual(12);
  }, 120_000);

  it('places the box of a line where the line was drawn', async () => {
    const [coffee] = await textFixtures();
    const lines = await readText(coffee.image);
    const grand = lines.find((l) => l.text.replace(/\s/g, '').startsWith('GrandOpening'));
    expect(grand).toBeDefined();
    const xs = grand!.box.map((p) => p[0]);
    const ys = grand!.box.map((p) => p[1]);
    // Drawn at x = 60, baseline y = 110, 64 px bold: the box spans about 60..800 and 50..125.
    expect(Math.min(...xs)).toBeGreaterThan(30);
    expect(Math.min(...xs)).toBeLessThan(90);
    expect(Math.min(...ys)).toBeGreaterThan(25);
    expect(Math.max(...ys)).toBeLessThan(150);
  }, 60_000);

  it('finds no text in a photo without any', async () => {
    expect(await readText(await readPhoto('chelsea'))).toEqual([]);
  }, 60_000);

  it('orders the lines of a paragraph tilted by 6.5° as written, in the frame of the text', () => {
    const tilt = (6.5 * Math.PI) / 180;
    // Three 600 px lines, 40 px apart, turned about the origin: each line's right end is lower than the next line's left end.
    const line = (row: number, text: string): OcrLine => {
      const at = (x: number, y: number): [number, number] => [100 + x * Math.cos(tilt) - y * Math.sin(tilt), 100 + x * Math.sin(tilt) + y * Math.cos(tilt)];
      const y = row * 40;
      return { text, confidence: 1, box: [at(0, y), at(600, y), at(600, y + 24), at(0, y + 24)] };
    };
    const lines = [line(2, 'c'), line(0, 'a'), line(1, 'b')];
    expect(textTilt(lines)).toBeCloseTo(tilt, 3);
    expect(readingOrder(lines).map((l) => l.text)).toEqual(['a', 'b', 'c']);
    // Split into halves per row (the detector often cuts long lines): still row by row, left to right.
    const halves = lines.flatMap((l) => {
      const mid = (i: number, j: number): [number, number] => [(l.box[i][0] + l.box[j][0]) / 2, (l.box[i][1] + l.box[j][1]) / 2];
      return [
        { ...l, text: `${l.text}1`, box: [l.box[0], mid(0, 1), mid(3, 2), l.box[3]] as OcrLine['box'] },
        { ...l, text: `${l.text}2`, box: [mid(0, 1), l.box[1], l.box[2], mid(3, 2)] as OcrLine['box'] },
      ];
    });
    expect(readingOrder(halves.reverse()).map((l) => l.text)).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
  });

  it('orders lines by rows, then left to right', () => {
    const at = (x: number, y: number, text: string): OcrLine => ({
      text,
      confidence: 1,
      box: [
        [x, y],
        [x + 50, y],
        [x + 50, y + 20],
        [x, y + 20],
      ],
    });
    expect(readingOrder([at(200, 102, 'b'), at(0, 300, 'c'), at(0, 100, 'a')]).map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });
});

describe('text extraction in Japanese (PP-OCRv3 japan)', () => {
  it('reads at least 5 of the 6 kana and kanji lines exactly with the ja recogniser, which the zh one cannot', async () => {
    let exactJa = 0;
    let exactZh = 0;
    for (const fixture of await japaneseFixtures()) {
      exactJa += exactLines(
        fixture.lines,
        (await readText(fixture.image, { script: 'ja' })).map((l) => l.text),
      ).length;
      exactZh += exactLines(
        fixture.lines,
        (await readText(fixture.image)).map((l) => l.text),
      ).length;
    }
    expect(exactJa).toBeGreaterThanOrEqual(5);
    // The Chinese dictionary has no kana: only a line without any could come out right.
    expect(exactZh).toBeLessThanOrEqual(1);
  }, 180_000);
});

describe('text extraction in Traditional Chinese and Korean (Tesseract)', () => {
  it('keeps Traditional characters Traditional: all 3 lines of a notice exactly, where the zh recogniser reads none', async () => {
    const [notice] = await traditionalFixtures();
    const tw = (await readText(notice.image, { script: 'zh-tw' })).map((l) => l.text);
    expect(exactLines(notice.lines, tw)).toHaveLength(3);
    expect(
      exactLines(
        notice.lines,
        (await readText(notice.image)).map((l) => l.text),
      ),
    ).toHaveLength(0);
  }, 120_000);

  it('reads the 3 lines of a Korean notice, which the zh recogniser drops', async () => {
    const [notice] = await koreanFixtures();
    const lines = await readText(notice.image, { script: 'ko' });
    expect(
      exactLines(
        notice.lines,
        lines.map((l) => l.text),
      ),
    ).toHaveLength(3);
    expect(lines.map((l) => l.text)).toContain('매주 월요일은 휴무입니다');
    expect(
      exactLines(
        notice.lines,
        (await readText(notice.image)).map((l) => l.text),
      ),
    ).toHaveLength(0);
  }, 120_000);

  it('joins Chinese characters Tesseract spaced apart, and Korean syllables by the gaps between them', () => {
    expect(tidyCjkSpacing('臺 北 市 營業 時間 02-2345 6789')).toBe('臺北市營業時間 02-2345 6789');
    expect(
      joinWords(
        [
          { text: '매주', left: 0, right: 80 },
          { text: '월', left: 100, right: 140 },
          { text: '요일은', left: 142, right: 260 },
        ],
        40,
      ),
    ).toBe('매주 월요일은');
  });
});

describe('seal extraction', () => {
  it('reads the ring text exactly by polar unwrapping, and the centre text, from a stamped contract', async () => {
    const { seals, width } = await extractSeals(await sealDocument());
    expect(width).toBe(1000);
    expect(seals).toHaveLength(1);
    const [seal] = seals;
    expect(seal.ringText).toBe(SEAL_RING_TEXT);
    expect(seal.centreText).toBe(SEAL_CENTRE_TEXT);
    // Drawn at centre (700, 450) with radius 150.
    expect(Math.abs(seal.box.x + seal.box.w / 2 - 700)).toBeLessThan(8);
    expect(Math.abs(seal.box.y + seal.box.h / 2 - 450)).toBeLessThan(8);
    expect(Math.abs(seal.box.w - 296)).toBeLessThan(12);
  }, 120_000);

  it('gives the seal as red ink on transparent, without the black print under it', async () => {
    const { seals } = await extractSeals(await sealDocument());
    const { data, info } = await sharp(seals[0].png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    let opaque = 0;
    let transparent = 0;
    let darkOpaque = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) transparent++;
      else if (data[i + 3] > 128) {
        opaque++;
        expect(data[i]).toBeGreaterThan(data[i + 1] + 40); // red, never grey or black
        if (data[i] < 100) darkOpaque++;
      }
    }
    expect(transparent / (info.width * info.height)).toBeGreaterThan(0.5);
    expect(opaque).toBeGreaterThan(5000);
    // Only where black print crosses a stroke can an ink pixel be darker (a handful of pixels).
    expect(darkOpaque / opaque).toBeLessThan(0.002);
  }, 120_000);

  it('finds no seal in photos of red objects, and none in red blobs too small to be one', async () => {
    // Both photos hold red things (a saucer; the astronaut's flag and suit patches), none of them a seal.
    expect((await extractSeals(await readPhoto('coffee'))).seals).toEqual([]);
    expect((await extractSeals(await readPhoto('astronaut'))).seals).toEqual([]);
    const mask = new Uint8Array(200 * 200);
    for (let y = 10; y < 40; y++) for (let x = 10; x < 40; x++) mask[y * 200 + x] = 255;
    expect(findSeals(mask, 200, 200)).toEqual([]);
  }, 60_000);

  it('counts red as ink and black, grey or white as not', () => {
    expect(inkStrength(216, 30, 30)).toBe(255);
    expect(inkStrength(20, 20, 20)).toBe(0);
    expect(inkStrength(240, 238, 230)).toBe(0);
    expect(inkStrength(128, 128, 128)).toBe(0);
    expect(inkStrength(153, 96, 49)).toBe(0); // ginger fur (chelsea) is orange, not ink
    expect(inkStrength(227, 66, 52)).toBeGreaterThan(200); // vermilion stamp pad
    expect(redInkMask({ data: new Uint8Array([216, 30, 30, 0, 0, 0]), width: 2, height: 1 })).toEqual(new Uint8Array([255, 0]));
  });

  it('unwraps a ring so that a mark at 12 o’clock lands in the middle of the strip, near the top', () => {
    const w = 101;
    const grey = new Uint8Array(w * w).fill(255);
    // A dark dot at 12 o'clock, 85 % of the radius out.
    for (let y = 6; y < 10; y++) for (let x = 48; x < 53; x++) grey[y * w + x] = 0;
    const strip = unwrapRing(grey, w, w, { scale: 1, stretch: 1 });
    let sx = 0,
      sy = 0,
      n = 0;
    for (let y = 0; y < strip.height; y++)
      for (let x = 0; x < strip.width; x++)
        if (strip.data[y * strip.width + x] < 128) {
          sx += x;
          sy += y;
          n++;
        }
    expect(n).toBeGreaterThan(0);
    expect(Math.abs(sx / n - strip.width / 2)).toBeLessThan(strip.width * 0.03);
    expect(sy / n).toBeLessThan(strip.height * 0.4);
  });
});
