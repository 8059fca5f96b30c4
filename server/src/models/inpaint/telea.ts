import type { BinaryMask, Raster } from './raster';
import { loadOpenCv } from './opencv';

/**
 * Telea fast-marching inpainting (OpenCV) on raw pixels (or, with method 'ns', OpenCV's Navier-Stokes inpainting,
 * which transports the border's isophotes instead: a second smooth guess with errors of its own). cv.inpaint takes 1
 * or 3 channels, so the colour and (when present) the alpha channel are filled separately. Every Mat is freed: the
 * wasm heap is not garbage collected.
 */
export async function runTelea(raster: Raster, mask: BinaryMask, radius: number, method: 'telea' | 'ns' = 'telea'): Promise<Buffer> {
  const cv = await loadOpenCv();
  const flag = method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA;
  const { width: w, height: h, channels: c } = raster;
  const n = w * h;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = raster.data[i * c];
    rgb[i * 3 + 1] = raster.data[i * c + 1];
    rgb[i * 3 + 2] = raster.data[i * c + 2];
  }
  const filledRgb = inpaintPlane(cv, rgb, mask, cv.CV_8UC3, radius, flag);
  let filledAlpha: Uint8Array | null = null;
  if (c === 4) {
    const alpha = new Uint8Array(n);
    for (let i = 0; i < n; i++) alpha[i] = raster.data[i * 4 + 3];
    filledAlpha = inpaintPlane(cv, alpha, mask, cv.CV_8UC1, radius, flag);
  }
  const out = Buffer.alloc(n * c);
  for (let i = 0; i < n; i++) {
    out[i * c] = filledRgb[i * 3];
    out[i * c + 1] = filledRgb[i * 3 + 1];
    out[i * c + 2] = filledRgb[i * 3 + 2];
    if (filledAlpha) out[i * 4 + 3] = filledAlpha[i];
  }
  return out;
}

function inpaintPlane(
  cv: Awaited<ReturnType<typeof loadOpenCv>>,
  pixels: Uint8Array,
  mask: BinaryMask,
  type: number,
  radius: number,
  flag: number,
): Uint8Array {
  const src = new cv.Mat(mask.height, mask.width, type);
  const m = new cv.Mat(mask.height, mask.width, cv.CV_8UC1);
  const dst = new cv.Mat(mask.height, mask.width, type);
  try {
    src.data.set(pixels);
    m.data.set(mask.data);
    cv.inpaint(src, m, dst, radius, flag);
    return new Uint8Array(dst.data); // copy out before the Mat is freed
  } finally {
    src.delete();
    m.delete();
    dst.delete();
  }
}
