/**
 * Image extender (task type `aiextend`, page /tools/ai-image-extender): puts the photo in a larger frame (a preset
 * ratio or a custom size, see aiextendLayout.ts) and fills the new border.
 *
 * Fill: our own extender fill (server/src/models/inpaint/extendFill.ts) on the padded canvas, mask = the new border:
 * coarse to fine (structure from the photo's mirrored continuation at low resolution, then patch texture), each side
 * copied from the strip of the photo along it, at most EXTEND_MAX_COPIES uses of one source patch, the seam blended
 * into the photo's edge, and a mirrored, blurred continuation where the patches would copy recognisable (salient)
 * content; the photo's subject (IS-Net) is never copied, and where the photo's edge cuts it the border continues the
 * background beside it instead (extendObjects.ts). It continues textures (sky, walls, foliage, wood) and cannot
 * invent objects. A frame above EXTEND_FILL_MAX_PIXELS is filled on a scaled copy and only the filled border is
 * scaled back up: the photo's own pixels are copied into the result unchanged, exactly, at full resolution. The
 * border is therefore softer than the photo on big frames. bench/tools/extend.ts measures the seam.
 *
 * Generative outpainting: when a ComfyUI server is configured (COMFYUI_URL), a diffusion workflow
 * (LoadImage → ImagePadForOutpaint → VAEEncodeForInpaint → KSampler → VAEDecode) would be the better fill. It is not
 * implemented yet: with or without COMFYUI_URL this tool answers with the classical fill (a one-time warning says so).
 */
import { processConfig } from '../config/processConfig';
import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { ApiError } from '../envelope';
import { extendFill } from '../models/inpaint/extendFill';
import { subjectOfPhoto } from '../models/inpaint/extendSubject';
import { readInput, type Processor, type ProcessorContext } from '../tasks/processor';
import { extendLayout, parseExtendParams, type ExtendLayout, type ExtendParams } from './aiextendLayout';

/** The largest canvas filled at full resolution; bigger frames are filled on a scaled copy (the fill runs in this process). */
export const EXTEND_FILL_MAX_PIXELS = 400_000;

const raw = (width: number, height: number, channels: 1 | 3) => ({ raw: { width, height, channels } });

let warnedComfy = false;
function noteGenerativeFill(): void {
  if (warnedComfy || !processConfig().process.comfyConfigured) return;
  warnedComfy = true;
  console.warn('aiextend: COMFYUI_URL is set, but generative outpainting is not implemented yet; using the classical fill');
}

/** Upright, sRGB, 3-channel pixels; transparency flattened on white. Not an image → PARAMS_INVALID. */
async function decodeRgb(input: Buffer): Promise<{ rgb: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { rgb: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the input is not a readable image');
  }
}

/**
 * The canvas the fill works on (the photo scaled by `scale`, padded with its own edge colours) and its mask, raw;
 * mask 255 = the border to fill.
 */
async function fillInputs(rgb: Buffer, w: number, h: number, layout: ExtendLayout, scale: number) {
  const cw = Math.max(1, Math.round(layout.width * scale));
  const ch = Math.max(1, Math.round(layout.height * scale));
  const pl = Math.round(layout.left * scale);
  const pt = Math.round(layout.top * scale);
  const pw = Math.max(1, Math.min(cw - pl, Math.round((layout.left + w) * scale) - pl));
  const ph = Math.max(1, Math.min(ch - pt, Math.round((layout.top + h) * scale) - pt));
  const photo =
    scale < 1
      ? await sharp(rgb, raw(w, h, 3))
          .resize(pw, ph, { fit: 'fill' })
          .raw()
          .toBuffer()
      : rgb;
  const image = await sharp(photo, raw(pw, ph, 3))
    .extend({ left: pl, top: pt, right: cw - pl - pw, bottom: ch - pt - ph, extendWith: 'copy' })
    .raw()
    .toBuffer();
  const mask = new Uint8Array(cw * ch).fill(255);
  for (let y = pt; y < pt + ph; y++) mask.fill(0, y * cw + pl, y * cw + pl + pw);
  return { image, mask, cw, ch, rect: { left: pl, top: pt, width: pw, height: ph } };
}

/**
 * Runs `work`, polling ctx.checkCancelled once a second (aborting `work` through its signal when the user cancels)
 * and creeping the progress from `from` towards `to`, since G'MIC reports none.
 */
async function withTicker<T>(
  ctx: Pick<ProcessorContext, 'onProgress' | 'checkCancelled'>,
  from: number,
  to: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let cancelled: unknown = null;
  let progress = from;
  const timer = setInterval(() => {
    progress += (to - progress) * 0.08;
    ctx.onProgress(progress);
    ctx.checkCancelled().catch((err: unknown) => {
      cancelled ??= err;
      controller.abort();
    });
  }, 1000);
  try {
    const result = await work(controller.signal);
    if (cancelled) throw cancelled;
    return result;
  } catch (err) {
    throw cancelled ?? err;
  } finally {
    clearInterval(timer);
  }
}

/** Rejects with the signal's reason once it aborts (never settles otherwise). */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Border pixels this close to the photo are blended with the photo's mirror image at full resolution. */
export const SEAM_FEATHER_PX = 4;

/**
 * A border filled on a scaled copy comes back softer and up to half a pixel off; next to the photo that shows as a
 * step. The first SEAM_FEATHER_PX border pixels therefore fade from the photo's own mirrored pixels (seamless by
 * construction) into the fill. Photo pixels are not touched.
 */
function featherSeam(out: Buffer, rgb: Buffer, w: number, h: number, l: ExtendLayout): void {
  const W = l.width;
  const reflect = (v: number, n: number) => (v < 0 ? Math.min(n - 1, -v - 1) : v >= n ? Math.max(0, 2 * n - v - 1) : v);
  for (let y = Math.max(0, l.top - SEAM_FEATHER_PX); y < Math.min(l.height, l.top + h + SEAM_FEATHER_PX); y++) {
    for (let x = Math.max(0, l.left - SEAM_FEATHER_PX); x < Math.min(W, l.left + w + SEAM_FEATHER_PX); x++) {
      const px = x - l.left;
      const py = y - l.top;
      if (px >= 0 && px < w && py >= 0 && py < h) continue;
      const d = Math.max(px < 0 ? -px : px >= w ? px - w + 1 : 0, py < 0 ? -py : py >= h ? py - h + 1 : 0);
      const t = d / (SEAM_FEATHER_PX + 1);
      const src = (reflect(py, h) * w + reflect(px, w)) * 3;
      const dst = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) out[dst + k] = Math.round((1 - t) * rgb[src + k] + t * out[dst + k]);
    }
  }
}

/**
 * Extends a photo to the frame `params` asks for. Returns PNG bytes of the frame, with the (EXIF-upright) photo's
 * pixels unchanged at the layout's position and the border filled. `fillMaxPixels` (default EXTEND_FILL_MAX_PIXELS)
 * is the largest canvas filled at full resolution.
 */
export async function extendImage(
  input: Buffer,
  params: ExtendParams,
  ctx: Pick<ProcessorContext, 'onProgress' | 'checkCancelled'> = { onProgress: () => undefined, checkCancelled: async () => undefined },
  { fillMaxPixels = EXTEND_FILL_MAX_PIXELS, findSubject = true }: { fillMaxPixels?: number; findSubject?: boolean } = {},
): Promise<{ png: Buffer; layout: ExtendLayout }> {
  noteGenerativeFill();
  const { rgb, width: w, height: h } = await decodeRgb(input);
  const layout = extendLayout(params, w, h);
  ctx.onProgress(0.05);
  const scale = Math.min(1, Math.sqrt(fillMaxPixels / (layout.width * layout.height)));
  const { image, mask, cw, ch, rect } = await fillInputs(rgb, w, h, layout, scale);
  await ctx.checkCancelled();
  ctx.onProgress(0.1);

  const filled = await withTicker(ctx, 0.1, 0.85, async (signal) => {
    // The subject (IS-Net) is kept out of the border: not continued where the edge cuts it, never copied.
    // A cancel does not wait for the model (its run cannot be stopped; it ends on its own a moment later).
    const subject = findSubject ? await Promise.race([subjectOfPhoto(image, cw, ch, rect), untilAborted(signal)]) : null;
    return extendFill({ data: image, width: cw, height: ch, channels: 3 }, { data: mask, width: cw, height: ch }, rect, { signal, subject });
  });
  ctx.onProgress(0.9);
  if (filled.length !== cw * ch * 3) throw new ApiError(ResultCode.POST_PROCESS_FAILED, 'the fill came back at the wrong size');
  let frame = sharp(filled, raw(cw, ch, 3));
  if (scale < 1) frame = frame.resize(layout.width, layout.height, { fit: 'fill', kernel: 'lanczos3' });
  const out = await frame.raw().toBuffer();
  // The photo goes back in byte for byte: the fill only ever supplies the border.
  for (let y = 0; y < h; y++) rgb.copy(out, ((layout.top + y) * layout.width + layout.left) * 3, y * w * 3, (y + 1) * w * 3);
  featherSeam(out, rgb, w, h, layout);
  const png = await sharp(out, raw(layout.width, layout.height, 3))
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  ctx.onProgress(1);
  return { png, layout };
}

/**
 * `aiextend` task: params { ratio '1:1'|'4:3'|'3:4'|'16:9'|'9:16'|'custom', width?, height? (custom, ≤ 4096),
 * position { x, y } 0..1 } → PNG of the extended frame.
 */
export const aiextendProcessor: Processor = async (ctx) => {
  const params = parseExtendParams(ctx.params);
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const { png } = await extendImage(input, params, ctx);
  return { body: png, contentType: 'image/png', extension: 'png' };
};
