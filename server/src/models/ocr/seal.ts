/**
 * Seal (stamp) extraction: the red-ink mask finds the seals, each becomes a red-on-transparent PNG,
 * its ring text is read from a polar unwrap of the ring, its centre text directly from the inner disc.
 * Without the unwrap the recogniser reads none of a curved company name (models-text-fonts.md).
 */
import sharp from 'sharp';
import { readText, type OcrLine } from './ocrEngine';
import {
  findSeals,
  inkOnWhite,
  redInkMask,
  ringCoverage,
  SEAL_MIN_RING_COVERAGE,
  sealLayer,
  tightBox,
  unwrapRing,
  type Rgb,
  type SealRegion,
} from './sealPixels';

/** Longest side the seal search works at; bigger photos are scaled down (boxes are scaled back). */
const SEAL_MAX_SIDE = 2000;
/** Pad around an unwrapped strip and a centre crop: the detector misses text that touches the border. */
const PAD = 40;

export interface Seal {
  /** Box in pixels of the upright input. */
  box: { x: number; y: number; w: number; h: number };
  /** Text along the ring, read clockwise from 6 o'clock ('' when none was found). */
  ringText: string;
  /** Text in the middle (the seal's purpose, e.g. 合同专用章). */
  centreText: string;
  /** The seal alone: red ink on transparent, PNG, the size of `box` (scaled when the input was). */
  png: Buffer;
}

async function greyPng(data: Uint8Array, width: number, height: number, pad = PAD): Promise<Buffer> {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 1 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const joined = (lines: OcrLine[]) =>
  lines
    .map((l) => l.text)
    .join('')
    .replace(/\s+/g, '');

/** Reads the ring: unwraps at two stretches (the glyphs' squash varies) and keeps the more confident reading. */
async function readRing(grey: Uint8Array, w: number, h: number): Promise<string> {
  const radius = (w + h) / 4;
  const scale = Math.max(1.5, Math.min(4, 300 / radius));
  let best = { text: '', score: 0 };
  for (const stretch of [1.6, 1.3]) {
    const strip = unwrapRing(grey, w, h, { scale, stretch });
    const lines = await readText(await greyPng(strip.data, strip.width, strip.height), { maxSide: 4000 });
    const text = joined(lines);
    const score = lines.reduce((s, l) => s + l.confidence * [...l.text].length, 0);
    if (score > best.score) best = { text, score };
    if (lines.length > 0 && lines.every((l) => l.confidence > 0.9)) break;
  }
  return best.text;
}

/**
 * Reads the middle of the seal, where its purpose is written horizontally: the whole seal's ink goes to
 * the recogniser and only lines centred inside 60 % of the radius count (the ring's tilted glyphs come
 * out as separate boxes further out). A mask of the inner disc alone would clip the centre line, which
 * reaches about 0.66 of the radius at its corners.
 */
async function readCentre(mask: Uint8Array, width: number, box: SealRegion): Promise<string> {
  const grey = inkOnWhite(mask, width, box);
  // Small seals: enlarge so the centre glyphs reach the recogniser's comfortable height.
  const factor = Math.max(1, Math.min(4, 400 / Math.max(box.w, box.h)));
  const png = await sharp(await greyPng(grey, box.w, box.h, 0))
    .resize(Math.round(box.w * factor))
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: '#ffffff' })
    .png()
    .toBuffer();
  const lines = await readText(png);
  const cx = PAD + (box.w * factor) / 2;
  const cy = PAD + (box.h * factor) / 2;
  const rx = (box.w * factor) / 2;
  const ry = (box.h * factor) / 2;
  const central = lines.filter((l) => {
    const mx = l.box.reduce((s, p) => s + p[0], 0) / 4;
    const my = l.box.reduce((s, p) => s + p[1], 0) / 4;
    // The star and stray ring fragments read as single symbols: at least two characters.
    return ((mx - cx) / rx) ** 2 + ((my - cy) / ry) ** 2 < 0.6 ** 2 && [...l.text].length >= 2;
  });
  return joined(central);
}

/** Drops regions lying inside a bigger one (the star or the centre text of a seal found on their own). */
function outermost(regions: SealRegion[]): SealRegion[] {
  const inside = (a: SealRegion, b: SealRegion) => a !== b && a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
  return regions.filter((r) => !regions.some((o) => inside(r, o)));
}

/**
 * Finds and reads the seals of a picture.
 * @param input encoded image (EXIF orientation applied)
 * @returns seals, largest first; empty when the picture has no red seal
 */
export async function extractSeals(input: Buffer): Promise<{ width: number; height: number; seals: Seal[] }> {
  const upright = await sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const factor = Math.min(1, SEAL_MAX_SIDE / Math.max(width, height));
  let img: Rgb = { data: upright.data, width, height };
  if (factor < 1) {
    const small = await sharp(upright.data, { raw: { width, height, channels: 3 } })
      .resize(Math.round(width * factor))
      .raw()
      .toBuffer({ resolveWithObject: true });
    img = { data: small.data, width: small.info.width, height: small.info.height };
  }
  const mask = redInkMask(img);
  const seals: Seal[] = [];
  for (const box of outermost(findSeals(mask, img.width, img.height).map((found) => tightBox(mask, img.width, found)))) {
    // Only round or oval seals with a border ring (square seals are not handled yet).
    if (ringCoverage(mask, img.width, box) < SEAL_MIN_RING_COVERAGE) continue;
    const layer = sealLayer(img, mask, box);
    const png = await sharp(Buffer.from(layer.buffer), { raw: { width: box.w, height: box.h, channels: 4 } })
      .png()
      .toBuffer();
    const ringText = await readRing(inkOnWhite(mask, img.width, box), box.w, box.h);
    const centreText = await readCentre(mask, img.width, box);
    // A red ring with nothing readable in it is a red object (a plate, a logo), not a seal.
    if (!ringText && !centreText) continue;
    const back = (v: number) => Math.round(v / factor);
    seals.push({ box: { x: back(box.x), y: back(box.y), w: back(box.w), h: back(box.h) }, ringText, centreText, png });
  }
  return { width, height, seals };
}
