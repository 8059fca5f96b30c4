/** Damaged and header-forged images for tests (issue 16, finding 10), made from a generated picture. */
import sharp from 'sharp';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#2a6"/></svg>`) },
  ]);

/** Rewrites the frame size of a JPEG's start-of-frame segment (SOF0..SOF2) without touching its data. */
export function forgeJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i + 9 < out.length; ) {
    if (out[i] !== 0xff) throw new Error('not a JPEG segment');
    const marker = out[i + 1];
    const length = out.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

/** A 64×48 JPEG whose header claims 7000×7000 (the finding's example). */
export async function forgedJpeg(): Promise<Buffer> {
  return forgeJpegSize(await picture(64, 48).jpeg().toBuffer(), 7000, 7000);
}

/** A PNG cut off in the middle of its image data. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await picture(320, 240).png({ compressionLevel: 0 }).toBuffer();
  return png.subarray(0, Math.floor(png.length * 0.6));
}

/** A JPEG cut off in the middle of its entropy-coded data. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await picture(320, 240).jpeg().toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
}
