/**
 * Noise overlays (paper fibre, grain, mottling, marble veins) as SVG feTurbulence. Turbulence is slow to
 * rasterise at full size, so the server draws it small (a seamless tile, or a small image it stretches).
 */
import type { NoiseOverlay } from '../types';
import { n } from './util';
import { parseColor } from '../../doc/color';

/** Noise frequencies are given for a 512 px short side; features keep their size relative to the image. */
export const NOISE_REFERENCE = 512;

/**
 * An SVG of `width` × `height` whose colour is `overlay.color` and whose alpha is the noise.
 * `imageShortSide` is the short side of the final image, `scale` the size of this drawing relative to it.
 */
export function noiseSvg(overlay: NoiseOverlay, width: number, height: number, imageShortSide: number, scale = 1): string {
  const f = (overlay.freq * NOISE_REFERENCE) / (imageShortSide * scale);
  const fx = f / (overlay.stretchX ?? 1);
  const { r, g, b } = parseColor(overlay.color);
  // Alpha from the noise's red channel; the colour is constant (sRGB so the matrix means what it says).
  const matrix = `0 0 0 0 ${n(r / 255)} 0 0 0 0 ${n(g / 255)} 0 0 0 0 ${n(b / 255)} ${overlay.contrast} 0 0 0 ${overlay.bias}`;
  const shape = overlay.exponent
    ? `<feComponentTransfer><feFuncA type="gamma" amplitude="1" exponent="${overlay.exponent}" offset="0"/></feComponentTransfer>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<filter id="f" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
    `<feTurbulence type="${overlay.type}" baseFrequency="${fx.toPrecision(4)} ${f.toPrecision(4)}" numOctaves="${overlay.octaves}" seed="${overlay.seed}"${overlay.tile ? ' stitchTiles="stitch"' : ''}/>` +
    `<feColorMatrix type="matrix" values="${matrix}"/>${shape}` +
    `<feComponentTransfer><feFuncA type="linear" slope="${overlay.opacity}" intercept="0"/></feComponentTransfer>` +
    `</filter><rect width="${width}" height="${height}" filter="url(#f)"/></svg>`
  );
}
