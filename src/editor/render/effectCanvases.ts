/**
 * Offscreen 2D canvas drawing of the effects made from a layer's raster (see rasterize.ts):
 * the projected shadow, the backdrop seen in the layer's local frame. Each returns a new canvas.
 */
import type { LayerRaster } from './rasterize';
import { type Matrix, multiply } from './localFrame';
import type { ProjectedShadowPlan } from './projectedShadow';
import type { ReflectionGeometry } from '../../../engine/effects/reflection';

/** Longest side of an effect canvas made from a raster. */
const MAX_SIDE = 4096;

export function newCanvas(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas context unavailable');
  return { canvas, ctx };
}

/** The raster's shape filled with `color`, faded from `topAlpha` (row 0) to `bottomAlpha` (last row). */
export function fadedSilhouette(raster: LayerRaster, color: string, topAlpha: number, bottomAlpha: number): HTMLCanvasElement {
  const { canvas, ctx } = newCanvas(raster.canvas.width, raster.canvas.height);
  ctx.drawImage(raster.canvas, 0, 0);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.globalCompositeOperation = 'destination-in';
  const fade = ctx.createLinearGradient(0, 0, 0, canvas.height);
  fade.addColorStop(0, `rgba(0,0,0,${topAlpha})`);
  fade.addColorStop(1, `rgba(0,0,0,${bottomAlpha})`);
  ctx.fillStyle = fade;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * The 3D shadow as a canvas covering plan.bounds (content units): the silhouette (far end at
 * its top row) laid on the ground strip by strip, then blurred.
 */
export function projectedShadowCanvas(raster: LayerRaster, plan: ProjectedShadowPlan, color: string): HTMLCanvasElement {
  const { bounds } = plan;
  const scale = Math.min(raster.scale, MAX_SIDE / Math.max(1, bounds.width, bounds.height));
  const shape = fadedSilhouette(raster, color, plan.opacityFar, plan.opacityNear);
  const ground = newCanvas(bounds.width * scale, bounds.height * scale);
  const toPixels: Matrix = [scale, 0, 0, scale, -bounds.x * scale, -bounds.y * scale];
  const rs = raster.scale;
  for (const strip of plan.strips) {
    const m = multiply(toPixels, strip.matrix);
    ground.ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
    // Half a pixel of overlap hides the seams between strips.
    const pad = 0.5 / rs;
    const sy = Math.max(0, strip.y0 * rs);
    const sh = Math.min(raster.canvas.height - sy, (strip.y1 - strip.y0 + pad) * rs);
    if (sh <= 0) continue;
    ground.ctx.drawImage(shape, 0, sy, shape.width, sh, 0, strip.y0, raster.box.width, sh / rs);
  }
  if (plan.blur <= 0) return ground.canvas;
  const blurred = newCanvas(ground.canvas.width, ground.canvas.height);
  blurred.ctx.filter = `blur(${plan.blur * scale}px)`;
  blurred.ctx.drawImage(ground.canvas, 0, 0);
  return blurred.canvas;
}

/**
 * The pixels of a full-canvas `backdrop` (at `backdropScale` px per canvas px) that lie under the
 * layer, resampled into its local frame at the raster's size: what the layer is blended against.
 */
export function localBackdrop(backdrop: HTMLCanvasElement, toLocalPixels: Matrix, raster: LayerRaster): HTMLCanvasElement {
  const { canvas, ctx } = newCanvas(raster.canvas.width, raster.canvas.height);
  ctx.setTransform(toLocalPixels[0], toLocalPixels[1], toLocalPixels[2], toLocalPixels[3], toLocalPixels[4], toLocalPixels[5]);
  ctx.drawImage(backdrop, 0, 0);
  return canvas;
}

/**
 * The reflection as a canvas covering `bounds` (content units): the raster's bottom rows mirrored
 * by the geometry's transform, faded from opacityTop next to the layer to 0 at the far end.
 */
export function reflectionCanvas(
  raster: LayerRaster,
  g: ReflectionGeometry,
  bounds: { x: number; y: number; width: number; height: number },
): HTMLCanvasElement {
  const scale = Math.min(raster.scale, MAX_SIDE / Math.max(1, bounds.width, bounds.height));
  const { canvas, ctx } = newCanvas(bounds.width * scale, bounds.height * scale);
  const m = multiply([scale, 0, 0, scale, -bounds.x * scale, -bounds.y * scale], g.transform);
  ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
  const rs = raster.scale;
  const sy = g.sourceY * rs;
  const sh = Math.min(raster.canvas.height - sy, g.sourceHeight * rs);
  if (sh > 0) ctx.drawImage(raster.canvas, 0, sy, raster.canvas.width, sh, 0, g.sourceY, raster.box.width, sh / rs);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'destination-in';
  const top = (g.y - bounds.y) * scale;
  const fade = ctx.createLinearGradient(0, top, 0, top + g.height * scale);
  fade.addColorStop(0, `rgba(0,0,0,${g.opacityTop})`);
  fade.addColorStop(1, `rgba(0,0,0,${g.opacityBottom})`);
  ctx.fillStyle = fade;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}
