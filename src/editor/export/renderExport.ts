/**
 * Export of a document to an image (SPEC §1, §5, §9): drawn offscreen by the live stage's own node
 * components (the scene's drawLayers.ts), at the export size, without selection or guides.
 * PNG keeps alpha; JPG is flattened onto white. Options flipY / unpremultiply: see pixels.ts.
 */
import type { AssetStore } from '../../../engine/assets/AssetStore';
import type { Project } from '../../../engine/doc/types';
import type { ExportFormat } from '../../../engine/spec/kinds';
import { EXPORT_QUALITY } from '../../../engine/spec/limits';
import { applyCanvasEffects } from '../render/canvasWideEffects';
import { flipRowsY, unpremultiplyRgba } from './pixels';
import { exportSide, renderLayersToCanvas, type RenderSize } from '../scene/offscreen/drawLayers';

export type { RenderSize } from '../scene/offscreen/drawLayers';

export interface ExportProjectOptions {
  format: ExportFormat;
  /** 0..1 (JPG only), default EXPORT_QUALITY (1). */
  quality?: number;
  /** Reverse the row order (bottom-up consumers). */
  flipY?: boolean;
  /** Divide rgb by alpha; only for premultiplied sources (see pixels.ts). */
  unpremultiply?: boolean;
  /** Default: the project's exportW / exportH. */
  width?: number;
  height?: number;
}

/**
 * Draws the document into a new canvas of exactly width × height pixels: its layers, then the
 * canvas-wide adjustments and filter (project.adjustParams / filterParams) over the whole
 * composite, at full size through the effect renderer.
 * @example const canvas = await renderProjectToCanvas(project, editor.assets, { width: 2160, height: 2160 })
 */
export async function renderProjectToCanvas(project: Project, assets: AssetStore | null, size: RenderSize): Promise<HTMLCanvasElement> {
  const canvas = await renderLayersToCanvas(project, assets, size);
  return applyCanvasEffects(canvas, project);
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob returned null'))), type, quality);
  });
}

/** JPG has no alpha: flatten onto white (a bare canvas would encode transparent as black). */
function flattenOnWhite(source: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas context unavailable');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0);
  return canvas;
}

function postProcess(canvas: HTMLCanvasElement, flipY: boolean, unpremultiply: boolean): void {
  if (!flipY && !unpremultiply) return;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas context unavailable');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  if (unpremultiply) unpremultiplyRgba(image.data);
  if (flipY) flipRowsY(image.data, image.width, image.height);
  ctx.putImageData(image, 0, 0);
}

/**
 * The document as a PNG or JPG blob at the export size (default exportW × exportH).
 * @example const blob = await exportProject(project, editor.assets, { format: 'jpg' })
 */
export async function exportProject(project: Project, assets: AssetStore | null, options: ExportProjectOptions): Promise<Blob> {
  const width = exportSide(options.width, project.exportW || project.canvasW);
  const height = exportSide(options.height, project.exportH || project.canvasH);
  let canvas = await renderProjectToCanvas(project, assets, { width, height });
  if (options.format === 'jpg') canvas = flattenOnWhite(canvas);
  postProcess(canvas, options.flipY ?? false, options.unpremultiply ?? false);
  return options.format === 'jpg' ? toBlob(canvas, 'image/jpeg', options.quality ?? EXPORT_QUALITY) : toBlob(canvas, 'image/png');
}

/** Thumbnail size: the longest side `maxSide`, never larger than the canvas. */
export function thumbnailSize(canvasW: number, canvasH: number, maxSide: number): RenderSize {
  const scale = Math.min(1, maxSide / Math.max(1, canvasW, canvasH));
  return { width: Math.max(1, Math.round(canvasW * scale)), height: Math.max(1, Math.round(canvasH * scale)) };
}

/**
 * A small PNG of the document for the project list (longest side `maxSide`).
 * @example const thumb = await exportThumbnail(project, editor.assets)
 */
export async function exportThumbnail(project: Project, assets: AssetStore | null, maxSide = 320): Promise<Blob> {
  const canvas = await renderProjectToCanvas(project, assets, thumbnailSize(project.canvasW, project.canvasH, maxSide));
  return toBlob(canvas, 'image/png');
}
