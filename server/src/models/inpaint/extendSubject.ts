/**
 * The photo's subject for the extender (extendObjects.ts): IS-Net, the cut-out model, on the photo part of the canvas
 * at 1024², thresholded at half and scaled back to the photo's place in the canvas. A classical rule (colours of the
 * middle against the edges, edge strength) was tried first and found almost none of the objects cut by the border
 * on the tuning photos (the suit's shadowed edge, the cat's fur share colours with the background). Without the model
 * (not downloaded, failed to load) the extender goes on without it, as before: objects then continue into the border.
 */
import sharp from 'sharp';
import { ISNET_SIZE, runIsnet } from '../isnet';
import type { PhotoRect } from './extendMirror';

let warned = false;

/**
 * Canvas-sized map (1 = the photo's subject) of the photo at `rect` in the raw RGB canvas `canvas` (`width` px wide),
 * or null when the model cannot run.
 */
export async function subjectOfPhoto(canvas: Buffer, width: number, height: number, rect: PhotoRect): Promise<Uint8Array | null> {
  try {
    const input = await sharp(canvas, { raw: { width, height, channels: 3 } })
      .extract({ left: rect.left, top: rect.top, width: rect.width, height: rect.height })
      .resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();
    const prediction = await runIsnet(input);
    const bytes = Buffer.alloc(ISNET_SIZE * ISNET_SIZE);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(prediction[i] * 255)));
    const alpha = await sharp(bytes, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
      .resize(rect.width, rect.height, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const map = new Uint8Array(width * height);
    for (let y = 0; y < rect.height; y++) {
      for (let x = 0; x < rect.width; x++) map[(rect.top + y) * width + rect.left + x] = alpha[y * rect.width + x] > 127 ? 1 : 0;
    }
    return map;
  } catch (err) {
    if (!warned)
      console.warn(`aiextend: no subject model (${err instanceof Error ? err.message : String(err)}); objects cut by the border will continue into it`);
    warned = true;
    return null;
  }
}
