import sharp from 'sharp';

/** One line of watermark text, drawn with SVG (DejaVu Sans via fontconfig on Debian). */
export interface WatermarkLine {
  text: string;
  x: number;
  y: number;
  size: number;
  fill?: string;
  opacity?: number;
  /** Degrees, about the line's start point. */
  rotate?: number;
  bold?: boolean;
  /** An outline around the glyphs (as many stock watermarks have), e.g. '#000000'. */
  stroke?: string;
  strokeWidth?: number;
}

export interface WatermarkedPhoto {
  /** The photo with the text, PNG. */
  marked: Buffer;
  /** The same photo without text, PNG (the ground truth for PSNR). */
  clean: Buffer;
  /** Coverage of the text alone, one byte per pixel (0 = no ink, 255 = solid glyph). */
  textAlpha: Uint8Array;
  width: number;
  height: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SVG of the text lines, transparent elsewhere. */
function watermarkSvg(width: number, height: number, lines: WatermarkLine[]): string {
  const texts = lines.map((l) => {
    const transform = l.rotate ? ` transform="rotate(${l.rotate} ${l.x} ${l.y})"` : '';
    return `<text x="${l.x}" y="${l.y}" font-family="DejaVu Sans, sans-serif" font-size="${l.size}"${l.bold ? ' font-weight="bold"' : ''} fill="${l.fill ?? '#ffffff'}" fill-opacity="${l.opacity ?? 1}"${l.stroke ? ` stroke="${l.stroke}" stroke-width="${l.strokeWidth ?? 2}" stroke-opacity="${l.opacity ?? 1}"` : ''}${transform}>${escapeXml(l.text)}</text>`;
  });
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${texts.join('')}</svg>`;
}

/**
 * Draws text lines onto a real photo, for tests and the bench: returns the marked and the clean photo
 * plus where the ink is, so detection recall and removal PSNR can be measured.
 */
export async function addTextWatermark(photo: Buffer, lines: WatermarkLine[]): Promise<WatermarkedPhoto> {
  const clean = await sharp(photo).autoOrient().removeAlpha().png().toBuffer();
  const { width, height } = await sharp(clean).metadata();
  const svg = Buffer.from(watermarkSvg(width, height, lines));
  const marked = await sharp(clean)
    .composite([{ input: svg }])
    .png()
    .toBuffer();
  // Ink coverage: the SVG's own alpha, without the fill opacity (a faint glyph still has to be covered).
  const solid = Buffer.from(
    watermarkSvg(
      width,
      height,
      lines.map((l) => ({ ...l, opacity: 1 })),
    ),
  );
  const alpha = await sharp(solid).ensureAlpha().extractChannel(3).raw().toBuffer();
  return { marked, clean, textAlpha: new Uint8Array(alpha), width, height };
}
