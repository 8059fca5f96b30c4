/**
 * Puts a cut-out on a new background: place (move, scale) the cut-out layer, lay an optional contact
 * shadow, then alpha-composite ("over", straight alpha) onto the background pixels. Works on raw RGBA.
 */
import sharp from 'sharp';
import type { SubjectPlacement } from '../../../engine/backgrounds/params';
import type { RawImage } from './render';
import { contactShadow, type ShadowMap } from './shadow';

export interface ComposeInput {
  background: RawImage;
  /** The cut-out: RGBA with alpha, same size as the original photo. */
  cutout: RawImage;
  placement: SubjectPlacement;
  shadow: boolean;
}

/** The cut-out layer after scaling, and where its top-left corner lands on the canvas. */
export async function placeLayer(
  cutout: RawImage,
  canvasW: number,
  canvasH: number,
  placement: SubjectPlacement,
): Promise<RawImage & { left: number; top: number }> {
  const width = Math.max(1, Math.round(cutout.width * placement.scale));
  const height = Math.max(1, Math.round(cutout.height * placement.scale));
  const data =
    width === cutout.width && height === cutout.height
      ? cutout.data
      : // sharp premultiplies alpha around the resize, so edges do not pick up the colour of transparent pixels.
        await sharp(cutout.data, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
          .resize(width, height, { fit: 'fill' })
          .raw()
          .toBuffer();
  return { data, width, height, left: Math.round(placement.x * canvasW - width / 2), top: Math.round(placement.y * canvasH - height / 2) };
}

/** Lays black at `map` alpha over `out` (in place), clipped to the canvas. */
function applyShadow(out: Buffer, width: number, height: number, map: ShadowMap): void {
  for (let y = Math.max(0, map.top); y < Math.min(height, map.top + map.height); y++) {
    for (let x = Math.max(0, map.left); x < Math.min(width, map.left + map.width); x++) {
      const s = map.data[(y - map.top) * map.width + (x - map.left)] / 255;
      if (s === 0) continue;
      const i = (y * width + x) * 4;
      const bgA = out[i + 3] / 255;
      const outA = s + bgA * (1 - s);
      // Black over the background: colour keeps its share bgA·(1−s) of the new alpha.
      const keep = (bgA * (1 - s)) / outA;
      out[i] = Math.round(out[i] * keep);
      out[i + 1] = Math.round(out[i + 1] * keep);
      out[i + 2] = Math.round(out[i + 2] * keep);
      out[i + 3] = Math.round(outA * 255);
    }
  }
}

/** Straight-alpha "over" of the placed layer onto `out` (in place), clipped to the canvas. */
function applyLayer(out: Buffer, width: number, height: number, layer: RawImage & { left: number; top: number }): void {
  const y0 = Math.max(0, layer.top);
  const y1 = Math.min(height, layer.top + layer.height);
  const x0 = Math.max(0, layer.left);
  const x1 = Math.min(width, layer.left + layer.width);
  const src = layer.data;
  for (let y = y0; y < y1; y++) {
    let j = ((y - layer.top) * layer.width + (x0 - layer.left)) * 4;
    let i = (y * width + x0) * 4;
    for (let x = x0; x < x1; x++, i += 4, j += 4) {
      const a = src[j + 3];
      if (a === 0) continue;
      if (a === 255) {
        out[i] = src[j];
        out[i + 1] = src[j + 1];
        out[i + 2] = src[j + 2];
        out[i + 3] = 255;
        continue;
      }
      const fa = a / 255;
      const ba = (out[i + 3] / 255) * (1 - fa);
      const oa = fa + ba;
      out[i] = Math.round((src[j] * fa + out[i] * ba) / oa);
      out[i + 1] = Math.round((src[j + 1] * fa + out[i + 1] * ba) / oa);
      out[i + 2] = Math.round((src[j + 2] * fa + out[i + 2] * ba) / oa);
      out[i + 3] = Math.round(oa * 255);
    }
  }
}

/** The finished picture as RGBA at the background's size; `opaque` tells whether every pixel is opaque. */
export async function composeScene({ background, cutout, placement, shadow }: ComposeInput): Promise<RawImage & { opaque: boolean }> {
  const { width, height } = background;
  const out = Buffer.from(background.data); // never write into a cached background
  const layer = await placeLayer(cutout, width, height, placement);
  if (shadow) {
    const alpha = new Uint8Array(layer.width * layer.height);
    for (let p = 0, q = 3; p < alpha.length; p++, q += 4) alpha[p] = layer.data[q];
    const map = await contactShadow(alpha, layer.width, layer.height, layer.left, layer.top);
    if (map) applyShadow(out, width, height, map);
  }
  applyLayer(out, width, height, layer);
  let opaque = true;
  for (let i = 3; i < out.length; i += 4) {
    if (out[i] !== 255) {
      opaque = false;
      break;
    }
  }
  return { data: out, width, height, opaque };
}
