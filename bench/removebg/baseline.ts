/**
 * The cut-out pipeline as it was before issue 15 (main at f87f5ea), kept verbatim so the
 * benches print "before" and "after" in the same run: one IS-Net pass at a fixed 1024², the mask
 * stretched back to the photo, decontamination at full resolution. Not used by the server.
 */
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../engine/spec/limits';
import { decontaminateEdges } from './baselineDecontaminate';
import { ISNET_SIZE, runIsnet } from './baselineIsnet';

interface CutoutResult {
  png: Buffer;
  width: number;
  height: number;
  /** Full-resolution alpha (0..255), row-major; callers such as background change reuse it. */
  alpha: Uint8Array;
}

type ProgressFn = (fraction: number) => void;

/**
 * Cuts the salient subject out of a photo: IS-Net mask at 1024², upscaled to the input's
 * full resolution, edge colours decontaminated, PNG with alpha. EXIF orientation is applied
 * first, so the result is upright whatever the camera wrote.
 * @example const { png } = await removeBackground(await readFile('cat.jpg'))
 */
export async function removeBackgroundBefore(input: Buffer, onProgress: ProgressFn = () => undefined): Promise<CutoutResult> {
  // Decode once (upright, sRGB, 8-bit RGBA); every later step works from these pixels.
  const { data: rgba, info } = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  onProgress(0.1);

  const raw = { raw: { width, height, channels: 4 as const } };
  // Transparent areas of the input have undefined colour: show them to the model as white.
  const modelInput = await sharp(rgba, raw)
    .flatten({ background: '#ffffff' })
    .resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  onProgress(0.2);

  const prediction = await runIsnet(modelInput);
  onProgress(0.75);

  const mask1024 = Buffer.alloc(ISNET_SIZE * ISNET_SIZE);
  for (let i = 0; i < mask1024.length; i++) {
    const v = prediction[i];
    mask1024[i] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  // extractChannel: resizing a 1-channel raw buffer otherwise comes back as 3-channel sRGB.
  const alphaBuf = await sharp(mask1024, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = new Uint8Array(alphaBuf.buffer, alphaBuf.byteOffset, width * height);
  // Keep any transparency the input already had.
  for (let i = 0; i < alpha.length; i++) {
    const inputAlpha = rgba[i * 4 + 3];
    if (inputAlpha < 255) alpha[i] = Math.round((alpha[i] * inputAlpha) / 255);
  }
  onProgress(0.8);

  decontaminateEdges(rgba, alpha, width, height);
  onProgress(0.9);

  const png = await sharp(rgba, raw).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  onProgress(1);
  return { png, width, height, alpha };
}
