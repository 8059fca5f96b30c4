import sharp from 'sharp';

/** One scratch: a thin curved stroke (quadratic curve from `from` via `via` to `to`). */
export interface Scratch {
  from: [number, number];
  via: [number, number];
  to: [number, number];
  width: number;
  colour: string;
  opacity?: number;
}

export interface ScratchedPhoto {
  /** The photo with the scratches, PNG. */
  scratched: Buffer;
  /** The same photo without them, PNG (ground truth for PSNR). */
  clean: Buffer;
  /** Coverage of the scratches alone, one byte per pixel (255 = solid stroke). */
  scratchAlpha: Uint8Array;
  width: number;
  height: number;
}

function scratchSvg(width: number, height: number, scratches: Scratch[], solid: boolean): string {
  const paths = scratches.map((s) => {
    const d = `M${s.from.join(' ')} Q${s.via.join(' ')} ${s.to.join(' ')}`;
    return `<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="${s.width}" stroke-linecap="round" stroke-opacity="${solid ? 1 : (s.opacity ?? 1)}"/>`;
  });
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${paths.join('')}</svg>`;
}

/** Draws thin scratches onto a real photo, for tests and the bench (recall, false positives, PSNR). */
export async function addScratches(photo: Buffer, scratches: Scratch[]): Promise<ScratchedPhoto> {
  const clean = await sharp(photo).autoOrient().removeAlpha().png().toBuffer();
  const { width, height } = await sharp(clean).metadata();
  const scratched = await sharp(clean)
    .composite([{ input: Buffer.from(scratchSvg(width, height, scratches, false)) }])
    .png()
    .toBuffer();
  const alpha = await sharp(Buffer.from(scratchSvg(width, height, scratches, true)))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  return { scratched, clean, scratchAlpha: new Uint8Array(alpha), width, height };
}

/** A fixed set of scratches in relative coordinates (bright and dark, 1–3 px, long and short), scaled to a photo. */
export function typicalScratches(width: number, height: number): Scratch[] {
  const p = (x: number, y: number): [number, number] => [Math.round(x * width), Math.round(y * height)];
  const s = Math.max(1, Math.round(Math.min(width, height) / 400));
  return [
    { from: p(0.12, 0.05), via: p(0.2, 0.5), to: p(0.16, 0.95), width: 2 * s, colour: '#f4f1ea' },
    { from: p(0.55, 0.1), via: p(0.7, 0.3), to: p(0.92, 0.42), width: 1.5 * s, colour: '#ffffff', opacity: 0.85 },
    { from: p(0.3, 0.7), via: p(0.5, 0.62), to: p(0.8, 0.88), width: 2 * s, colour: '#1a1714' },
    { from: p(0.62, 0.55), via: p(0.64, 0.7), to: p(0.6, 0.85), width: 1 * s, colour: '#e8e4da' },
  ];
}
